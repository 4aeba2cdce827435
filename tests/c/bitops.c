/* popcount, clz, ctz, ffs, parity, bswap and rotates at every width, with
 * variable rotate counts. */
#include "dt.h"

static inline uint8_t rotl8(uint8_t x, unsigned s) { s &= 7; return (uint8_t)((x << s) | (x >> ((8 - s) & 7))); }
static inline uint16_t rotr16(uint16_t x, unsigned s) { s &= 15; return (uint16_t)((x >> s) | (x << ((16 - s) & 15))); }
static inline uint32_t rotl32(uint32_t x, unsigned s) { s &= 31; return (x << s) | (x >> ((32 - s) & 31)); }
static inline uint32_t rotr32(uint32_t x, unsigned s) { s &= 31; return (x >> s) | (x << ((32 - s) & 31)); }
static inline uint64_t rotl64(uint64_t x, unsigned s) { s &= 63; return (x << s) | (x >> ((64 - s) & 63)); }
static inline uint64_t rotr64(uint64_t x, unsigned s) { s &= 63; return (x >> s) | (x << ((64 - s) & 63)); }

/* Reference implementations by loops, to check against. */
static int slow_pop(uint64_t x) { int n = 0; while (x) { n += (int)(x & 1); x >>= 1; } return n; }

static const uint64_t seeds[] = {0, 1, 2, 3, 0x80, 0xff, 0x8000, 0xffff, 0x80000000u,
                                 0xffffffffu, 0x8000000000000000ULL, ~0ULL,
                                 0x0123456789abcdefULL, 0xf0f0f0f00f0f0f0fULL,
                                 0x5555555555555555ULL, 0x0000010000000100ULL};
#define N (int)(sizeof seeds / sizeof seeds[0])

int main(void) {
  for (int i = 0; i < N; i++) {
    uint64_t x = OPAQUE(seeds[i]);
    uint32_t w = (uint32_t)x;
    uint16_t h = (uint16_t)x;
    int pc64 = __builtin_popcountll(x), pc32 = __builtin_popcount(w);
    int clz64 = x ? __builtin_clzll(x) : 64, ctz64 = x ? __builtin_ctzll(x) : 64;
    int clz32 = w ? __builtin_clz(w) : 32, ctz32 = w ? __builtin_ctz(w) : 32;
    int clz16 = h ? __builtin_clzs(h) : 16, ctz16 = h ? __builtin_ctzs(h) : 16;
    printf("%016llx pop %2d %2d clz %2d %2d %2d ctz %2d %2d %2d ffs %2d %2d par %d %d ok %d\n",
           (unsigned long long)x, pc64, pc32, clz64, clz32, clz16, ctz64, ctz32, ctz16,
           __builtin_ffsll((long long)x), __builtin_ffs((int)w), __builtin_parityll(x),
           __builtin_parity(w), pc64 == slow_pop(x));
    printf("  bswap %016llx %08x %04x clrsb %d %d\n", (unsigned long long)__builtin_bswap64(x),
           __builtin_bswap32(w), __builtin_bswap16(h), __builtin_clrsbll((long long)x), __builtin_clrsb((int)w));
    for (unsigned s = 0; s < 70; s += 3) {
      unsigned sv = OPAQUE(s);
      dt_mix(rotl64(x, sv)); dt_mix(rotr64(x, sv));
      dt_mix(rotl32(w, sv)); dt_mix(rotr32(w, sv));
      dt_mix(rotr16(h, sv)); dt_mix(rotl8((uint8_t)x, sv));
      dt_mix(__builtin_rotateleft32(w, sv) ^ __builtin_rotateright64(x, sv));
    }
    /* Bit tricks that selection likes to pattern-match. */
    dt_mix(x & (x - 1)); dt_mix(x & -x); dt_mix(x ^ (x - 1)); dt_mix(~x & (x + 1));
    dt_mix((x >> 7) & 0x1f); dt_mix((w << 3) >> 9); dt_mix((uint64_t)((int64_t)(x << 40) >> 52));
    dt_mix(__builtin_bitreverse32(w)); dt_mix(__builtin_bitreverse8((uint8_t)x));
  }
  dt_report("rotates and tricks");
  /* Bit tests with variable bit numbers. */
  unsigned found = 0;
  uint64_t m = OPAQUE(0x8421084210842108ULL);
  for (int b = 0; b < 64; b++) {
    int bv = OPAQUE(b);
    if (m & (1ULL << bv)) found = found * 3 + (unsigned)b;
    m ^= 1ULL << ((bv * 7) & 63);
  }
  printf("bit tests %u %016llx\n", found, (unsigned long long)m);
  return 0;
}
