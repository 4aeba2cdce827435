/* __int128 and unsigned __int128: arithmetic, division and remainder (the
 * libgcc helpers), shifts by every amount, comparisons, conversions to and
 * from 64-bit integers and floating point, passing and returning. */
#include "dt.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

#define NI __attribute__((noinline))

static void put(const char *what, u128 x) {
  printf("%s %016llx%016llx\n", what, (unsigned long long)(x >> 64), (unsigned long long)x);
}
static u128 mk(uint64_t hi, uint64_t lo) { return (u128)hi << 64 | lo; }

NI static u128 mul(u128 a, u128 b) { return a * b; }
NI static i128 sdiv(i128 a, i128 b) { return a / b; }
NI static i128 srem(i128 a, i128 b) { return a % b; }
NI static u128 udiv(u128 a, u128 b) { return a / b; }
NI static u128 urem(u128 a, u128 b) { return a % b; }
NI static u128 shl(u128 a, unsigned s) { return a << s; }
NI static u128 lshr(u128 a, unsigned s) { return a >> s; }
NI static i128 ashr(i128 a, unsigned s) { return a >> s; }
/* Many 128-bit arguments: registers run out, the rest go on the stack. */
NI static u128 many(u128 a, u128 b, u128 c, u128 d, u128 e, long f) { return a + b * 3 + c * 5 + d * 7 + e * 11 + (u128)f; }

int main(void) {
  u128 vals[] = {0, 1, 3, mk(0, ~0ULL), mk(1, 0), mk(0x7fffffffffffffffULL, ~0ULL), mk(0x8000000000000000ULL, 0),
                 mk(~0ULL, ~0ULL), mk(0x0123456789abcdefULL, 0xfedcba9876543210ULL), mk(0, 10),
                 mk(0xdeadbeef, 0xcafebabe12345678ULL), mk(~0ULL, 0xfffffffffffffff9ULL)};
  int n = sizeof vals / sizeof vals[0];
  for (int i = 0; i < n; i++) vals[i] = OPAQUE(vals[i]);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      u128 a = vals[i], b = vals[j];
      i128 sa = (i128)a, sb = (i128)b;
      u128 r[8];
      r[0] = a + b; r[1] = a - b; r[2] = mul(a, b);
      r[3] = b ? udiv(a, b) : 0; r[4] = b ? urem(a, b) : 0;
      int sdiv_ok = sb != 0 && !(sa == (i128)mk(0x8000000000000000ULL, 0) && sb == -1);
      r[5] = sdiv_ok ? (u128)sdiv(sa, sb) : 0; r[6] = sdiv_ok ? (u128)srem(sa, sb) : 0;
      r[7] = (u128)((a < b) | (sa < sb) << 1 | (a == b) << 2 | (sa >= sb) << 3);
      for (int k = 0; k < 8; k++) { dt_mix((uint64_t)r[k]); dt_mix((uint64_t)(r[k] >> 64)); }
    }
  dt_report("ops");
  u128 x = vals[8];
  for (unsigned s = 0; s < 128; s += 5) {
    unsigned sv = OPAQUE(s);
    u128 a = shl(x, sv), b = lshr(x, sv);
    i128 c = ashr((i128)vals[10] * -1, sv);
    dt_mix((uint64_t)a ^ (uint64_t)(a >> 64)); dt_mix((uint64_t)b ^ (uint64_t)(b >> 64));
    dt_mix((uint64_t)c ^ (uint64_t)(c >> 64));
  }
  dt_report("shifts");
  put("shl 64", shl(x, OPAQUE(64u)));
  put("shl 63", shl(x, OPAQUE(63u)));
  put("lshr 65", lshr(x, OPAQUE(65u)));
  put("ashr 127", (u128)ashr((i128)vals[6], OPAQUE(127u)));
  put("udiv", udiv(vals[8], vals[9]));
  put("sdiv", (u128)sdiv(-(i128)vals[8], (i128)vals[10]));
  put("many", many(vals[1], vals[2], vals[3], vals[4], vals[8], -5));
  /* 64 x 64 -> 128 multiplication and the high half. */
  uint64_t p = OPAQUE(0xfedcba9876543210ULL), q = OPAQUE(0x0fedcba987654321ULL);
  put("wide mul", (u128)p * q);
  printf("mulhi %016llx smulhi %016llx\n", (unsigned long long)(((u128)p * q) >> 64),
         (unsigned long long)(uint64_t)(((i128)(int64_t)p * (int64_t)q) >> 64));
  /* Conversions. */
  double d = (double)vals[8];
  long double ld = (long double)(i128)vals[11];
  float f = (float)vals[7];
  printf("to fp %a %La %a\n", d, ld, (double)f);
  put("from d", (u128)OPAQUE(1.2345e30));
  put("from -d", (u128)(i128)OPAQUE(-9.87e25));
  put("from ld", (u128)OPAQUE(1.5e37L));
  put("sext", (u128)(i128)OPAQUE(-5LL));
  put("zext", (u128)OPAQUE(0xffffffffffffffffULL));
  printf("trunc %llx\n", (unsigned long long)(uint64_t)OPAQUE(vals[10]));
  return 0;
}
