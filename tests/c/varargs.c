/* Variadic functions: int, long, pointer and double arguments past the
 * register save area, va_copy, nested va_list passing, and vprintf-style
 * forwarding. */
#include <stdarg.h>
#include "dt.h"

#define NI __attribute__((noinline))

NI static long sum_ints(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++) s = s * 3 + va_arg(ap, int);
  va_end(ap);
  return s;
}

NI static long sum_longs(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++) s ^= (long)((unsigned long)va_arg(ap, long) << (i % 7));
  va_end(ap);
  return s;
}

NI static double sum_doubles(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++) s = s * 0.5 + va_arg(ap, double);
  va_end(ap);
  return s;
}

/* Format-driven: i = int, l = long, d = double, s = string, c = char. */
NI static unsigned long fmt(const char *f, ...) {
  va_list ap, again;
  va_start(ap, f);
  va_copy(again, ap);
  unsigned long h = 5381;
  for (const char *p = f; *p; p++) {
    switch (*p) {
    case 'i': h = h * 33 + (unsigned)va_arg(ap, int); break;
    case 'l': h = h * 33 + (unsigned long)va_arg(ap, long); break;
    case 'd': h = h * 33 + (unsigned long)(long)(va_arg(ap, double) * 1000); break;
    case 's': for (const char *s = va_arg(ap, const char *); *s; s++) h = h * 33 + (unsigned char)*s; break;
    case 'c': h = h * 33 + (unsigned char)va_arg(ap, int); break;
    }
  }
  /* Walk the copy again: the first argument only. */
  if (*f == 'i') h ^= (unsigned)va_arg(again, int);
  else if (*f == 'd') h ^= (unsigned long)(long)va_arg(again, double);
  va_end(again);
  va_end(ap);
  return h;
}

/* Passing a va_list down to another function. */
NI static int vsum(int n, va_list ap) {
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int) * (i + 1);
  return s;
}
NI static int outer(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int r = vsum(n, ap);
  va_end(ap);
  return r;
}

NI static int say(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int r = vprintf(f, ap);
  va_end(ap);
  return r;
}

/* Mixed register classes in one call: gp and fp areas consumed in step. */
NI static double interleave(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++) {
    int k = va_arg(ap, int);
    double d = va_arg(ap, double);
    s += k * d;
  }
  va_end(ap);
  return s;
}

int main(void) {
  int one = OPAQUE(1);
  printf("ints %ld %ld\n", sum_ints(3, one, 2, 3),
         sum_ints(12, one, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12));
  printf("longs %ld\n", sum_longs(9, (long)one, 1L << 40, -3L, 4L, 5L << 20, 6L, 7L, -8L, 9L << 50));
  printf("doubles %.6f %.6f\n", sum_doubles(2, (double)one, 2.5),
         sum_doubles(11, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, (double)one / 3));
  printf("fmt %lu %lu\n", fmt("ildsc", one, 1L << 35, 2.75, "hello", 'z'),
         fmt("dddddddddiiiiiiiiss", 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, one, 2, 3, 4, 5, 6, 7, 8, "x", "yz"));
  printf("outer %d\n", outer(8, one, 2, 3, 4, 5, 6, 7, 8));
  int n = say("say %d %s %c %5.2f %ld %x %e\n", one, "two", '3', 4.0, 5L, 0xabc, 12345.678);
  printf("said %d\n", n);
  printf("interleave %.4f\n", interleave(7, one, 0.5, 2, 1.5, 3, 2.5, 4, 3.5, 5, 4.5, 6, 5.5, 7, 6.5));
  /* float and short/char promotions through ... */
  float f = OPAQUE(0.1f);
  short sh = OPAQUE((short)-7);
  unsigned char uc = OPAQUE((unsigned char)250);
  printf("promo %.9f %d %d %u\n", (double)f, sh, uc, (unsigned)(unsigned short)sh);
  return 0;
}
