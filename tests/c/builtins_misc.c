/* __builtin_expect and __builtin_expect_with_probability on hot and cold
 * paths, __builtin_unreachable and __builtin_assume after checks that
 * hold, __builtin_trap on a path that is never taken, __builtin_constant_p,
 * __builtin_prefetch, __builtin_return_address(0) != 0, and noreturn
 * functions. */
#include <stdlib.h>
#include "dt.h"

#define NI __attribute__((noinline))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

NI __attribute__((noreturn, cold)) static void fail(const char *why) {
  printf("failure: %s\n", why);
  exit(3);
}

NI static int checked_div(int a, int b) {
  if (unlikely(b == 0)) __builtin_trap();
  return a / b;
}

NI static int classify(unsigned x) {
  switch (x & 3) {
  case 0: return 10;
  case 1: return 20;
  case 2: return 30;
  case 3: return 40;
  }
  __builtin_unreachable();
}

NI static long hot_loop(const int *a, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    if (likely(a[i] >= 0)) s += a[i];
    else if (__builtin_expect_with_probability(a[i] < -100, 1, 0.9)) s -= 1000;
    else s -= a[i];
    __builtin_prefetch(&a[i + 8]);
  }
  return s;
}

NI static int assume_positive(int x) {
  __builtin_assume(x > 0);
  return x / 2 + x % 2;
}

NI static int has_caller(void) { return __builtin_return_address(0) != 0; }

int main(void) {
  int a[200];
  for (int i = 0; i < 200; i++) a[i] = OPAQUE(i % 17 == 0 ? -(i * 3) : i);
  printf("hot %ld\n", hot_loop(a, 192));
  unsigned h = 0;
  for (unsigned x = 0; x < 20; x++) h = h * 3 + (unsigned)classify(OPAQUE(x));
  printf("classify %u\n", h);
  int q = 0;
  for (int i = 1; i < 50; i++) q += checked_div(OPAQUE(1000), i);
  printf("div %d\n", q);
  printf("assume %d %d\n", assume_positive(OPAQUE(7)), assume_positive(OPAQUE(1000001)));
  printf("constant_p %d %d\n", __builtin_constant_p(42), __builtin_constant_p(OPAQUE(1)));
  printf("caller %d\n", has_caller());
  if (unlikely(OPAQUE(0) != 0)) fail("impossible");
  if (OPAQUE(1) == 2) __builtin_trap();
  printf("end\n");
  return OPAQUE(0) ? 1 : 7; /* a non-zero exit code, compared too */
}
