/* Calls with many arguments: more than 6 integer and more than 8
 * floating-point arguments (stack-passed), mixes of both with the stack
 * area interleaved, narrow integer types on the stack, structs after the
 * registers run out, and many-argument callbacks through pointers. */
#include "dt.h"

#define NI __attribute__((noinline))

NI static long ints10(long a, long b, long c, long d, long e, long f, long g, long h, long i, long j) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j;
}
NI static double dbl12(double a, double b, double c, double d, double e, double f, double g, double h, double i,
                       double j, double k, double l) {
  return a + b / 2 + c / 4 + d / 8 + e / 16 + f / 32 + g / 64 + h / 128 + i / 256 + j / 512 + k / 1024 + l / 2048;
}
NI static double interleaved(int a, double b, long c, float d, short e, double f, char g, float h, unsigned i,
                             double j, long k, double l, int m, double n, long o, float p, double q, int r) {
  return a + b + (double)c + d + e + f + g + h + i + j + (double)k + l + m + n + (double)o + p + q + r;
}
NI static int narrow(char a, short b, int c, char d, short e, int f, signed char g, unsigned short h, unsigned char i,
                     _Bool j, short k, char l) {
  return a * 1 + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10 + k * 11 + l * 12;
}
struct s24 { long x, y, z; };
struct s8 { int a, b; };
NI static long with_structs(long a, long b, long c, long d, long e, struct s8 f, struct s24 g, long h, struct s8 i,
                            float j, struct s24 k) {
  return a + b + c + d + e + f.a * 10 + f.b * 20 + g.x * 30 + g.y * 40 + g.z * 50 + h * 60 + i.a * 70 + i.b * 80 +
         (long)(j * 90) + k.x * 100 + k.y * 110 + k.z * 120;
}
typedef long (*cb10)(long, long, long, long, long, long, long, long, long, long);
NI static long call_cb(cb10 f, long base) {
  return f(base, base + 1, base + 2, base + 3, base + 4, base + 5, base + 6, base + 7, base + 8, base + 9);
}
/* Arguments forwarded to a callee with a different arrangement. */
NI static long forward(long a, long b, long c, long d, long e, long f, long g, long h) {
  return ints10(h, g, f, e, d, c, b, a, a * b, g * h);
}
/* 20 float arguments. */
NI static float f20(float a0, float a1, float a2, float a3, float a4, float a5, float a6, float a7, float a8, float a9,
                    float b0, float b1, float b2, float b3, float b4, float b5, float b6, float b7, float b8, float b9) {
  return a0 - a1 + a2 - a3 + a4 - a5 + a6 - a7 + a8 - a9 + (b0 + b1 + b2 + b3 + b4) * (b5 - b6 + b7 - b8 + b9);
}

int main(void) {
  long o = OPAQUE(1L);
  printf("ints10 %ld\n", ints10(o, 2, 3, 4, 5, 6, 7, 8, 9, 10));
  double d = OPAQUE(1.0);
  printf("dbl12 %.10f\n", dbl12(d, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
  printf("interleaved %.4f\n", interleaved(1, 2.5, 3, 4.25f, -5, 6.5, 'A', 7.75f, 8u, 9.5, -10, 11.5, 12, 13.5, 14, 15.25f,
                                           16.5, OPAQUE(17)));
  printf("narrow %d\n", narrow((char)OPAQUE(-1), -2, 3, 'd', 5, -6, -7, 65535, 255, 1, -11, 12));
  printf("structs %ld\n", with_structs(o, 2, 3, 4, 5, (struct s8){6, 7}, (struct s24){8, 9, 10}, 11, (struct s8){12, 13},
                                       1.5f, (struct s24){14, 15, OPAQUE(16L)}));
  printf("callback %ld\n", call_cb(ints10, OPAQUE(100L)));
  printf("forward %ld\n", forward(o, 2, 3, 4, 5, 6, 7, 8));
  float f = OPAQUE(0.5f);
  printf("f20 %.6f\n", (double)f20(f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19));
  /* Many-argument libc call. */
  printf("%d %d %d %d %d %d %d %d %d %d %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f\n", 1, 2, 3, 4, 5, 6, 7, 8, 9,
         OPAQUE(10), 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, OPAQUE(10.0));
  return 0;
}
