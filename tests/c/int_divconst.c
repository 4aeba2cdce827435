/* Division and remainder by constants (magic-number multiplication at -O2),
 * signed and unsigned, powers of two, and negative divisors. */
#include "dt.h"

#define DIVS(T, x)                                                             \
  do {                                                                         \
    T v_ = (x);                                                                \
    dt_mix((uint64_t)(v_ / 3)); dt_mix((uint64_t)(v_ % 3));                   \
    dt_mix((uint64_t)(v_ / 7)); dt_mix((uint64_t)(v_ % 7));                   \
    dt_mix((uint64_t)(v_ / 10)); dt_mix((uint64_t)(v_ % 10));                 \
    dt_mix((uint64_t)(v_ / 16)); dt_mix((uint64_t)(v_ % 16));                 \
    dt_mix((uint64_t)(v_ / 641)); dt_mix((uint64_t)(v_ % 641));               \
    dt_mix((uint64_t)(v_ / 1000000007)); dt_mix((uint64_t)(v_ % 1000000007)); \
    dt_mix((uint64_t)(v_ / 2)); dt_mix((uint64_t)(v_ % 2));                   \
    dt_mix((uint64_t)(v_ / 1)); dt_mix((uint64_t)(v_ / 25));                  \
  } while (0)

#define SDIVS(T, x)                                                            \
  do {                                                                         \
    T v_ = (x);                                                                \
    dt_mix((uint64_t)(v_ / -3)); dt_mix((uint64_t)(v_ % -3));                 \
    dt_mix((uint64_t)(v_ / -8)); dt_mix((uint64_t)(v_ % -8));                 \
    dt_mix((uint64_t)(v_ / 4096)); dt_mix((uint64_t)(v_ % 4096));             \
  } while (0)

static const int64_t vals[] = {0, 1, -1, 5, -5, 99, -99, 1000, 123456789,
                               -123456789, 0x7fffffff, -0x7fffffff - 1,
                               0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1,
                               6700417, 4294967295LL, -4294967296LL, 65535};
#define NV (int)(sizeof vals / sizeof vals[0])

int main(void) {
  for (int i = 0; i < NV; i++) {
    int64_t x = OPAQUE(vals[i]);
    DIVS(int8_t, (int8_t)x); SDIVS(int8_t, (int8_t)x);
    DIVS(uint8_t, (uint8_t)x);
    DIVS(int16_t, (int16_t)x); SDIVS(int16_t, (int16_t)x);
    DIVS(uint16_t, (uint16_t)x);
    DIVS(int32_t, (int32_t)x); SDIVS(int32_t, (int32_t)x);
    DIVS(uint32_t, (uint32_t)x);
    DIVS(int64_t, x); SDIVS(int64_t, x);
    DIVS(uint64_t, (uint64_t)x);
    if (i % 4 == 0) dt_report("divconst");
  }
  dt_report("divconst tail");
  int32_t a = OPAQUE(-2147483647 - 1);
  uint64_t b = OPAQUE(18446744073709551615ULL);
  printf("%d %d %llu %llu\n", a / 7, a % 7, (unsigned long long)(b / 10), (unsigned long long)(b % 10));
  return 0;
}
