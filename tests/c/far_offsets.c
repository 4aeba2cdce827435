/* Addresses a constant offset away from a global: offsets of 16 MiB and
 * more (which the small code model does not fold into a symbol's
 * displacement), beyond 32 bits (which no displacement holds) and negative
 * ones. Pointers are compared as differences, never printed raw; loads and
 * stores at 16 MiB offsets go through a 17 MiB array. */
#include "dt.h"

static char big[(17 << 20) + 64];
static long small_arr[4];

#define FAR(base, k) ((char *)(base) + (k))

__attribute__((noinline)) static char *far_huge(void) { return FAR(small_arr, 4294967296LL); }
__attribute__((noinline)) static char *far_neg(void) { return FAR(small_arr, -2147483649LL); }
__attribute__((noinline)) static char *far_wild(void) { return FAR(small_arr, 0x7654321000000000LL); }
__attribute__((noinline)) static char *at_16mib(void) { return FAR(big, 16 << 20); }
__attribute__((noinline)) static char *below_16mib(void) { return FAR(big, (16 << 20) - 1); }

__attribute__((noinline)) static long load_16mib(void) { return *(long *)FAR(big, 16 << 20); }
__attribute__((noinline)) static long load_16mib_plus(void) { return *(long *)FAR(big, (16 << 20) + 24); }
__attribute__((noinline)) static long load_below(void) { return *(long *)FAR(big, (16 << 20) - 8); }
__attribute__((noinline)) static void store_16mib(long v) { *(long *)FAR(big, (16 << 20) + 8) = v; }
__attribute__((noinline)) static long load_indexed(long i) { return ((long *)FAR(big, 16 << 20))[i]; }

static char *const table[] = {FAR(big, 16 << 20), FAR(big, (17 << 20) + 8),
                              FAR(small_arr, 4294967296LL)};

int main(void) {
  long d;
  d = (long)((uintptr_t)far_huge() - (uintptr_t)OPAQUE((char *)small_arr));
  printf("huge %ld\n", d);
  d = (long)((uintptr_t)far_neg() - (uintptr_t)OPAQUE((char *)small_arr));
  printf("neg %ld\n", d);
  d = (long)((uintptr_t)far_wild() - (uintptr_t)OPAQUE((char *)small_arr));
  printf("wild %lx\n", d);
  printf("16mib %ld\n", (long)(at_16mib() - OPAQUE(big)));
  printf("below %ld\n", (long)(below_16mib() - OPAQUE(big)));
  long *p = (long *)(OPAQUE(big) + (16 << 20));
  p[-1] = 11;
  p[0] = 22;
  p[3] = 33;
  p[5] = 55;
  printf("loads %ld %ld %ld\n", load_16mib(), load_16mib_plus(), load_below());
  store_16mib(44);
  printf("store %ld\n", p[1]);
  printf("indexed %ld %ld\n", load_indexed(OPAQUE(3L)), load_indexed(OPAQUE(5L)));
  printf("table %ld %ld\n", (long)(table[0] - OPAQUE(big)), (long)(table[1] - OPAQUE(big)));
  d = (long)((uintptr_t)table[2] - (uintptr_t)OPAQUE((char *)small_arr));
  printf("table huge %ld\n", d);
  return 0;
}
