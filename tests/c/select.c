/* Select-heavy code: ternaries on every type (cmov, setcc, branchless
 * min/max/abs/clamp), selects between floating-point values and between
 * pointers, selects of constants (turned into arithmetic), and nested
 * ternaries. */
#include "dt.h"

#define NI __attribute__((noinline))

NI static int imin(int a, int b) { return a < b ? a : b; }
NI static unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
NI static long labs_(long a) { return a < 0 ? -a : a; }
NI static int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
NI static short smin(short a, short b) { return a < b ? a : b; }
NI static unsigned char ucmax(unsigned char a, unsigned char b) { return a > b ? a : b; }
NI static double dsel(double a, double b, int c) { return c ? a : b; }
NI static float fmax_(float a, float b) { return a > b ? a : b; }
NI static double dclamp(double x) { return x < -1.0 ? -1.0 : x > 1.0 ? 1.0 : x; }
NI static const char *psel(int c, const char *a, const char *b) { return c > 0 ? a : b; }
NI static int sel_const(int x) { return x > 10 ? 7 : 3; }
NI static int sel_pow2(unsigned x) { return (x & 1) ? 16 : 0; }
NI static long sel_neg1(long x) { return x == 0 ? -1 : 0; }
NI static int sign(int x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }
NI static uint64_t sel64(uint64_t a, uint64_t b, uint64_t c) { return a < b ? (b < c ? c : b) : (a < c ? c : a); }
NI static int cmp_chain(int a, int b, int c, int d) { return (a < b && c < d) ? a + d : (a == c || b == d) ? b - c : a ^ b ^ c ^ d; }
NI static int8_t sel_i8(int8_t a, int8_t b, int8_t c) { return a > b ? c : (int8_t)(b - c); }

int main(void) {
  unsigned h = 0;
  for (int i = -20; i <= 20; i += 3)
    for (int j = -20; j <= 20; j += 5) {
      int a = OPAQUE(i), b = OPAQUE(j);
      h = h * 31 + (unsigned)imin(a, b);
      h = h * 31 + umax((unsigned)a, (unsigned)b);
      h = h * 31 + (unsigned)labs_((long)a * 100000000);
      h = h * 31 + (unsigned)clamp(a * 3, -10, b);
      h = h * 31 + (unsigned)smin((short)(a * 1000), (short)(b * 1000));
      h = h * 31 + ucmax((unsigned char)a, (unsigned char)b);
      h = h * 31 + (unsigned)(int)dsel(a * 0.5, b * 0.25, a & 1);
      h = h * 31 + (unsigned)(int)(fmax_((float)a, (float)b) * 4);
      h = h * 31 + (unsigned)(int)(dclamp(a / 10.0) * 100);
      h = h * 31 + (unsigned)*psel(a - b, "x", "y");
      h = h * 31 + (unsigned)sel_const(a) + (unsigned)sel_pow2((unsigned)b) + (unsigned)sel_neg1(a - b);
      h = h * 31 + (unsigned)sign(a * b);
      h = h * 31 + (unsigned)sel64((uint64_t)a, (uint64_t)b, (uint64_t)(a ^ b));
      h = h * 31 + (unsigned)cmp_chain(a, b, b - a, a + 7);
      h = h * 31 + (unsigned)sel_i8((int8_t)a, (int8_t)b, (int8_t)(a * b));
    }
  printf("hash %08x\n", h);
  /* Select inside loops: branchless partition counts and running extrema. */
  int lo = 1 << 30, hi = -(1 << 30), pos = 0;
  double dlo = 1e300;
  for (int k = 0; k < 1000; k++) {
    int v = (int)((OPAQUE(k) * 2654435761u) >> 16) - 32768;
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
    pos += v > 0 ? 2 : v == 0 ? 1 : 0;
    double dv = v * 0.001;
    dlo = dv < dlo ? dv : dlo;
  }
  printf("extrema %d %d %d %.3f\n", lo, hi, pos, dlo);
  return 0;
}
