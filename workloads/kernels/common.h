/* Shared helpers for the code-quality kernels: a deterministic PRNG and a
   checksum printer. Each kernel prints its checksums so the rcc and llc-19
   builds are compared on output as well as on time. */
#ifndef KERNELS_COMMON_H
#define KERNELS_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static inline uint64_t rng_next(void) {
  /* xorshift64* */
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * 0x2545F4914F6CDD1Dull;
}

static inline void rng_seed(uint64_t s) { rng_state = s ? s : 1; }

/* Scale factor from argv[1] (default 1), so a run can be made longer. */
static inline int scale_arg(int argc, char **argv) {
  int s = argc > 1 ? atoi(argv[1]) : 1;
  return s > 0 ? s : 1;
}
#endif
