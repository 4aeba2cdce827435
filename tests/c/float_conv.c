/* Conversions between floating point and every integer width, signed and
 * unsigned (unsigned 64-bit in both directions, values at and above 2^63),
 * float <-> double, and int -> float rounding. Only values whose result
 * is defined in C are converted. */
#include "dt.h"

#define NI __attribute__((noinline))

NI static double u64_to_d(uint64_t x) { return (double)x; }
NI static float u64_to_f(uint64_t x) { return (float)x; }
NI static double i64_to_d(int64_t x) { return (double)x; }
NI static float i64_to_f(int64_t x) { return (float)x; }
NI static double u32_to_d(uint32_t x) { return (double)x; }
NI static float u32_to_f(uint32_t x) { return (float)x; }
NI static float i32_to_f(int32_t x) { return (float)x; }
NI static double i16_to_d(int16_t x) { return x; }
NI static float u8_to_f(uint8_t x) { return x; }
NI static double i8_to_d(int8_t x) { return x; }
NI static uint64_t d_to_u64(double x) { return (uint64_t)x; }
NI static int64_t d_to_i64(double x) { return (int64_t)x; }
NI static uint32_t d_to_u32(double x) { return (uint32_t)x; }
NI static int32_t f_to_i32(float x) { return (int32_t)x; }
NI static uint64_t f_to_u64(float x) { return (uint64_t)x; }
NI static uint32_t f_to_u32(float x) { return (uint32_t)x; }
NI static int16_t d_to_i16(double x) { return (int16_t)x; }
NI static uint16_t f_to_u16(float x) { return (uint16_t)x; }
NI static int8_t f_to_i8(float x) { return (int8_t)x; }
NI static uint8_t d_to_u8(double x) { return (uint8_t)x; }
NI static float d_to_f(double x) { return (float)x; }
NI static double f_to_d(float x) { return x; }

int main(void) {
  static const uint64_t u[] = {0, 1, 2, 0x7f, 0xff, 0xffff, 0x7fffffff, 0x80000000u, 0xffffffffu,
                               0x100000001ULL, 0x1fffffffffffffULL, 0x20000000000001ULL,
                               0x7ffffffffffffc00ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
                               0x8000000000000401ULL, 0xfffffffffffff800ULL, 0xffffffffffffffffULL,
                               0x123456789abcdef1ULL, 0xfedcba9876543210ULL};
  for (unsigned i = 0; i < sizeof u / sizeof u[0]; i++) {
    uint64_t x = OPAQUE(u[i]);
    printf("%016llx: u64 %a %a  i64 %a %a  u32 %a %a  i32 %a\n", (unsigned long long)x, u64_to_d(x),
           (double)u64_to_f(x), i64_to_d((int64_t)x), (double)i64_to_f((int64_t)x), u32_to_d((uint32_t)x),
           (double)u32_to_f((uint32_t)x), (double)i32_to_f((int32_t)x));
    printf("    small: %g %g %g\n", i16_to_d((int16_t)x), (double)u8_to_f((uint8_t)x), i8_to_d((int8_t)x));
  }
  static const double d[] = {0.0, -0.0, 0.5, -0.5, 0.9999999, 1.0, 1.5, -1.5, 127.9, -128.9, 255.5,
                             32767.5, -32768.99, 65535.9, 2147483647.9, -2147483648.9, 4294967295.5,
                             9007199254740993.0, 9223372036854774784.0, 9223372036854775808.0,
                             18446744073709549568.0, -9223372036854775808.0, 1e-300};
  for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) {
    double x = OPAQUE(d[i]);
    printf("%.17g:", x);
    if (x >= 0 && x < 18446744073709551616.0) printf(" u64 %llu", (unsigned long long)d_to_u64(x));
    if (x >= -9223372036854775808.0 && x < 9223372036854775808.0) printf(" i64 %lld", (long long)d_to_i64(x));
    if (x > -1 && x < 4294967296.0) printf(" u32 %u", d_to_u32(x));
    if (x > -32769 && x < 32768) printf(" i16 %d", d_to_i16(x));
    if (x > -1 && x < 256) printf(" u8 %u", d_to_u8(x));
    float f = d_to_f(x);
    printf(" f %a back %a", (double)f, f_to_d(f));
    if (f > -2147483904.0f && f < 2147483648.0f) printf(" fi32 %d", f_to_i32(f));
    if (f > -1 && f < 18446744073709551616.0f) printf(" fu64 %llu", (unsigned long long)f_to_u64(f));
    if (f > -1 && f < 4294967296.0f) printf(" fu32 %u", f_to_u32(f));
    if (f > -1 && f < 65536) printf(" fu16 %u", f_to_u16(f));
    if (f > -129 && f < 128) printf(" fi8 %d", f_to_i8(f));
    printf("\n");
  }
  /* Round trips over a range, checksummed. */
  for (int64_t k = -100000; k <= 100000; k += 37) {
    int64_t v = OPAQUE(k) * 92233720368LL;
    double dv = (double)v;
    dt_mix((uint64_t)(int64_t)dv);
    dt_mix((uint64_t)(int64_t)(float)dv);
    dt_mix((uint64_t)(int32_t)(float)(int32_t)k);
  }
  dt_report("round trips");
  return 0;
}
