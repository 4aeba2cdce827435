/* Overflow builtins at every width up to __int128 (signed, unsigned and
 * mixed), and a switch on __int128 with cases beyond 64 bits and negative
 * ones. Values come from a small generator through OPAQUE so -O2 code
 * computes at run time.
 */
#include "dt.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

static uint64_t seed = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void) {
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return seed;
}

/* Values near the interesting edges: small, around powers of two, extremes. */
static u128 pick(void) {
  uint64_t r = next();
  switch (r % 6) {
  case 0: return (u128)(r >> 40);
  case 1: return (u128)1 << (r % 127);
  case 2: return ((u128)1 << (r % 127)) - 1;
  case 3: return ~(u128)0 - (r >> 50);
  case 4: return ((u128)next() << 64) | next();
  default: return (u128)(r >> 1) << 63;
  }
}

#define CHECK(T, OP, a, b)                                                     \
  do {                                                                         \
    T r_;                                                                      \
    int o_ = OP((T)OPAQUE(a), (T)OPAQUE(b), &r_);                              \
    dt_mix((uint64_t)o_);                                                      \
    dt_mix((uint64_t)(u128)r_);                                                \
    dt_mix((uint64_t)((u128)r_ >> 64));                                        \
  } while (0)

#define WIDTH(T, name)                                                         \
  static void width_##name(void) {                                             \
    for (int i = 0; i < 300; i++) {                                            \
      u128 a = pick(), b = pick();                                             \
      CHECK(T, __builtin_add_overflow, a, b);                                  \
      CHECK(T, __builtin_sub_overflow, a, b);                                  \
      CHECK(T, __builtin_mul_overflow, a, b);                                  \
      CHECK(T, __builtin_mul_overflow, a >> 64, b);                            \
      CHECK(T, __builtin_mul_overflow, (T)a >> 3, (T)(b >> 70));               \
    }                                                                          \
    dt_report(#name);                                                          \
  }

WIDTH(signed char, i8)
WIDTH(unsigned char, u8)
WIDTH(short, i16)
WIDTH(unsigned short, u16)
WIDTH(int, i32)
WIDTH(unsigned, u32)
WIDTH(long, i64)
WIDTH(unsigned long, u64)
WIDTH(i128, i128)
WIDTH(u128, u128)

/* Mixed signedness: the result type decides. */
static void mixed(void) {
  for (int i = 0; i < 300; i++) {
    u128 a = pick(), b = pick();
    i128 r;
    u128 ur;
    long lr;
    dt_mix(__builtin_mul_overflow((i128)OPAQUE(a), (u128)OPAQUE(b), &r));
    dt_mix((uint64_t)r ^ (uint64_t)(r >> 64));
    dt_mix(__builtin_mul_overflow((long)OPAQUE((long)a), (i128)OPAQUE(b), &ur));
    dt_mix((uint64_t)ur ^ (uint64_t)(ur >> 64));
    dt_mix(__builtin_add_overflow((i128)OPAQUE(a), (unsigned)OPAQUE((unsigned)b), &lr));
    dt_mix((uint64_t)lr);
  }
  dt_report("mixed");
}

__attribute__((noinline)) static int classify(i128 v) {
  switch (v) {
  case 0: return 1;
  case 1: return 2;
  case -1: return 3;
  case (i128)1 << 64: return 4;
  case ((i128)1 << 64) + 1: return 5;
  case -((i128)1 << 100): return 6;
  case (i128)0x7fffffffffffffffLL: return 7;
  case ((i128)0x7fffffffffffffffLL) + 1: return 8;
  case ((i128)3 << 120) | 12345: return 9;
  case -((i128)1 << 64): return 10;
  default: return 0;
  }
}

static void switches(void) {
  static const i128 probes[] = {0, 1, -1, (i128)1 << 64, ((i128)1 << 64) + 1, -((i128)1 << 100),
                                (i128)0x7fffffffffffffffLL, ((i128)0x7fffffffffffffffLL) + 1,
                                ((i128)3 << 120) | 12345, -((i128)1 << 64), 2, (i128)1 << 65,
                                -((i128)1 << 64) + 1, 12345};
  for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++) {
    printf("%d", classify(OPAQUE(probes[i])));
  }
  printf("\n");
  for (int i = 0; i < 1000; i++) dt_mix((uint64_t)classify((i128)pick()));
  dt_report("switch");
}

int main(void) {
  width_i8();
  width_u8();
  width_i16();
  width_u16();
  width_i32();
  width_u32();
  width_i64();
  width_u64();
  width_i128();
  width_u128();
  mixed();
  switches();
  return 0;
}
