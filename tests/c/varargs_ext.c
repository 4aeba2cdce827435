/* Variadic long double (always on the stack), structs of several classes
 * through ..., and va_arg of a struct larger than 16 bytes. */
#include <stdarg.h>
#include "dt.h"

struct pt { int x, y; };          /* one INTEGER eightbyte */
struct pd { double a, b; };       /* two SSE */
struct mix { long l; double d; }; /* INTEGER, SSE */
struct huge { long v[5]; };       /* MEMORY */
struct fl { float f[3]; };        /* SSE, SSE */

#define NI __attribute__((noinline))

NI static long double sum_ld(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long double s = 0;
  for (int i = 0; i < n; i++) s = s * 2 + va_arg(ap, long double);
  va_end(ap);
  return s;
}

/* Kinds: p = struct pt, d = struct pd, m = struct mix, h = struct huge,
 * f = struct fl, L = long double, i = int, D = double. */
NI static double walk(const char *kinds, ...) {
  va_list ap;
  va_start(ap, kinds);
  double h = 0;
  for (const char *k = kinds; *k; k++) {
    h *= 1.25;
    switch (*k) {
    case 'p': { struct pt p = va_arg(ap, struct pt); h += p.x * 3 - p.y; break; }
    case 'd': { struct pd p = va_arg(ap, struct pd); h += p.a - p.b * 2; break; }
    case 'm': { struct mix m = va_arg(ap, struct mix); h += (double)m.l + m.d; break; }
    case 'h': { struct huge g = va_arg(ap, struct huge); for (int i = 0; i < 5; i++) h += (double)g.v[i] * (i + 1); break; }
    case 'f': { struct fl f = va_arg(ap, struct fl); h += (double)(f.f[0] + f.f[1] * f.f[2]); break; }
    case 'L': h += (double)va_arg(ap, long double); break;
    case 'i': h += va_arg(ap, int); break;
    case 'D': h += va_arg(ap, double); break;
    }
  }
  va_end(ap);
  return h;
}

int main(void) {
  long double x = OPAQUE(1.0L / 3);
  printf("ld %.18Lf\n", sum_ld(4, x, 2.0L, -0.5L, 1e10L));
  printf("ld printf %.10Lf %Lg %La\n", x, x * 1e300L * 1e300L, x);
  struct pt p = {OPAQUE(3), -4};
  struct pd d = {OPAQUE(1.5), 0.25};
  struct mix m = {OPAQUE(-9L), 0.5};
  struct huge g = {{OPAQUE(1L), 2, 3, 4, 5}};
  struct fl f = {{OPAQUE(1.0f), 2.0f, 3.0f}};
  printf("walk %.6f\n", walk("pdmhfLiD", p, d, m, g, f, x, 7, 8.5));
  /* Exhaust the registers first, so the structs come from the overflow area. */
  printf("walk2 %.6f\n", walk("iiiiiDDDDDDDDDpdmpdmhfL", 1, 2, 3, 4, 5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0,
                              9.0, p, d, m, p, d, m, g, f, x));
  return 0;
}
