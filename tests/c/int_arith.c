/* Integer arithmetic at every width: + - * / % and shifts by variable
 * amounts, signed and unsigned, including the extreme values. */
#include "dt.h"

#define N 14

/* T: the type; U: its unsigned twin; P: the unsigned type the arithmetic is
 * done in (no signed overflow); W: width in bits; MIN: the minimum. */
#define ARITH(NAME, T, U, P, W, MIN)                                           \
  static void arith_##NAME(const T *v) {                                       \
    for (int i = 0; i < N; i++) {                                              \
      for (int j = 0; j < N; j++) {                                            \
        T a = v[i], b = v[j];                                                  \
        T add = (T)((P)(U)a + (P)(U)b);                                        \
        T sub = (T)((P)(U)a - (P)(U)b);                                        \
        T mul = (T)((P)(U)a * (P)(U)b);                                        \
        T quo = 0, rem = 0;                                                    \
        if (b != 0 && !(a == (T)(MIN) && b == (T)-1)) {                        \
          quo = a / b;                                                         \
          rem = a % b;                                                         \
        }                                                                      \
        unsigned s = (unsigned)(U)b % (W);                                     \
        T shl = (T)((P)(U)a << s);                                             \
        T shr = (T)(a >> s);                                                   \
        T neg = (T)(-(P)(U)a);                                                 \
        T cpl = (T)~a;                                                         \
        dt_mix((uint64_t)(U)add);                                              \
        dt_mix((uint64_t)(U)sub);                                              \
        dt_mix((uint64_t)(U)mul);                                              \
        dt_mix((uint64_t)(U)quo);                                              \
        dt_mix((uint64_t)(U)rem);                                              \
        dt_mix((uint64_t)(U)shl);                                              \
        dt_mix((uint64_t)(U)shr);                                              \
        dt_mix((uint64_t)(U)neg ^ ((uint64_t)(U)cpl << 1));                    \
      }                                                                        \
    }                                                                          \
    dt_report(#NAME);                                                          \
  }

ARITH(i8, int8_t, uint8_t, unsigned, 8, INT8_MIN)
ARITH(u8, uint8_t, uint8_t, unsigned, 8, 0)
ARITH(i16, int16_t, uint16_t, unsigned, 16, INT16_MIN)
ARITH(u16, uint16_t, uint16_t, unsigned, 16, 0)
ARITH(i32, int32_t, uint32_t, uint32_t, 32, INT32_MIN)
ARITH(u32, uint32_t, uint32_t, uint32_t, 32, 0)
ARITH(i64, int64_t, uint64_t, uint64_t, 64, INT64_MIN)
ARITH(u64, uint64_t, uint64_t, uint64_t, 64, 0)

static const int64_t seeds[N] = {0, 1, -1, 2, 3, -7, 100, -128, 127, 255,
                                 0x5555, -32768, 0x7fffffff, INT64_MIN};

/* Shifts of promoted narrow values by counts wider than the type. */
static void promoted_shifts(void) {
  for (int i = 0; i < N; i++) {
    int8_t c = (int8_t)OPAQUE(seeds[i]);
    uint16_t h = (uint16_t)OPAQUE(seeds[i]);
    for (int s = 0; s < 24; s++) {
      int sh = OPAQUE(s);
      dt_mix((uint64_t)(c >> sh));
      dt_mix((uint64_t)((unsigned)h << sh));
      dt_mix((uint64_t)(h >> (sh & 15)));
    }
  }
  dt_report("promoted shifts");
}

/* Mixed widths in one expression. */
static void mixed(void) {
  for (int i = 0; i < N; i++) {
    int64_t a = OPAQUE(seeds[i]);
    int32_t b = (int32_t)OPAQUE(seeds[(i + 3) % N]);
    int16_t c = (int16_t)OPAQUE(seeds[(i + 5) % N]);
    uint8_t d = (uint8_t)OPAQUE(seeds[(i + 7) % N]);
    uint64_t r = (uint64_t)a * (uint64_t)(int64_t)b + (uint64_t)(c * d);
    uint32_t q = (uint32_t)b * (uint32_t)c - d;
    int64_t w = (int64_t)b * c; /* fits: 32x16 bits */
    printf("mixed %2d: %016llx %08x %lld\n", i, (unsigned long long)r, q, (long long)w);
  }
}

int main(void) {
  int8_t v8[N]; uint8_t w8[N]; int16_t v16[N]; uint16_t w16[N];
  int32_t v32[N]; uint32_t w32[N]; int64_t v64[N]; uint64_t w64[N];
  for (int i = 0; i < N; i++) {
    int64_t s = OPAQUE(seeds[i]);
    v8[i] = (int8_t)s; w8[i] = (uint8_t)s; v16[i] = (int16_t)s; w16[i] = (uint16_t)s;
    v32[i] = (int32_t)s; w32[i] = (uint32_t)s; v64[i] = s; w64[i] = (uint64_t)s;
  }
  arith_i8(v8); arith_u8(w8); arith_i16(v16); arith_u16(w16);
  arith_i32(v32); arith_u32(w32); arith_i64(v64); arith_u64(w64);
  promoted_shifts();
  mixed();
  /* A few plain values, readable in a diff. */
  int32_t x = OPAQUE(-1000003), y = OPAQUE(17);
  printf("%d %d %d %d\n", x / y, x % y, x >> 3, (int)((uint32_t)x >> 3));
  int64_t X = OPAQUE(-1000000000007LL), Y = OPAQUE(-13LL);
  printf("%lld %lld %lld\n", (long long)(X / Y), (long long)(X % Y), (long long)(X >> 40));
  return 0;
}
