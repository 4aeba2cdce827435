/* Floating point across calls and control flow: float and double
 * arguments in XMM registers and on the stack (more than eight, mixed with
 * integers), float returns, printf with many doubles (the %al count and
 * stack varargs), classification builtins, fmin/fmax, float loop-carried
 * values and selects, and conversions inside loops. */
#include <math.h>
#include "dt.h"

#define NI __attribute__((noinline))

NI static double many_d(double a, double b, double c, double d, double e, double f, double g,
                        double h, double i, double j, double k) {
  return a - 2 * b + 3 * c - 4 * d + 5 * e - 6 * f + 7 * g - 8 * h + 9 * i - 10 * j + 11 * k;
}

NI static float mixed(int i0, float f0, long i1, double d0, int i2, float f1, long i3, double d1,
                      int i4, float f2, long i5, double d2, int i6, float f3, long i7, double d3,
                      float f4, double d4, int i8) {
  return (float)(i0 + i1 * 2 + i2 * 3 + i3 * 4 + i4 * 5 + i5 * 6 + i6 * 7 + i7 * 8 + i8 * 9) +
         f0 * 1.5f + f1 * 2.5f + f2 * 3.5f + f3 * 4.5f + f4 * 5.5f +
         (float)(d0 * 0.25 + d1 * 0.125 + d2 * 0.0625 + d3 * 0.03125 + d4 * 0.015625);
}

NI static float ret_f(float x) { return x * x - 1.0f; }
NI static double ret_d(double x, int n) {
  double r = 1;
  for (int i = 0; i < n; i++) r *= x;
  return r;
}

NI static double pick(double a, double b, int which) { return which ? a : b; }
NI static float fclamp(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }
NI static long dsign(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

NI static int classify(double x) {
  return (isnan(x) ? 1 : 0) | (isinf(x) ? 2 : 0) | (isfinite(x) ? 4 : 0) | (isnormal(x) ? 8 : 0) |
         (signbit(x) ? 16 : 0) | (fpclassify(x) == FP_SUBNORMAL ? 32 : 0) |
         (fpclassify(x) == FP_ZERO ? 64 : 0);
}
NI static int classify_f(float x) {
  return (isnan(x) ? 1 : 0) | (isinf(x) ? 2 : 0) | (isfinite(x) ? 4 : 0) | (isnormal(x) ? 8 : 0) |
         (signbit(x) ? 16 : 0);
}

/* Newton's method: a loop-carried double with a data-dependent exit. */
NI static double newton_sqrt(double v) {
  double x = v > 1 ? v : 1;
  for (int i = 0; i < 100; i++) {
    double nx = 0.5 * (x + v / x);
    if (nx == x) break;
    x = nx;
  }
  return x;
}

int main(void) {
  double one = OPAQUE(1.0);
  printf("many_d %.17g\n", many_d(one, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11.5));
  printf("mixed %.9g\n",
         (double)mixed(1, OPAQUE(0.5f), 2, 3.25, 4, 5.5f, 6, 7.75, 8, 9.5f, 10, 11.25, 12, 13.5f,
                       14, 15.75, 16.5f, 17.25, 18));
  printf("ret %.9g %.17g\n", (double)ret_f(OPAQUE(3.0f)), ret_d(OPAQUE(1.5), 7));
  /* Twelve doubles through printf: eight in registers, four on the stack. */
  double d = OPAQUE(0.1);
  printf("printf %g %g %g %g %g %g %g %g %g %g %g %g\n", d, d * 2, d * 3, d * 4, d * 5, d * 6,
         d * 7, d * 8, d * 9, d * 10, d * 11, d * 12);
  printf("printf mixed %d %.3f %ld %.3f %s %.3f\n", 1, d, 2L, (double)OPAQUE(2.5f), "x", -d);
  printf("pick %g %g\n", pick(one, 2, OPAQUE(1)), pick(one, 2, OPAQUE(0)));
  for (int i = -3; i <= 3; i++) {
    float x = OPAQUE((float)i * 0.75f);
    printf("clamp %d %g %ld\n", i, (double)fclamp(x, -1.0f, 1.5f), dsign((double)x));
  }
  static const double cls[] = {0.0, -0.0, 1.0, -2.5, 0x1p-1070, -0x1p-1030, 1e308 * 10, -1e308 * 10};
  for (unsigned i = 0; i < sizeof cls / sizeof cls[0]; i++)
    printf("classify %g %d %d\n", cls[i], classify(OPAQUE(cls[i])), classify_f((float)OPAQUE(cls[i])));
  double zero = OPAQUE(0.0);
  printf("classify nan %d %d\n", classify(zero / zero) & ~16, classify_f((float)(zero / zero)) & ~16);
  printf("fmin %g %g %g %g\n", fmin(OPAQUE(1.0), zero / zero), fmax(zero / zero, OPAQUE(-3.0)),
         fmin(OPAQUE(-2.0), 5.0), (double)fmaxf(OPAQUE(2.5f), 7.0f));
  for (int i = 0; i < 6; i++) printf("newton %d %.17g\n", i * i * 7, newton_sqrt(OPAQUE(i * i * 7.0)));
  /* Conversions and float accumulation in a loop. */
  double acc = 0;
  float facc = 1;
  unsigned long long u = 0;
  for (int i = 1; i <= 200; i++) {
    double x = OPAQUE(i) * 1.25;
    acc += x / (i + 1);
    facc = facc * 1.01f + (float)i / 3;
    u += (unsigned long long)(x * 1e6) + (unsigned)(facc / 1000);
    dt_mix((uint64_t)(long long)(acc * 1000));
  }
  printf("loop %.17g %.9g %llu\n", acc, (double)facc, u);
  dt_report("loop");
  return 0;
}
