/* Function pointers: tables, indirect calls with various signatures,
 * pointers returned from functions, callbacks, and pointers stored in
 * structs and globals. */
#include "dt.h"

typedef long (*binop)(long, long);
static long op_add(long a, long b) { return a + b; }
static long op_sub(long a, long b) { return a - b; }
static long op_mul(long a, long b) { return a * b; }
static long op_max(long a, long b) { return a > b ? a : b; }
static long op_xor(long a, long b) { return a ^ b; }

static const binop table[] = {op_add, op_sub, op_mul, op_max, op_xor};

static binop pick(int i) { return table[i % 5]; }

typedef double (*fop)(double, float, int);
static double f1(double a, float b, int c) { return a * b + c; }
static double f2(double a, float b, int c) { return a - b * c; }

struct vtable {
  const char *name;
  int (*area)(const void *);
  void (*scale)(void *, int);
};
struct rect { const struct vtable *vt; int w, h; };
struct circle { const struct vtable *vt; int r; };
static int rect_area(const void *p) { const struct rect *r = p; return r->w * r->h; }
static void rect_scale(void *p, int k) { struct rect *r = p; r->w *= k; r->h *= k; }
static int circle_area(const void *p) { const struct circle *c = p; return 3 * c->r * c->r; }
static void circle_scale(void *p, int k) { struct circle *c = p; c->r *= k; }
static const struct vtable rect_vt = {"rect", rect_area, rect_scale};
static const struct vtable circle_vt = {"circle", circle_area, circle_scale};

static long fold(const long *a, int n, binop f, long init) {
  for (int i = 0; i < n; i++) init = f(init, a[i]);
  return init;
}

/* A function returning a pointer to a function, through a forward
 * declaration and a global function pointer. */
binop op_fallback(void);
static long (*chooser(int k))(long, long) { return k ? op_max : op_fallback(); }
static binop op_fallback_impl = op_sub;
binop op_fallback(void) { return op_fallback_impl; }

static void apply_all(void (**fs)(int *), int n, int *state) {
  for (int i = 0; i < n; i++) fs[i](state);
}
static void inc(int *s) { *s += 1; }
static void dbl(int *s) { *s *= 2; }
static void sq(int *s) { *s = *s * *s % 10007; }

int main(void) {
  long vals[10];
  for (int i = 0; i < 10; i++) vals[i] = OPAQUE(i * 13L - 40);
  for (int i = 0; i < 5; i++) printf("fold %d: %ld\n", i, fold(vals, 10, pick(OPAQUE(i)), i == 2 ? 1 : 0));
  fop fs[2] = {f1, f2};
  double d = 0;
  for (int i = 0; i < 8; i++) d += fs[OPAQUE(i) & 1](i * 1.5, (float)i / 4, i - 3);
  printf("fop %.4f\n", d);
  struct rect r = {&rect_vt, 3, 4};
  struct circle c = {&circle_vt, 5};
  void *shapes[2] = {&r, &c};
  for (int round = 0; round < 3; round++)
    for (int i = 0; i < 2; i++) {
      const struct vtable *vt = *(const struct vtable **)shapes[OPAQUE(i)];
      printf("%s %d ", vt->name, vt->area(shapes[i]));
      vt->scale(shapes[i], round + 1);
    }
  printf("\n");
  printf("chooser %ld %ld\n", chooser(OPAQUE(1))(3, 9), chooser(OPAQUE(0))(3, 9));
  void (*prog[])(int *) = {inc, dbl, sq, inc, sq, dbl, inc};
  int state = OPAQUE(5);
  for (int k = 0; k < 20; k++) apply_all(prog, 7, &state);
  printf("state %d\n", state);
  /* Indirect call through a volatile function pointer (no devirtualisation). */
  long (*volatile vf)(long, long) = op_mul;
  printf("volatile %ld\n", vf(OPAQUE(123456L), 1000));
  return 0;
}
