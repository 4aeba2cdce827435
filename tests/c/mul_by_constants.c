/* Multiplication by constants (LLVM turns many into shifts, adds and leas)
 * at 32 and 64 bits, signed and unsigned, every amount
 * from -70 to 300 and around powers of two, on values at the edges; and
 * compares computed in one block and used in others (branches, selects,
 * extensions), which the selector rebuilds where they are used. */
#include "dt.h"

#define M(k)                                                                   \
  dt_mix((uint64_t)(x32 * (uint32_t)(k)));                                     \
  dt_mix((uint64_t)(x64 * (uint64_t)(k)));                                     \
  dt_mix((uint64_t)(int64_t)(int32_t)((uint32_t)s32 * (uint32_t)(k)));

#define M10(b) M(b) M(b + 1) M(b + 2) M(b + 3) M(b + 4) M(b + 5) M(b + 6) M(b + 7) M(b + 8) M(b + 9)

static const uint64_t vals[] = {0, 1, 2, 3, 7, 0x7f, 0x80, 0xff, 0x7fff, 0xffff, 0x7fffffff,
                                0x80000000u, 0xffffffffu, 0x123456789abcdefULL,
                                0x8000000000000000ULL, ~0ULL, 0x5555555555555555ULL};
#define NV (int)(sizeof vals / sizeof vals[0])

__attribute__((noinline)) static int pick(int a, int b, int c, int *out) {
  int lt = a < b; /* one compare, read in three other blocks */
  int r = 0;
  if (c > 0) {
    if (lt) r += 3;
    out[0] = lt ? a : b;
  } else {
    r += lt;
    out[0] = lt;
  }
  if (c & 4) r += lt ? 100 : 200;
  return r;
}

__attribute__((noinline)) static double fpick(double a, double b, int c) {
  int lt = a < b;
  double r = 0;
  if (c) r = lt ? a : b;
  else r = lt ? 1.5 : -2.5;
  return r + (lt ? 0.25 : 0.5);
}

int main(void) {
  for (int i = 0; i < NV; i++) {
    uint64_t x64 = OPAQUE(vals[i]);
    uint32_t x32 = (uint32_t)x64;
    int32_t s32 = (int32_t)OPAQUE((uint32_t)vals[NV - 1 - i]);
    M10(-70) M10(-60) M10(-50) M10(-40) M10(-30) M10(-20) M10(-10)
    M10(0) M10(10) M10(20) M10(30) M10(40) M10(50) M10(60) M10(70) M10(80) M10(90)
    M10(100) M10(110) M10(120) M10(130) M10(140) M10(150) M10(160) M10(170) M10(180)
    M10(190) M10(200) M10(210) M10(220) M10(230) M10(240) M10(250) M10(260) M10(270)
    M10(280) M10(290)
    M(510) M(511) M(513) M(514) M(1022) M(1023) M(1025) M(1026) M(4095) M(4097)
    M(65535) M(65537) M(65538) M(2147483647) M(1u << 31 | 1) M(0x100000001ULL)
    M(0x7fffffffffffffffULL) M(0x8000000000000001ULL) M(0x4000000000000002ULL)
    printf("%2d %016llx\n", i, (unsigned long long)dt_hash);
  }
  int out = 0;
  for (int a = -2; a <= 2; a++)
    for (int c = -1; c <= 5; c++) {
      int r = pick(a, OPAQUE(0), c, &out);
      printf("pick %d %d: %d %d %.2f\n", a, c, r, out, fpick(a * 0.5, OPAQUE(0.25), c & 1));
    }
  return 0;
}
