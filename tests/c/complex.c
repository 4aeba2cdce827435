/* _Complex float, double, long double and GNU _Complex int: arithmetic
 * (multiplication and division through the libgcc helpers), conj, parts,
 * passing and returning by value. */
#include <complex.h>
#include "dt.h"

#define NI __attribute__((noinline))

NI static float _Complex cf_op(float _Complex a, float _Complex b) { return a * b + conjf(a) / b; }
NI static double _Complex cd_op(double _Complex a, double _Complex b) { return a * b - a / b; }
NI static long double _Complex cl_op(long double _Complex a, long double _Complex b) { return a * b + a / b; }
NI static _Complex int ci_op(_Complex int a, _Complex int b) { return a * b - a; }
NI static double _Complex cd_many(double _Complex a, double _Complex b, double _Complex c, double _Complex d,
                                  double _Complex e) { return a + b * 2 + c * 3 + d * 4 + e * 5; }
NI static double norm(double _Complex z) { return creal(z) * creal(z) + cimag(z) * cimag(z); }

int main(void) {
  float _Complex fa = OPAQUE(1.5f) + 2.0f * I, fb = OPAQUE(-0.5f) + 0.25f * I;
  float _Complex fr = cf_op(fa, fb);
  printf("cf %a %a\n", (double)crealf(fr), (double)cimagf(fr));
  double _Complex da = OPAQUE(3.0) - 4.0 * I, db = OPAQUE(0.5) + 1.5 * I;
  double _Complex dr = cd_op(da, db);
  printf("cd %a %a\n", creal(dr), cimag(dr));
  printf("abs %.15g arg %.15g norm %.15g\n", cabs(da), carg(da), norm(da));
  long double _Complex la = OPAQUE(1.0L) + 1.0L * I, lb = OPAQUE(2.0L) - 3.0L * I;
  long double _Complex lr = cl_op(la, lb);
  printf("cl %La %La\n", creall(lr), cimagl(lr));
  _Complex int ia, ib;
  __real__ ia = OPAQUE(3); __imag__ ia = -2;
  __real__ ib = OPAQUE(-1); __imag__ ib = 5;
  _Complex int ir = ci_op(ia, ib);
  printf("ci %d %d\n", __real__ ir, __imag__ ir);
  double _Complex m = cd_many(da, db, da * db, conj(da), OPAQUE(0.0) + 1.0 * I);
  printf("many %g %g\n", creal(m), cimag(m));
  /* Infinities and division by zero in complex arithmetic (Annex G). */
  double _Complex inf = OPAQUE(1.0 / 0.0) + 0.0 * I;
  double _Complex w = inf * db;
  printf("inf*z %g %g\n", creal(w), cimag(w));
  double _Complex q = db / (OPAQUE(0.0) + 0.0 * I);
  printf("z/0 isinf %d %d\n", __builtin_isinf(creal(q)) != 0, __builtin_isinf(cimag(q)) != 0);
  /* A small Mandelbrot iteration count, all double complex. */
  int total = 0;
  for (int y = -5; y <= 5; y++)
    for (int x = -10; x <= 5; x++) {
      double _Complex c = OPAQUE(x / 5.0) + (y / 5.0) * I, z = 0;
      int k = 0;
      while (k < 50 && norm(z) <= 4) { z = z * z + c; k++; }
      total = total * 3 % 1000003 + k;
    }
  printf("mandel %d\n", total);
  return 0;
}
