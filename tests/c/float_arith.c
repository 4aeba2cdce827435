/* float and double arithmetic: the four operations, sqrt, fabs, copysign,
 * negation, negative zero, infinities, NaN comparisons (every predicate,
 * ordered and unordered), subnormals, single versus double rounding, and
 * compare-and-select idioms. NaNs are printed through isnan (their sign
 * is not something a program can rely on). */
#include <math.h>
#include "dt.h"

static void show_d(const char *what, double x) {
  if (isnan(x)) printf("%s nan\n", what);
  else printf("%s %a %.17g\n", what, x, x);
}
static void show_f(const char *what, float x) {
  if (isnan(x)) printf("%s nan\n", what);
  else printf("%s %a %.9g\n", what, (double)x, (double)x);
}

#define NI __attribute__((noinline))

NI static unsigned preds_d(double a, double b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 | (a != b) << 5 |
         !(a < b) << 6 | !(a >= b) << 7 | (__builtin_isunordered(a, b)) << 8 | (__builtin_islessgreater(a, b)) << 9;
}
NI static unsigned preds_f(float a, float b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 | (a != b) << 5 |
         !(a < b) << 6 | !(a >= b) << 7 | (__builtin_isunordered(a, b)) << 8 | (__builtin_islessgreater(a, b)) << 9;
}

NI static double fmaxish(double a, double b) { return a > b ? a : b; }
NI static float fminish(float a, float b) { return a < b ? a : b; }
NI static double branchy(double x) {
  if (x < 0) return -x * 2;
  if (x == 0) return 1234;
  if (!(x <= 100)) return 100;
  return x / 3;
}

int main(void) {
  double zero = OPAQUE(0.0), one = OPAQUE(1.0), three = OPAQUE(3.0);
  double inf = one / zero, nan = zero / zero, nzero = -zero;
  show_d("1/3", one / three);
  show_d("sqrt2", sqrt(OPAQUE(2.0)));
  show_d("inf", inf);
  show_d("-inf", -inf);
  show_d("inf-inf", inf - inf);
  show_d("nan+1", nan + 1);
  show_d("1/-0", one / nzero);
  show_d("-0*-0", nzero * nzero);
  show_d("-0+0", nzero + zero);
  show_d("0-0", zero - zero);
  show_d("-(0-0)", -(zero - zero));
  show_d("copysign", copysign(three, nzero));
  show_d("fabs", fabs(-three));
  show_d("denorm", OPAQUE(0x1p-1022) / 1024);
  show_d("denorm*big", (OPAQUE(0x1p-1074) * 0x1p1000) * 0x1p70);
  show_d("huge", OPAQUE(1.7976931348623157e308) * 2);
  show_d("fma-ish", OPAQUE(0.1) * 3 - 0.3);
  show_d("fmod", fmod(OPAQUE(10.5), 3.0));
  show_d("floor", floor(OPAQUE(-2.5)));
  show_d("ceil", ceil(OPAQUE(-2.5)));
  show_d("trunc", trunc(OPAQUE(-2.7)));
  show_d("round", round(OPAQUE(2.5)));
  show_d("rint", rint(OPAQUE(2.5)));
  show_d("fmin", fmin(OPAQUE(-0.0), 0.0) + fmax(nan, 2.0));

  float fz = OPAQUE(0.0f), f1 = OPAQUE(1.0f), f3 = OPAQUE(3.0f);
  show_f("f 1/3", f1 / f3);
  show_f("f sqrt", sqrtf(OPAQUE(2.0f)));
  show_f("f 1e38*10", OPAQUE(1e38f) * 10);
  show_f("f denorm", OPAQUE(0x1p-126f) / 3);
  show_f("f -0", -fz);
  show_f("f rounding", (float)(OPAQUE(16777216.0f) + 1.0f));
  show_f("f vs d", (float)((double)f1 / 3.0) - f1 / f3);
  show_f("f fabs", fabsf(OPAQUE(-7.25f)));
  show_f("f copysign", copysignf(f3, -fz));

  static const double dv[] = {-1e300, -2.5, -0.0, 0.0, 1e-310, 1.0, 2.5, 1e300};
  unsigned h = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) h = h * 7 + preds_d(OPAQUE(dv[i]), dv[j]);
  for (int i = 0; i < 8; i++) h = h * 7 + preds_d(nan, dv[i]) + preds_d(dv[i], nan) * 3;
  h = h * 7 + preds_d(nan, nan);
  printf("preds_d %08x\n", h);
  h = 0;
  float nanf_ = fz / fz;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) h = h * 7 + preds_f((float)OPAQUE(dv[i]), (float)dv[j]);
  for (int i = 0; i < 8; i++) h = h * 7 + preds_f(nanf_, (float)dv[i]);
  printf("preds_f %08x\n", h);

  double acc = 0;
  for (int i = -10; i <= 110; i += 7) acc += branchy(OPAQUE((double)i)) + fmaxish(i * 0.5, 10) + fminish((float)i, 5.5f);
  show_d("branchy", acc);
  /* An accumulation whose result depends on evaluation order and rounding. */
  double s = 0;
  float sf = 0;
  for (int i = 1; i <= 1000; i++) {
    s += 1.0 / (OPAQUE(i) * (double)i);
    sf += 1.0f / (float)OPAQUE(i);
  }
  show_d("basel", s);
  show_f("harmonic", sf);
  return 0;
}
