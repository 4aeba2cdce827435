/* Early-exit guards (shrink wrapping): functions whose fast path returns
 * before anything needs the stack frame or a callee-saved register, so
 * -O2 puts the prologue after the guard and the epilogue before the join.
 * Guards in front of calls, recursion, spills, locals whose address
 * escapes, over-aligned locals, variable-sized arrays, loops and switches;
 * each function is called on both paths. */
#include "dt.h"

__attribute__((noinline)) static long leaf_mix(long a, long b) {
  return (long)((unsigned long)a * 31 + (unsigned long)(b ^ (a >> 3)));
}

/* Guard, then two calls with a value live across them (a callee-saved
 * register). */
__attribute__((noinline)) static long guard_calls(long x) {
  if (x == 0) return 7;
  long a = leaf_mix(x, 1);
  long b = leaf_mix(a, x);
  return (long)((unsigned long)a + (unsigned long)b);
}

/* The guard's result flows into a join after the frame's region. */
__attribute__((noinline)) static long guard_join(long x, long y) {
  long r = 0;
  if (x > 0) {
    long a = leaf_mix(x, y);
    long b = leaf_mix(y, a);
    r = a ^ b ^ y;
  }
  return (long)((unsigned long)r * 3 + (unsigned long)x);
}

/* Recursion behind a guard. */
__attribute__((noinline)) static long tree_sum(int depth, long seed) {
  if (depth <= 0) return seed & 0xff;
  long l = tree_sum(depth - 1, (long)((unsigned long)seed * 3 + 1));
  long r = tree_sum(depth - 2, (long)((unsigned long)seed * 5 + 2));
  return (long)((unsigned long)l + (unsigned long)r + (unsigned long)depth);
}

/* A local array whose address escapes to a callee. */
__attribute__((noinline)) static long fill(long *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    p[i] = i * 7 + n;
    s += p[i];
  }
  return s;
}

__attribute__((noinline)) static long guard_local(int n) {
  if (n < 0) return -1;
  long buf[32];
  int k = n > 32 ? 32 : n;
  long s = fill(buf, k);
  for (int i = 0; i < k; i++) s ^= (long)((unsigned long)buf[i] << (i & 7));
  return s;
}

/* Over-aligned local behind a guard (realigned frame). */
__attribute__((noinline)) static long guard_aligned(int n) {
  if (n == 0) return 11;
  _Alignas(64) long v[8];
  for (int i = 0; i < 8; i++) v[i] = n * i;
  return fill(v, n & 7) + v[n & 7] + (long)(((uintptr_t)v) & 63);
}

/* Variable-sized array behind a guard. */
__attribute__((noinline)) static long guard_vla(int n) {
  if (n <= 0) return 5;
  long a[n];
  long s = fill(a, n);
  return s + a[n - 1];
}

/* A loop that calls, behind a guard: the frame's region must enclose it. */
__attribute__((noinline)) static long guard_loop(int n) {
  if (n <= 0) return 0;
  long s = 0;
  for (int i = 0; i < n; i++) s = (long)((unsigned long)s + (unsigned long)leaf_mix(s, i));
  return s;
}

/* Several early exits, one of them after the work started. */
__attribute__((noinline)) static long multi_exit(long x, long y) {
  if (x == y) return 1;
  if (x < 0) return 2;
  long a = leaf_mix(x, y);
  if (a & 1) return a;
  long b = leaf_mix(a, x);
  return (long)((unsigned long)a + (unsigned long)b + (unsigned long)y);
}

/* A switch where only some cases need the frame. */
__attribute__((noinline)) static long dispatch(int k, long v) {
  switch (k) {
  case 0: return v + 1;
  case 1: return v * 2;
  case 2: return (long)((unsigned long)leaf_mix(v, leaf_mix(v, 3)) + (unsigned long)v);
  case 3: return (long)((unsigned long)leaf_mix(leaf_mix(v, 5), v) - (unsigned long)v);
  default: return -v;
  }
}

/* Many values live across calls (spills) behind a guard. */
__attribute__((noinline)) static long guard_pressure(long x) {
  if (!x) return 0;
  long a = leaf_mix(x, 1), b = leaf_mix(x, 2), c = leaf_mix(x, 3), d = leaf_mix(x, 4);
  long e = leaf_mix(x, 5), f = leaf_mix(x, 6), g = leaf_mix(x, 7), h = leaf_mix(x, 8);
  unsigned long u = (unsigned long)b + (unsigned long)c, w = (unsigned long)d - (unsigned long)e;
  return (long)((unsigned long)a ^ u ^ w ^ ((unsigned long)f * (unsigned long)g) ^ (unsigned long)h);
}

/* Calls through a pointer: the guard tests it first. */
typedef long (*fn_t)(long, long);
__attribute__((noinline)) static long guard_indirect(fn_t f, long x) {
  if (!f) return -x;
  return (long)((unsigned long)f(x, 9) + (unsigned long)f(9, x));
}

int main(void) {
  for (long x = -3; x <= 3; x++) {
    dt_mix((uint64_t)guard_calls(OPAQUE(x)));
    dt_mix((uint64_t)guard_join(OPAQUE(x), x + 5));
    dt_mix((uint64_t)multi_exit(OPAQUE(x), 1));
    dt_mix((uint64_t)multi_exit(OPAQUE(x), x));
    dt_mix((uint64_t)guard_pressure(OPAQUE(x)));
    dt_mix((uint64_t)guard_indirect(OPAQUE(x) & 1 ? leaf_mix : (fn_t)0, x));
  }
  dt_report("guards");
  for (int d = -1; d < 12; d++) dt_mix((uint64_t)tree_sum(OPAQUE(d), d));
  dt_report("recursion");
  for (int n = -2; n < 40; n += 3) {
    dt_mix((uint64_t)guard_local(OPAQUE(n)));
    dt_mix((uint64_t)guard_aligned(OPAQUE(n)));
    dt_mix((uint64_t)guard_vla(OPAQUE(n)));
    dt_mix((uint64_t)guard_loop(OPAQUE(n)));
  }
  dt_report("frames");
  for (int k = 0; k < 6; k++) dt_mix((uint64_t)dispatch(OPAQUE(k), k * 11));
  dt_report("switch");
  return 0;
}
