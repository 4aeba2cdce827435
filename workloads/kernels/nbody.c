/* Floating-point n-body: a leapfrog integration of gravitating bodies
   (doubles, sqrt, division), plus the system's energy. */
#include "common.h"
#include <math.h>

#define NB 64

typedef struct {
  double x, y, z, vx, vy, vz, m;
} Body;

static Body b[NB];

static void advance(double dt) {
  for (int i = 0; i < NB; i++) {
    Body *bi = &b[i];
    for (int j = i + 1; j < NB; j++) {
      Body *bj = &b[j];
      double dx = bi->x - bj->x, dy = bi->y - bj->y, dz = bi->z - bj->z;
      double d2 = dx * dx + dy * dy + dz * dz + 0.01;
      double mag = dt / (d2 * sqrt(d2));
      bi->vx -= dx * bj->m * mag; bi->vy -= dy * bj->m * mag; bi->vz -= dz * bj->m * mag;
      bj->vx += dx * bi->m * mag; bj->vy += dy * bi->m * mag; bj->vz += dz * bi->m * mag;
    }
  }
  for (int i = 0; i < NB; i++) {
    b[i].x += dt * b[i].vx; b[i].y += dt * b[i].vy; b[i].z += dt * b[i].vz;
  }
}

static double energy(void) {
  double e = 0;
  for (int i = 0; i < NB; i++) {
    e += 0.5 * b[i].m * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz);
    for (int j = i + 1; j < NB; j++) {
      double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
      e -= b[i].m * b[j].m / sqrt(dx * dx + dy * dy + dz * dz + 0.01);
    }
  }
  return e;
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  rng_seed(5);
  for (int i = 0; i < NB; i++) {
    b[i].x = (double)(rng_next() % 20001) / 1000.0 - 10.0;
    b[i].y = (double)(rng_next() % 20001) / 1000.0 - 10.0;
    b[i].z = (double)(rng_next() % 20001) / 1000.0 - 10.0;
    b[i].vx = b[i].vy = b[i].vz = 0;
    b[i].m = 1.0 + (double)(rng_next() % 1000) / 100.0;
  }
  printf("e0 %.9f\n", energy());
  for (int r = 0; r < 40 * s; r++) {
    for (int k = 0; k < 400; k++) advance(0.001);
    printf("step %d e %.9f\n", r, energy());
  }
  return 0;
}
