/* Register pressure: more live values than registers across calls (the
 * callee-saved registers all in use, then spills), long dependency chains
 * mixing integer and floating point, and values live across a loop with
 * calls inside. */
#include "dt.h"

#define NI __attribute__((noinline))

static volatile long sink;
NI static long opaque_call(long x) { sink = x; return x ^ 0x5555; }
NI static double fcall(double x) { sink = (long)x; return x * 0.75; }

NI static long pressure(long seed) {
  long a = seed + 1, b = seed * 3, c = seed ^ 0x1234, d = seed - 77, e = seed * 4, f = seed * seed;
  long g = a + b, h = c - d, i = e ^ f, j = a * 5, k = b * 7, l = c * 11, m = d * 13, n = e * 17;
  long r = opaque_call(a + n);
  /* All of a..n are live across this call and the next. */
  r += opaque_call(b + m) * 3;
  r ^= a + b + c + d + e + f + g + h + i + j + k + l + m + n;
  r += opaque_call(r) - (a * b - c * d + e * f - g * h + i * j - k * l + m * n);
  return r + a - n + b - m + c - l + d - k + e - j + f - i + g - h;
}

NI static double fpressure(double s) {
  double a = s + 1, b = s * 2, c = s - 3, d = s / 4, e = s * s, f = a * b, g = c * d, h = e - f;
  double i = a + c, j = b + d, k = e + g, l = f + h, m = i * j, n = k * l, o = m - n, p = o + a;
  double q = p * b, r = q - c, t = r + d, u = t * 0.5, v = u + e;
  double x = fcall(a + v);
  x += fcall(b + u) * 2;
  return x + a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p + q + r + t + u + v;
}

/* Mixed: integers and doubles and pointers live across calls in a loop. */
NI static long loop_live(const long *arr, int n) {
  long s0 = 0, s1 = 1, s2 = 2, s3 = 3, s4 = 4, s5 = 5, s6 = 6, s7 = 7;
  double f0 = 0.5, f1 = 1.5, f2 = 2.5, f3 = 3.5;
  const long *p = arr, *q = arr + n - 1;
  for (int i = 0; i < n; i++) {
    long v = opaque_call(arr[i]);
    s0 += v; s1 ^= v * 2; s2 -= v; s3 += s0 * 3; s4 ^= s1; s5 += *p++; s6 -= *q--; s7 = (long)((unsigned long)s7 * 3 + (unsigned long)(v & 7));
    f0 += (double)v; f1 = fcall(f1 + 1); f2 *= 1.0001; f3 -= f0 * 0.01;
  }
  return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + (long)(f0 + f1 + f2 + f3);
}

/* 32-bit, 16-bit and 8-bit values live at once (sub-registers). */
NI static unsigned narrow_live(unsigned seed) {
  uint8_t a = (uint8_t)seed, b = (uint8_t)(seed >> 8), c = (uint8_t)(seed >> 16), d = (uint8_t)(seed >> 24);
  uint16_t e = (uint16_t)(a * b), f = (uint16_t)(c * d), g = (uint16_t)(e ^ f);
  uint32_t h = seed * 2654435761u, i = h ^ e, j = i + f;
  opaque_call(j);
  return (unsigned)(a + b + c + d) * 1000003u + e + f + g + h + i + j;
}

int main(void) {
  long t = 0;
  for (long s = -5; s < 5; s++) t = t * 7 + pressure(OPAQUE(s));
  printf("pressure %ld\n", t);
  double ft = 0;
  for (int s = 1; s < 6; s++) ft += fpressure(OPAQUE((double)s));
  printf("fpressure %.6e\n", ft);
  long arr[100];
  for (int i = 0; i < 100; i++) arr[i] = OPAQUE(i * 31L - 1000);
  printf("loop_live %ld\n", loop_live(arr, OPAQUE(100)));
  unsigned nh = 0;
  for (unsigned s = 0; s < 50; s++) nh = nh * 3 + narrow_live(OPAQUE(s * 0x01030507u));
  printf("narrow %u\n", nh);
  return 0;
}
