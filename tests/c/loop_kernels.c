/* Loop kernels whose code depends on how addresses, reductions and
 * negated products are selected: column walks of 2-D arrays (gathered
 * lanes at row strides), vectorised integer and float reductions carried
 * around the loop, and updates of the form x - a*b*c written with a
 * negated factor (nbody's), at several sizes and strides. */
#include "dt.h"

#define N 24

static int32_t IA[N][N], IB[N][N], IC[N][N];
static double DA[N][N], DB[N][N], DC[N][N];
static double px[N], py[N], vx[N], vy[N], m[N];

__attribute__((noinline)) static void mul_int(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int32_t s = 0;
      for (int k = 0; k < n; k++) s += IA[i][k] * IB[k][j];
      IC[i][j] = s;
    }
}

__attribute__((noinline)) static void mul_ikj(int n) {
  memset(DC, 0, sizeof DC);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double a = DA[i][k];
      for (int j = 0; j < n; j++) DC[i][j] += a * DB[k][j];
    }
}

__attribute__((noinline)) static int64_t column_sums(int col, int stride) {
  int64_t s = 0;
  for (int r = 0; r < N; r += stride) s += (int64_t)IB[r][col] * (r + 1);
  return s;
}

__attribute__((noinline)) static uint32_t xor_reduce(const uint32_t *p, int n) {
  uint32_t a = 0, b = 0;
  for (int i = 0; i < n; i++) {
    a ^= p[i] * 2654435761u;
    b += p[i] >> 3;
  }
  return a + b;
}

__attribute__((noinline)) static double dot(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}

__attribute__((noinline)) static void advance(int n, double dt) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = px[i] - px[j], dy = py[i] - py[j];
      double d2 = dx * dx + dy * dy + 0.01;
      double mag = dt / (d2 * 1.5);
      vx[i] -= dx * m[j] * mag;
      vy[i] += m[j] * -dy * mag;
      vx[j] += dx * m[i] * mag;
      vy[j] = vy[j] - (-dy) * m[i] * mag;
    }
  for (int i = 0; i < n; i++) {
    px[i] += dt * vx[i];
    py[i] -= -dt * vy[i];
  }
}

int main(void) {
  uint32_t seed = OPAQUE(12345u);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      seed = seed * 1103515245u + 12345u;
      IA[i][j] = (int32_t)(seed >> 16) % 201 - 100;
      IB[i][j] = (int32_t)(seed >> 8) % 199 - 99;
      DA[i][j] = (double)((int32_t)(seed >> 12) % 2001) / 1000.0;
      DB[i][j] = (double)((int32_t)(seed >> 4) % 1999) / 500.0 - 2.0;
    }
  for (int i = 0; i < N; i++) {
    px[i] = i * 0.75;
    py[i] = (i % 5) * -1.25;
    vx[i] = vy[i] = 0;
    m[i] = 1.0 + (i % 3);
  }
  int sizes[] = {1, 3, 7, 8, 16, 24};
  for (int s = 0; s < 6; s++) {
    int n = OPAQUE(sizes[s]);
    mul_int(n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) dt_mix((uint64_t)(int64_t)IC[i][j]);
    dt_report("mul_int");
    mul_ikj(n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) dt_mix((uint64_t)(int64_t)(DC[i][j] * 1e6));
    dt_report("mul_ikj");
    printf("dot %d %.9f\n", n, dot(&DA[1][0], &DB[2][0], n * (N - 2)));
    printf("xor %d %u\n", n, xor_reduce((const uint32_t *)&IA[0][0], n * N));
  }
  for (int c = 0; c < N; c += 5)
    for (int st = 1; st <= 4; st++) printf("col %d %d %lld\n", c, st, (long long)column_sums(OPAQUE(c), OPAQUE(st)));
  for (int step = 0; step < 20; step++) advance(OPAQUE(N), 0.01);
  for (int i = 0; i < N; i++) printf("body %d %.6f %.6f %.6f %.6f\n", i, px[i], py[i], vx[i], vy[i]);
  return 0;
}
