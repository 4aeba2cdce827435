/* Division and remainder by many constants of every integer width, signed
 * and unsigned, at dividends next to multiples of the divisor and at the
 * ends of the range: the cases where a wrong magic multiplier or shift
 * (division by constants at -O2) is off by one. */
#include "dt.h"

/* For divisor D of type T: x / D and x % D for x = k*D - 1, k*D, k*D + 1
 * over k spread across the range (computed in the wider unsigned type, so
 * nothing overflows), and for the range's ends. */
#define SWEEP(T, UT, MIN, MAX, D)                                              \
  do {                                                                         \
    const T d_ = (T)(D);                                                       \
    uint64_t span_ = (uint64_t)(UT)(MAX) / 61 + 1;                             \
    for (uint64_t s_ = 0; s_ < 64; s_++) {                                     \
      T base_ = (T)(UT)(OPAQUE(s_) * span_);                                   \
      T q0_ = (T)(base_ / d_);                                                 \
      T m_ = (T)(UT)((uint64_t)(UT)q0_ * (uint64_t)(UT)d_);                    \
      uint64_t mu_ = (UT)m_;                                                   \
      T xs_[5] = {base_, m_, (T)(UT)(mu_ - 1), (T)(UT)(mu_ + 1),               \
                  (T)(UT)(mu_ + (uint64_t)(UT)d_ - 1)};                        \
      for (int i_ = 0; i_ < 5; i_++) {                                         \
        T x_ = OPAQUE(xs_[i_]);                                                \
        dt_mix((uint64_t)(x_ / d_));                                           \
        dt_mix((uint64_t)(x_ % d_));                                           \
      }                                                                        \
    }                                                                          \
    T e_[4] = {(T)(MIN), (T)(MAX), (T)((MIN) + 1), (T)((MAX) - 1)};            \
    for (int i_ = 0; i_ < 4; i_++) {                                           \
      T x_ = OPAQUE(e_[i_]);                                                   \
      dt_mix((uint64_t)(x_ / d_));                                             \
      dt_mix((uint64_t)(x_ % d_));                                             \
    }                                                                          \
  } while (0)

#define U_DIVISORS(T, MAX, X)                                                  \
  X(T, 3) X(T, 5) X(T, 6) X(T, 7) X(T, 9) X(T, 10) X(T, 11) X(T, 12)           \
  X(T, 13) X(T, 14) X(T, 24) X(T, 25) X(T, 60) X(T, 100) X(T, 107)           \
  X(T, 125) X(T, 127) X(T, 128) X(T, (MAX) / 2) X(T, (MAX) / 2 + 2)          \
  X(T, (MAX) / 3) X(T, (MAX) - 1) X(T, (MAX))

#define S_DIVISORS(T, MAX, X)                                                  \
  X(T, 3) X(T, -3) X(T, 5) X(T, 6) X(T, -6) X(T, 7) X(T, -7) X(T, 10)          \
  X(T, 12) X(T, 24) X(T, -25) X(T, 100) X(T, 125) X(T, -127) X(T, 2)         \
  X(T, -2) X(T, 4) X(T, -16) X(T, 64) X(T, (MAX)) X(T, -(MAX))               \
  X(T, (MAX) / 3) X(T, (MAX) / 2 + 1) X(T, -(MAX) / 7)

#define U8(T, D) SWEEP(uint8_t, uint8_t, 0, UINT8_MAX, D);
#define U16(T, D) SWEEP(uint16_t, uint16_t, 0, UINT16_MAX, D);
#define U32(T, D) SWEEP(uint32_t, uint32_t, 0, UINT32_MAX, D);
#define U64(T, D) SWEEP(uint64_t, uint64_t, 0, UINT64_MAX, D);
#define S8(T, D) SWEEP(int8_t, uint8_t, INT8_MIN, INT8_MAX, D);
#define S16(T, D) SWEEP(int16_t, uint16_t, INT16_MIN, INT16_MAX, D);
#define S32(T, D) SWEEP(int32_t, uint32_t, INT32_MIN, INT32_MAX, D);
#define S64(T, D) SWEEP(int64_t, uint64_t, INT64_MIN, INT64_MAX, D);

int main(void) {
  U_DIVISORS(uint8_t, UINT8_MAX, U8)
  dt_report("u8");
  U_DIVISORS(uint16_t, UINT16_MAX, U16)
  dt_report("u16");
  U_DIVISORS(uint32_t, UINT32_MAX, U32)
  U32(, 1000000007u) U32(, 641u) U32(, 0x80000001u)
  dt_report("u32");
  U_DIVISORS(uint64_t, UINT64_MAX, U64)
  U64(, 1000000007ull) U64(, 6700417ull) U64(, 0x8000000000000001ull)
  U64(, 10000000000000000000ull) U64(, 0x100000001ull)
  dt_report("u64");
  S_DIVISORS(int8_t, INT8_MAX, S8)
  dt_report("s8");
  S_DIVISORS(int16_t, INT16_MAX, S16)
  dt_report("s16");
  S_DIVISORS(int32_t, INT32_MAX, S32)
  S32(, 1000000007) S32(, -641)
  dt_report("s32");
  S_DIVISORS(int64_t, INT64_MAX, S64)
  S64(, 1000000007ll) S64(, -6700417ll) S64(, 0x4000000000000001ll)
  dt_report("s64");
  return 0;
}
