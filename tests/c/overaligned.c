/* Over-aligned locals and types: _Alignas(16/32/64/4096) locals (stack
 * realignment), aligned structs passed by pointer and by value, arrays of
 * aligned elements, over-aligned locals together with VLAs and alloca, and
 * aligned globals. Addresses are printed only as "aligned or not". */
#include <alloca.h>
#include <stdalign.h>
#include "dt.h"

#define NI __attribute__((noinline))
#define ALIGNED(p, n) (((uintptr_t)(p) & ((n) - 1)) == 0)

struct __attribute__((aligned(32))) vec { double v[4]; };
struct holder { char c; struct vec v; int tail; };
static _Alignas(64) char gbuf[100];
static _Alignas(4096) int page[16];

NI static int check_locals(int n) {
  _Alignas(64) char a[10];
  _Alignas(32) long b = n;
  char c = (char)n;
  _Alignas(16) short d[3] = {1, 2, (short)n};
  a[0] = c;
  return ALIGNED(a, 64) + 2 * ALIGNED(&b, 32) + 4 * ALIGNED(d, 16) + (a[0] + d[2] + (int)b) * 8;
}

NI static int with_vla(int n) {
  _Alignas(64) int big[4] = {n, n, n, n};
  int vla[n];
  for (int i = 0; i < n; i++) vla[i] = i;
  char *al = alloca((size_t)n);
  al[0] = 1;
  _Alignas(128) char late[3] = {0};
  return ALIGNED(big, 64) + 2 * ALIGNED(late, 128) + 4 * (vla[n - 1] + big[3] + al[0]);
}

NI static double sum_vec(struct vec v) { return v.v[0] + v.v[1] * 2 + v.v[2] * 3 + v.v[3] * 4; }
NI static struct vec make_vec(double x) { struct vec r = {{x, x + 1, x + 2, x + 3}}; return r; }
NI static int check_holder(struct holder *h) { return ALIGNED(&h->v, 32) + (int)sizeof *h + (int)alignof(struct holder); }

/* Recursion keeps realigning the stack at every level. */
NI static int deep(int n) {
  _Alignas(64) int x[2] = {n, n * 2};
  if (n == 0) return ALIGNED(x, 64);
  return deep(n - 1) + ALIGNED(x, 64) + x[1] - x[0] - n;
}

int main(void) {
  printf("locals %d %d\n", check_locals(OPAQUE(3)), check_locals(OPAQUE(-5)));
  printf("vla %d %d\n", with_vla(OPAQUE(1)), with_vla(OPAQUE(37)));
  struct vec v = make_vec(OPAQUE(1.5));
  printf("vec %.2f aligned %d size %zu\n", sum_vec(v), (int)ALIGNED(&v, 32), sizeof v);
  struct holder h = {'x', {{1, 2, 3, 4}}, 5};
  printf("holder %d\n", check_holder(&h));
  struct vec arr[3];
  int ok = 1;
  for (int i = 0; i < 3; i++) { arr[i] = make_vec(i); ok &= ALIGNED(&arr[i], 32); }
  printf("array %d %.1f\n", ok, sum_vec(arr[OPAQUE(2)]));
  printf("globals %d %d\n", (int)ALIGNED(gbuf, 64), (int)ALIGNED(page, 4096));
  printf("deep %d\n", deep(OPAQUE(20)));
  _Alignas(4096) char pg[64];
  pg[OPAQUE(3)] = 9;
  printf("page local %d %d\n", (int)ALIGNED(pg, 4096), pg[3]);
  return 0;
}
