/* long double (x87 80-bit): arithmetic, comparisons, conversions to and
 * from every integer width and float/double, passing and returning,
 * arrays and structs of long double, and library calls. */
#include <math.h>
#include "dt.h"

#define NI __attribute__((noinline))

NI static long double poly(long double x, const long double *c, int n) {
  long double r = 0;
  for (int i = n - 1; i >= 0; i--) r = r * x + c[i];
  return r;
}
NI static long double mix(int a, long double b, double c, long double d, float e) { return a * b - c / d + e; }
NI static int cmp(long double a, long double b) { return (a < b) | (a <= b) << 1 | (a == b) << 2 | (a != b) << 3 | (a > b) << 4 | (a >= b) << 5; }
NI static uint64_t to_u64(long double x) { return (uint64_t)x; }
NI static int64_t to_i64(long double x) { return (int64_t)x; }
NI static int32_t to_i32(long double x) { return (int32_t)x; }
NI static uint16_t to_u16(long double x) { return (uint16_t)x; }
NI static int8_t to_i8(long double x) { return (int8_t)x; }
NI static long double from_u64(uint64_t x) { return x; }
NI static long double from_i64(int64_t x) { return x; }
NI static long double from_u32(uint32_t x) { return x; }
NI static long double from_i16(int16_t x) { return x; }
NI static double to_d(long double x) { return (double)x; }
NI static float to_f(long double x) { return (float)x; }

struct ldpair { long double a; int tag; };
NI static struct ldpair swap_tag(struct ldpair p) { p.a = -p.a; p.tag ^= 0xff; return p; }

int main(void) {
  long double third = OPAQUE(1.0L) / 3;
  printf("third %.21Lg %La\n", third, third);
  printf("ops %La %La %La %La\n", third + 2, third - 2, third * 3, third / 7);
  long double big = OPAQUE(1e4000L);
  printf("big %Lg %Lg %Lg\n", big, big * big, 1 / big);
  printf("sqrt %La fabs %La\n", sqrtl(OPAQUE(2.0L)), fabsl(-third));
  static const long double coef[] = {1, -0.5L, 1.0L / 24, -1.0L / 720, 1.0L / 40320};
  printf("poly %.18Lf\n", poly(OPAQUE(0.5L), coef, 5));
  printf("mix %.18Lf\n", mix(OPAQUE(3), third, 2.5, 0.125L, 1.5f));
  static const long double v[] = {-1e20L, -2, -0.0L, 0, 1e-4940L, 1, 3.5L, 1e20L};
  unsigned h = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) h = h * 5 + (unsigned)cmp(OPAQUE(v[i]), v[j]);
  long double z = OPAQUE(0.0L);
  long double nan = z / z;
  for (int i = 0; i < 8; i++) h = h * 5 + (unsigned)cmp(nan, v[i]);
  printf("cmp %08x\n", h);
  static const uint64_t u[] = {0, 1, 0xffffffffu, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
                               0xffffffffffffffffULL, 0x123456789abcdefULL};
  for (unsigned i = 0; i < sizeof u / sizeof u[0]; i++) {
    uint64_t x = OPAQUE(u[i]);
    long double a = from_u64(x), b = from_i64((int64_t)x);
    printf("%016llx: %La %La %La %La back %016llx %016llx\n", (unsigned long long)x, a, b, from_u32((uint32_t)x),
           from_i16((int16_t)x), (unsigned long long)to_u64(a), (unsigned long long)to_i64(b));
  }
  static const long double w[] = {0.75L, -0.75L, 100.5L, -128.5L, 65535.75L, 2147483647.5L,
                                  9223372036854775807.0L, 18446744073709551615.0L};
  for (unsigned i = 0; i < sizeof w / sizeof w[0]; i++) {
    long double x = OPAQUE(w[i]);
    printf("%.4Lf:", x);
    if (x > -1) printf(" u64 %llu", (unsigned long long)to_u64(x));
    if (x < 9223372036854775808.0L) printf(" i64 %lld", (long long)to_i64(x));
    if (x > -2147483649.0L && x < 2147483648.0L) printf(" i32 %d", to_i32(x));
    if (x > -1 && x < 65536) printf(" u16 %u", to_u16(x));
    if (x > -129 && x < 128) printf(" i8 %d", to_i8(x));
    printf(" d %a f %a\n", to_d(x), (double)to_f(x));
  }
  struct ldpair p = swap_tag((struct ldpair){OPAQUE(2.5L), 0x0f});
  printf("pair %Lg %x\n", p.a, p.tag);
  long double arr[16], acc = 0;
  for (int i = 0; i < 16; i++) arr[i] = (long double)OPAQUE(i) / 7;
  for (int i = 15; i >= 0; i--) acc = acc * 0.5L + arr[i];
  printf("acc %.20Lf\n", acc);
  return 0;
}
