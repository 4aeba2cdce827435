/* A va_list built by va_start handed to the C library (vprintf,
 * vsnprintf, after va_copy): libc's own va_arg reads our register save
 * area (integer and vector halves) and overflow area. Also structs passed
 * by value that are big enough to be copied with rep movsq, with odd tails. */
#include <stdarg.h>
#include "dt.h"

#define NI __attribute__((noinline))

NI static void say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
}

NI static int twice(char *buf, int n, const char *fmt, ...) {
  va_list ap, aq;
  va_start(ap, fmt);
  va_copy(aq, ap);
  int k = vsnprintf(buf, (size_t)n, fmt, ap);
  k += vsnprintf(buf + k, (size_t)(n - k), fmt, aq);
  va_end(aq);
  va_end(ap);
  return k;
}

/* Seven named integers and two named doubles: the unnamed arguments
 * start in the last integer register, the third vector register and the
 * stack. */
NI static void named(int a, int b, int c, int d, int e, double x, double y, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("[%d %d %d %d %d %g %g] ", a, b, c, d, e, x, y);
  vprintf(fmt, ap);
  va_end(ap);
}

struct odd { char c[203]; };
struct quads { long v[17]; int tail; };

NI static long sum_odd(int k, struct odd o, long m) {
  unsigned long s = (unsigned long)k;
  for (int i = 0; i < 203; i++) s = s * 31 + (unsigned char)o.c[i];
  return (long)(s ^ (unsigned long)m);
}

NI static long sum_quads(struct quads a, struct quads b) {
  long s = 0;
  for (int i = 0; i < 17; i++) s += a.v[i] * b.v[16 - i];
  return s + a.tail - b.tail;
}

int main(void) {
  say("%d %s %c %ld %g %g %g %g %g %g %g %g %g %x\n", OPAQUE(42), "str", 'z', -7L, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5,
      7.5, 8.5, OPAQUE(9.5), 0xbeef);
  char buf[200];
  int k = twice(buf, 200, "<%d|%.2f|%s>", OPAQUE(7), 3.14159, "pi");
  printf("%d %s\n", k, buf);
  named(1, 2, 3, 4, OPAQUE(5), 0.5, -0.25, "%s %d %g %g %g %g %g %g %g %d\n", "x", 8, 9.25, 1.0, 2.0, 3.0, 4.0, 5.0,
        OPAQUE(6.0), 10);
  struct odd o;
  /* Scalar loops: the point is the calls, not vector code. */
#pragma clang loop vectorize(disable)
  for (int i = 0; i < 203; i++) o.c[i] = (char)(i * 7 + 1);
  struct quads a, b;
#pragma clang loop vectorize(disable)
  for (int i = 0; i < 17; i++) {
    a.v[i] = i * i;
    b.v[i] = 3 - i;
  }
  a.tail = OPAQUE(11);
  b.tail = -4;
  printf("%ld %ld\n", sum_odd(5, o, OPAQUE(99L)), sum_quads(a, b));
  return 0;
}
