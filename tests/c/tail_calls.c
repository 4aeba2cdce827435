/* Sibling and tail calls: calls in tail position with the same, fewer and
 * more arguments than the caller, with stack arguments, through function
 * pointers, mutual tail recursion deep enough to need the optimisation at
 * -O2 (but bounded so -O0 also fits the stack), and calls that must not be
 * tail calls (a local's address escapes). */
#include "dt.h"

#define NI __attribute__((noinline))

NI static long leaf3(long a, long b, long c) { return a * 100 + b * 10 + c; }
NI static long same(long a, long b, long c) { return leaf3(c, b, a); }
NI static long fewer(long a, long b, long c, long d) { return leaf3(a + d, b, c); }
NI static long leaf8(long a, long b, long c, long d, long e, long f, long g, long h) {
  return a - b + c - d + e - f + g * h;
}
NI static long more(long a, long b) { return leaf8(a, b, a, b, a, b, a, b); }
NI static long stack_to_stack(long a, long b, long c, long d, long e, long f, long g, long h) {
  return leaf8(h, g, f, e, d, c, b, a);
}
NI static long via_ptr(long (*f)(long, long, long), long x) { return f(x, x + 1, x + 2); }

static long ping(long n, long acc);
NI static long pong(long n, long acc) { return n == 0 ? acc : ping(n - 1, acc ^ (n * 3)); }
NI static long ping(long n, long acc) { return n == 0 ? acc : pong(n - 1, acc + n); }

NI static long use_ptr(const long *p) { return *p * 2; }
NI static long escapes(long x) {
  long local = x + 1;
  return use_ptr(&local); /* may not reuse the frame: local lives in it */
}

NI static double ftail(double x, int n) { return n == 0 ? x : ftail(x * 1.5 - 1, n - 1); }
NI static float fconv(int x) { return (float)leaf3(x, x, x); }

struct big { long v[4]; };
NI static struct big mkbig(long x) { return (struct big){{x, x + 1, x + 2, x + 3}}; }
NI static struct big sret_tail(long x) { return mkbig(x * 2); }

int main(void) {
  long o = OPAQUE(1L);
  printf("same %ld fewer %ld more %ld stack %ld ptr %ld\n", same(o, 2, 3), fewer(o, 2, 3, 4), more(o, 5),
         stack_to_stack(o, 2, 3, 4, 5, 6, 7, 8), via_ptr(same, OPAQUE(4L)));
  printf("pingpong %ld %ld\n", ping(OPAQUE(20000L), 0), pong(OPAQUE(12345L), 7));
  printf("escapes %ld\n", escapes(OPAQUE(20L)));
  printf("ftail %.6f fconv %.1f\n", ftail(OPAQUE(2.1), 30), (double)fconv(OPAQUE(3)));
  struct big b = sret_tail(OPAQUE(5L));
  printf("sret %ld %ld %ld %ld\n", b.v[0], b.v[1], b.v[2], b.v[3]);
  return 0;
}
