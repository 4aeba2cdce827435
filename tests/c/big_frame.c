/* Large stack frames: locals of 64 KiB and more (frame offsets beyond
 * 8-bit and 16-bit displacements), spill slots above big arrays, calls
 * from functions with big frames, and a big frame together with an
 * over-aligned local. */
#include "dt.h"

#define NI __attribute__((noinline))

NI static long touch(volatile char *p, long n) { long s = 0; for (long i = 0; i < n; i += 4093) s += p[i]; return s; }

NI static long big1(int seed) {
  char buf[70000];
  for (int i = 0; i < 70000; i++) buf[i] = (char)(i * seed);
  long x = seed * 3L, y = seed * 5L, z = seed * 7L;
  long t = touch(buf, 70000);
  return t + x + y + z + buf[69999] + buf[OPAQUE(12345)];
}

NI static double big2(double seed) {
  double arr[20000];
  for (int i = 0; i < 20000; i++) arr[i] = seed * i;
  double a = arr[OPAQUE(19999)], b = arr[OPAQUE(1)];
  touch((volatile char *)arr, (long)sizeof arr);
  return a + b + arr[10000];
}

NI static long big_aligned(int seed) {
  _Alignas(64) char pad[200000];
  long small[4] = {seed, seed * 2, seed * 3, seed * 4};
  pad[OPAQUE(199999)] = (char)seed;
  pad[0] = 1;
  return touch(pad, 200000) * 0 + pad[199999] + small[OPAQUE(3)] + (((uintptr_t)pad & 63) == 0);
}

NI static long recurse_big(int depth) {
  char frame[20000];
  frame[OPAQUE(depth * 1000)] = (char)depth;
  if (depth == 0) return frame[0];
  return recurse_big(depth - 1) + frame[depth * 1000];
}

int main(void) {
  printf("big1 %ld %ld\n", big1(OPAQUE(3)), big1(OPAQUE(7)));
  printf("big2 %.1f\n", big2(OPAQUE(0.5)));
  printf("aligned %ld\n", big_aligned(OPAQUE(9)));
  printf("recurse %ld\n", recurse_big(OPAQUE(19)));
  return 0;
}
