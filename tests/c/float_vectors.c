/* Small float vectors in XMM registers: GCC vector types of 2 and 4
 * floats and 2 doubles (arithmetic, lanes, shuffles, loads and stores,
 * passing and returning), and float _Complex values, which the ABI passes
 * as <2 x float>. Only float lanes: no vector compares. */
#include "dt.h"

typedef float v4f __attribute__((vector_size(16)));
typedef float v2f __attribute__((vector_size(8)));
typedef double v2d __attribute__((vector_size(16)));

#define NI __attribute__((noinline))

NI static v4f axpy4(float a, v4f x, v4f y) { return (v4f){a, a, a, a} * x + y; }
NI static v2d mix2(v2d a, v2d b) { return a * b - a / (b + 1.0); }
NI static v2f swap2(v2f a) { return __builtin_shufflevector(a, a, 1, 0); }
NI static v4f rot4(v4f a, v4f b) { return __builtin_shufflevector(a, b, 3, 4, 1, 6); }
NI static v2d hi_lo(v2d a, v2d b) { return __builtin_shufflevector(a, b, 1, 2); }
NI static float dot4(v4f a, v4f b) {
  v4f p = a * b;
  return p[0] + p[1] + p[2] + p[3];
}
NI static v4f set_lane(v4f a, int which, float x) {
  a[which & 3] = x;
  return a;
}
NI static v4f set_lane_if(v4f a, int which, float x) {
  if (which == 0) a[0] = x;
  else if (which == 1) a[1] = x;
  else if (which == 2) a[2] = x;
  else a[3] = x;
  return a;
}
NI static v2f neg2(v2f a) { return -a; }

NI static float _Complex cmadd(float _Complex a, float _Complex b, float _Complex c) {
  return a * b + c;
}
NI static float _Complex conj_scale(float _Complex a, float s) {
  return (__real__ a * s) - (__imag__ a * s) * 1.0fi;
}

static void show4(const char *what, v4f v) {
  printf("%s %a %a %a %a\n", what, (double)v[0], (double)v[1], (double)v[2], (double)v[3]);
}
static void show2d(const char *what, v2d v) { printf("%s %a %a\n", what, v[0], v[1]); }
static void show2f(const char *what, v2f v) { printf("%s %a %a\n", what, (double)v[0], (double)v[1]); }

int main(void) {
  v4f x = {OPAQUE(1.5f), 2.25f, -3.0f, 0.125f};
  v4f y = {OPAQUE(10.0f), -20.0f, 30.5f, 1e-3f};
  show4("axpy", axpy4(OPAQUE(2.0f), x, y));
  show4("rot", rot4(x, y));
  show4("lane0", set_lane(x, OPAQUE(0), 9.5f));
  show4("lane2", set_lane(x, OPAQUE(2), -9.5f));
  show4("lane3", set_lane(y, OPAQUE(3), 0.75f));
  show4("lane1", set_lane_if(y, OPAQUE(1), 0.5f));
  show4("lane2", set_lane_if(x, OPAQUE(2), 4.5f));
  printf("dot %a\n", (double)dot4(x, y));
  v2d a = {OPAQUE(0.1), 1e300}, b = {OPAQUE(3.0), -0.5};
  show2d("mix", mix2(a, b));
  show2d("hilo", hi_lo(a, b));
  v2f p = {OPAQUE(1.0f), -2.5f};
  show2f("swap", swap2(p));
  show2f("neg", neg2(p));
  /* A loop over an array of vectors in memory. */
  static v4f arr[8];
  for (int i = 0; i < 8; i++) arr[i] = (v4f){(float)i, (float)(i * i), 1.0f / (i + 1), -(float)i};
  v4f acc = {0, 0, 0, 0};
  for (int i = 0; i < 8; i++) acc = acc * 0.5f + arr[i];
  show4("acc", acc);
  float _Complex z = cmadd(OPAQUE(1.0f) + 2.0fi, 3.0f - 1.0fi, 0.5f + 0.25fi);
  printf("cmadd %a %a\n", (double)__real__ z, (double)__imag__ z);
  z = conj_scale(z, OPAQUE(2.0f));
  printf("conj %a %a\n", (double)__real__ z, (double)__imag__ z);
  return 0;
}
