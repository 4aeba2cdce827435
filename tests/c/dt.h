/* Shared helpers for rcc's differential-execution programs (tests/c).
 * Every program prints deterministic lines: computed values and checksums.
 * scripts/difftest.sh compares that output between llc-19 and rcc builds. */
#ifndef RCC_DT_H
#define RCC_DT_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A value the optimiser cannot see through: it is stored to and loaded from
 * a volatile local, so -O2 code computes at run time what -O0 code does.
 * Arrays (string literals) decay to pointers first. */
#define OPAQUE(x)                                                              \
  ({                                                                           \
    __auto_type dt_plain_ = (x);                                               \
    volatile __typeof__(dt_plain_) dt_opaque_ = dt_plain_;                     \
    dt_opaque_;                                                                \
  })

/* A running checksum (FNV-1a over the bytes of 64-bit words). */
static uint64_t dt_hash = 0xcbf29ce484222325ULL;

static inline void dt_mix(uint64_t v) {
  for (int i = 0; i < 8; i++) {
    dt_hash ^= (v >> (8 * i)) & 0xff;
    dt_hash *= 0x100000001b3ULL;
  }
}

/* Mixes the bytes of an object (no padding bytes, please). */
static inline void dt_mix_bytes(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n; i++) {
    dt_hash ^= b[i];
    dt_hash *= 0x100000001b3ULL;
  }
}

/* Prints a named checksum of everything mixed so far, then resets it. */
static inline void dt_report(const char *what) {
  printf("%s: %016llx\n", what, (unsigned long long)dt_hash);
  dt_hash = 0xcbf29ce484222325ULL;
}

#endif
