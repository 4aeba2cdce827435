/* Signed and unsigned comparisons at every width, as values (setcc), as
 * branches, and mixed signedness after the usual conversions. */
#include "dt.h"

#define CMP(NAME, T)                                                           \
  static void cmp_##NAME(const T *v, int n) {                                  \
    unsigned bits = 0, count = 0;                                              \
    for (int i = 0; i < n; i++)                                                \
      for (int j = 0; j < n; j++) {                                            \
        T a = v[i], b = v[j];                                                  \
        unsigned r = (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | \
                     (a == b) << 4 | (a != b) << 5;                            \
        bits = bits * 31 + r;                                                  \
        if (a < b) count += 1;                                                 \
        if (a >= b && a != b) count += 100;                                    \
        if (!(a > b)) count += 10000;                                          \
      }                                                                        \
    printf("%-4s %08x %u\n", #NAME, bits, count);                              \
  }

CMP(i8, int8_t)
CMP(u8, uint8_t)
CMP(i16, int16_t)
CMP(u16, uint16_t)
CMP(i32, int32_t)
CMP(u32, uint32_t)
CMP(i64, int64_t)
CMP(u64, uint64_t)

static const int64_t seeds[] = {0, 1, -1, 127, -128, 128, 255, 32767, -32768,
                                65535, 0x7fffffff, -0x7fffffffLL - 1,
                                0xffffffffLL, INT64_MAX, INT64_MIN, 42};
#define N (int)(sizeof seeds / sizeof seeds[0])

__attribute__((noinline)) static int sign3(long a, long b) { return (a > b) - (a < b); }
__attribute__((noinline)) static int usign3(unsigned long a, unsigned long b) { return (a > b) - (a < b); }

int main(void) {
  int8_t v8[N]; uint8_t w8[N]; int16_t v16[N]; uint16_t w16[N];
  int32_t v32[N]; uint32_t w32[N]; int64_t v64[N]; uint64_t w64[N];
  for (int i = 0; i < N; i++) {
    int64_t s = OPAQUE(seeds[i]);
    v8[i] = (int8_t)s; w8[i] = (uint8_t)s; v16[i] = (int16_t)s; w16[i] = (uint16_t)s;
    v32[i] = (int32_t)s; w32[i] = (uint32_t)s; v64[i] = s; w64[i] = (uint64_t)s;
  }
  cmp_i8(v8, N); cmp_u8(w8, N); cmp_i16(v16, N); cmp_u16(w16, N);
  cmp_i32(v32, N); cmp_u32(w32, N); cmp_i64(v64, N); cmp_u64(w64, N);
  /* Mixed signedness: int vs unsigned converts to unsigned; int vs long to long. */
  int neg = OPAQUE(-1);
  unsigned one = OPAQUE(1u);
  long lone = OPAQUE(1L);
  unsigned char uc = OPAQUE((unsigned char)200);
  signed char sc = OPAQUE((signed char)-56);
  printf("%d %d %d %d %d\n", neg < (int)one, (unsigned)neg < one, neg < lone, uc > sc, (unsigned char)sc == uc);
  unsigned acc = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      acc = acc * 3 + (unsigned)sign3(seeds[i], seeds[j]) + 7u * (unsigned)usign3((unsigned long)seeds[i], (unsigned long)seeds[j]);
  printf("sign3 %u\n", acc);
  /* Compare against constants near the edges. */
  unsigned edges = 0;
  for (int i = 0; i < N; i++) {
    int64_t s = v64[i];
    edges = edges * 2 + (s > 127);
    edges = edges * 2 + ((uint32_t)s >= 0x80000000u);
    edges = edges * 2 + ((int16_t)s < -1);
    edges = edges * 2 + ((uint64_t)s > 0xfffffffeULL);
  }
  printf("edges %08x\n", edges);
  return 0;
}
