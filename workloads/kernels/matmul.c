/* Matrix multiply: double-precision naive i-k-j and blocked products, and
   an integer product, of 192x192 matrices. */
#include "common.h"

#define N 192

static double A[N][N], B[N][N], C[N][N];
static int32_t IA[N][N], IB[N][N], IC[N][N];

static void mul_ikj(void) {
  memset(C, 0, sizeof C);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++) {
      double a = A[i][k];
      for (int j = 0; j < N; j++) C[i][j] += a * B[k][j];
    }
}

static void mul_blocked(void) {
  enum { T = 32 };
  memset(C, 0, sizeof C);
  for (int ii = 0; ii < N; ii += T)
    for (int kk = 0; kk < N; kk += T)
      for (int jj = 0; jj < N; jj += T)
        for (int i = ii; i < ii + T; i++)
          for (int k = kk; k < kk + T; k++) {
            double a = A[i][k];
            for (int j = jj; j < jj + T; j++) C[i][j] += a * B[k][j];
          }
}

static void mul_int(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int32_t s = 0;
      for (int k = 0; k < N; k++) s += IA[i][k] * IB[k][j];
      IC[i][j] = s;
    }
}

static double trace_sum(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += C[i][j] * (double)((i ^ j) & 7);
  return s;
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  rng_seed(7);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)(rng_next() % 2001) / 1000.0 - 1.0;
      B[i][j] = (double)(rng_next() % 2001) / 1000.0 - 1.0;
      IA[i][j] = (int32_t)(rng_next() % 201) - 100;
      IB[i][j] = (int32_t)(rng_next() % 201) - 100;
    }
  for (int r = 0; r < 16 * s; r++) {
    mul_ikj();
    printf("ikj %d %.6f\n", r, trace_sum());
    mul_blocked();
    printf("blocked %d %.6f\n", r, trace_sum());
    mul_int();
    int64_t h = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) h = h * 3 + IC[i][j];
    printf("int %d %lld\n", r, (long long)h);
    A[r % N][(r * 7) % N] += 0.5;
    IA[(r * 3) % N][r % N] += 1;
  }
  return 0;
}
