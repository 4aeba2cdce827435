/* __builtin_{add,sub,mul}_overflow for every width, signed and unsigned,
 * same-type and mixed-type, plus the checked results used in branches. */
#include "dt.h"

#define OVF(NAME, T)                                                           \
  static void ovf_##NAME(const int64_t *v, int n) {                            \
    unsigned flags = 0;                                                        \
    for (int i = 0; i < n; i++)                                                \
      for (int j = 0; j < n; j++) {                                            \
        T a = (T)v[i], b = (T)v[j], r;                                         \
        int o;                                                                 \
        o = __builtin_add_overflow(a, b, &r);                                  \
        flags = flags * 3 + (unsigned)o; dt_mix((uint64_t)r);                  \
        o = __builtin_sub_overflow(a, b, &r);                                  \
        flags = flags * 3 + (unsigned)o; dt_mix((uint64_t)r);                  \
        o = __builtin_mul_overflow(a, b, &r);                                  \
        flags = flags * 3 + (unsigned)o; dt_mix((uint64_t)r);                  \
        if (__builtin_add_overflow(a, b, &r)) dt_mix(0xdead);                  \
      }                                                                        \
    printf("%-4s flags %08x\n", #NAME, flags);                                 \
    dt_report(#NAME);                                                          \
  }

OVF(i8, int8_t)
OVF(u8, uint8_t)
OVF(i16, int16_t)
OVF(u16, uint16_t)
OVF(i32, int32_t)
OVF(u32, uint32_t)
OVF(i64, int64_t)
OVF(u64, uint64_t)

static const int64_t seeds[] = {0, 1, -1, 2, 100, -100, 127, -128, 255, 32767,
                                -32768, 65535, 0x7fffffff, -0x7fffffffLL - 1,
                                0xffffffffLL, 0x100000000LL, INT64_MAX, INT64_MIN,
                                3037000499LL, 3037000500LL};
#define N (int)(sizeof seeds / sizeof seeds[0])

int main(void) {
  int64_t v[N];
  for (int i = 0; i < N; i++) v[i] = OPAQUE(seeds[i]);
  ovf_i8(v, N); ovf_u8(v, N); ovf_i16(v, N); ovf_u16(v, N);
  ovf_i32(v, N); ovf_u32(v, N); ovf_i64(v, N); ovf_u64(v, N);
  /* Mixed types: the infinitely precise result must fit the destination. */
  unsigned mixed = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int32_t r32; uint8_t r8; int64_t r64; uint32_t ru;
      mixed = mixed * 5 + (unsigned)__builtin_add_overflow((int64_t)v[i], (uint32_t)v[j], &r32);
      mixed = mixed * 5 + (unsigned)__builtin_mul_overflow((int16_t)v[i], (uint16_t)v[j], &r8);
      mixed = mixed * 5 + (unsigned)__builtin_sub_overflow((uint64_t)v[i], (int32_t)v[j], &r64);
      mixed = mixed * 5 + (unsigned)__builtin_mul_overflow((int32_t)v[i], (int32_t)v[j], &ru);
      dt_mix((uint64_t)r32 ^ ((uint64_t)r8 << 32)); dt_mix((uint64_t)r64 + ru);
    }
  printf("mixed %08x\n", mixed);
  dt_report("mixed");
  /* Typed builtins. */
  int si; long sl; unsigned long long ull;
  int o1 = __builtin_sadd_overflow(OPAQUE(0x7fffffff), 1, &si);
  int o2 = __builtin_smull_overflow(OPAQUE(1L << 40), 1L << 30, &sl);
  int o3 = __builtin_umulll_overflow(OPAQUE(0x100000000ULL), 0xffffffffULL, &ull);
  printf("%d %d %d %ld %d %llu\n", o1, si, o2, sl, o3, ull);
  return 0;
}
