/* Loops: counted, down-counting, nested, while/do-while, break/continue,
 * loop-carried values, induction variables of several widths, early exits
 * and loops the optimiser vectorises or unrolls. */
#include "dt.h"

static int data[256];

__attribute__((noinline)) static long sum_stride(const int *a, int n, int stride) {
  long s = 0;
  for (int i = 0; i < n; i += stride) s += a[i];
  return s;
}

__attribute__((noinline)) static int find_first(const int *a, int n, int key) {
  for (int i = 0; i < n; i++)
    if (a[i] == key) return i;
  return -1;
}

__attribute__((noinline)) static unsigned collatz_steps(unsigned long n) {
  unsigned steps = 0;
  while (n != 1) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}

__attribute__((noinline)) static void matmul(int n, const double *a, const double *b, double *c) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

/* Vectorisable reductions and maps. */
__attribute__((noinline)) static void saxpy(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}
__attribute__((noinline)) static uint32_t xor_reduce(const uint32_t *a, int n) {
  uint32_t r = 0;
  for (int i = 0; i < n; i++) r ^= a[i] * 2654435761u;
  return r;
}
__attribute__((noinline)) static int count_if(const short *a, int n, short lo, short hi) {
  int c = 0;
  for (int i = 0; i < n; i++) c += a[i] >= lo && a[i] < hi;
  return c;
}

int main(void) {
  int n = OPAQUE(256);
  for (int i = 0; i < n; i++) data[i] = (i * 37 + 11) % 101 - 50;
  printf("stride %ld %ld %ld\n", sum_stride(data, n, 1), sum_stride(data, n, 3), sum_stride(data, n, 17));
  printf("find %d %d %d\n", find_first(data, n, 0), find_first(data, n, 49), find_first(data, n, 1000));

  /* Down-counting with unsigned and 8-bit induction variables. */
  unsigned acc = 0;
  for (unsigned u = OPAQUE(100u); u-- > 0;) acc = acc * 3 + u;
  for (uint8_t c = OPAQUE((uint8_t)250); c != 4; c++) acc += c;
  for (int16_t s = OPAQUE((int16_t)-300); s < 300; s += 7) acc ^= (unsigned)s << 3;
  printf("iv %u\n", acc);

  /* Nested with break/continue and labels. */
  int hits = 0;
  for (int i = 0; i < 40; i++) {
    if (i % 3 == 0) continue;
    for (int j = 0; j < 40; j++) {
      if (j > i) break;
      if ((i ^ j) & 4) continue;
      hits += i * j % 7;
      if (hits > 5000) goto done;
    }
  }
done:
  printf("nested %d\n", hits);

  /* do-while and while with complex conditions. */
  int x = OPAQUE(1), y = OPAQUE(1000), steps = 0;
  do {
    x = x * 2 + 1;
    y -= x / 3;
    steps++;
  } while (x < y && steps < 100);
  printf("dowhile %d %d %d\n", x, y, steps);

  unsigned long cs = 0;
  for (unsigned long k = 1; k < 2000; k++) cs += collatz_steps(OPAQUE(k));
  printf("collatz %lu %u\n", cs, collatz_steps(OPAQUE(837799UL)));

  double a[36], b[36], c[36];
  for (int i = 0; i < 36; i++) { a[i] = i * 0.5 - 3; b[i] = (i % 7) - 2.25; }
  matmul(OPAQUE(6), a, b, c);
  double tr = 0;
  for (int i = 0; i < 6; i++) tr += c[i * 6 + i];
  printf("matmul %.6f %.6f %.6f\n", c[0], c[35], tr);

  float fx[103], fy[103];
  for (int i = 0; i < 103; i++) { fx[i] = (float)i * 0.25f; fy[i] = (float)(103 - i); }
  saxpy(OPAQUE(103), 1.5f, fx, fy);
  float fs = 0;
  for (int i = 0; i < 103; i++) fs += fy[i];
  printf("saxpy %.3f %.3f\n", (double)fs, (double)fy[101]);

  uint32_t u32[1000];
  short sh[1000];
  for (int i = 0; i < 1000; i++) { u32[i] = (uint32_t)i * 0x9e3779b9u; sh[i] = (short)(i * 131 - 60000 / 7); }
  printf("reduce %08x count %d %d\n", xor_reduce(u32, OPAQUE(1000)), count_if(sh, OPAQUE(1000), -100, 2000),
         count_if(sh, OPAQUE(999), -30000, 0));
  return 0;
}
