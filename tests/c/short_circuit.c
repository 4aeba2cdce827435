/* Short-circuit conditions (&&, ||, !, nested, mixed with floats, pointers
 * and loads, with and without side effects on the right) that -O2 lowers
 * to chains of branches (FindMergedConditions) or keeps as one condition,
 * with phis in the targets and loops around them. */
#include "dt.h"

static int calls;

__attribute__((noinline)) static int side(int x) {
  calls++;
  return x & 1;
}

__attribute__((noinline)) static int and_loads(const int *p, const int *q, int a) {
  if (a == 0 && *p > 5)
    return 1;
  if (a != 0 && *q < *p)
    return 2;
  return 3;
}

__attribute__((noinline)) static int or_loads(const int *p, const int *q, int a) {
  int r = 7;
  if (a < 3 || *p == 9 || *q != 4)
    r = *p + *q;
  return r;
}

__attribute__((noinline)) static int nested(const long *v, long a, long b) {
  if ((a > 0 && v[0] < b) || (a < -5 && v[1] != 0))
    return (int)(v[0] + a);
  if (!(a == 3 || v[2] > 100) && b != 7)
    return -1;
  return 0;
}

__attribute__((noinline)) static int floats(const double *d, double x, int k) {
  if (x < d[0] && d[1] == x)
    return 1;
  if (d[2] != x || k > 4)
    return 2;
  if (!(x >= d[0]) && k == 1)
    return 3;
  return 4;
}

__attribute__((noinline)) static int pointers(const int *const *pp, const int *p) {
  if (p == NULL && pp[0] == NULL)
    return 10;
  if (p != NULL || pp[1] != NULL)
    return p ? *p : *pp[1];
  return 20;
}

__attribute__((noinline)) static int with_calls(int a, int b) {
  int r = 0;
  if (a > 2 && side(b))
    r += 1;
  if (side(a) || b < 0)
    r += 2;
  if (!side(a + b) && a != b)
    r += 4;
  return r;
}

__attribute__((noinline)) static unsigned count_in_loop(const unsigned char *s, unsigned n) {
  unsigned hits = 0, i = 0;
  while (i < n && s[i] != 0) {
    if ((s[i] >= 'a' && s[i] <= 'z') || s[i] == '_' || (s[i] >= '0' && s[i] <= '9'))
      hits += i;
    i++;
  }
  return hits;
}

__attribute__((noinline)) static int phis(const int *p, int a, int b) {
  int x = a;
  if (a > 10 && p[1] == b)
    x = p[2];
  else if (b < 0 || p[3] > a)
    x = b * 3;
  return x;
}

__attribute__((noinline)) static int wide(__int128 a, __int128 b, const __int128 *p) {
  if (a < b && *p != a)
    return 1;
  if (a == 0 || p[1] > b)
    return 2;
  return 3;
}

int main(void) {
  int vals[] = {0, 1, 4, 5, 6, 9, -3, 100};
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int a = -1; a < 5; a++) {
        dt_mix((uint64_t)and_loads(OPAQUE(&vals[i]), OPAQUE(&vals[j]), OPAQUE(a)));
        dt_mix((uint64_t)or_loads(OPAQUE(&vals[i]), OPAQUE(&vals[j]), OPAQUE(a)));
      }
  dt_report("loads");
  long lv[3][3] = {{1, 0, 5}, {-4, 2, 200}, {9, 9, 100}};
  for (int i = 0; i < 3; i++)
    for (long a = -7; a < 5; a++)
      for (long b = -1; b < 9; b += 2)
        dt_mix((uint64_t)nested(OPAQUE(lv[i]), OPAQUE(a), OPAQUE(b)));
  dt_report("nested");
  double nan = __builtin_nan("");
  double dv[4][3] = {{1.0, 0.5, 0.5}, {2.0, 1.5, nan}, {nan, nan, 3.0}, {0.0, -0.0, 0.0}};
  double xs[] = {0.5, 1.5, -0.0, 3.0, nan};
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 6; k++)
        dt_mix((uint64_t)floats(OPAQUE(dv[i]), OPAQUE(xs[j]), OPAQUE(k)));
  dt_report("floats");
  int seven = 7;
  const int *tab[2][2] = {{NULL, NULL}, {&vals[3], &seven}};
  for (int i = 0; i < 2; i++) {
    dt_mix((uint64_t)pointers(OPAQUE(tab[i]), OPAQUE((const int *)NULL)));
    dt_mix((uint64_t)pointers(OPAQUE(tab[i]), OPAQUE(&vals[5])));
  }
  const int *half[2] = {NULL, &seven};
  dt_mix((uint64_t)pointers(OPAQUE(half), OPAQUE((const int *)NULL)));
  dt_report("pointers");
  for (int a = -3; a < 5; a++)
    for (int b = -2; b < 4; b++)
      dt_mix((uint64_t)with_calls(OPAQUE(a), OPAQUE(b)));
  dt_mix((uint64_t)calls);
  dt_report("calls");
  const char *text = "hello_World 42 is the Answer, x_1!";
  for (unsigned n = 0; n < 40; n += 3)
    dt_mix(count_in_loop(OPAQUE((const unsigned char *)text), OPAQUE(n)));
  dt_report("loop");
  int pv[] = {0, 5, 77, 8, 12};
  for (int a = 8; a < 14; a++)
    for (int b = -2; b < 7; b++)
      dt_mix((uint64_t)phis(OPAQUE(pv), OPAQUE(a), OPAQUE(b)));
  dt_report("phis");
  __int128 w[2] = {(__int128)1 << 70, -5};
  for (int a = -2; a < 2; a++)
    for (int b = -1; b < 2; b++)
      dt_mix((uint64_t)wide(OPAQUE((__int128)a * ((__int128)1 << 64)), OPAQUE((__int128)b), OPAQUE(w)));
  dt_report("wide");
  return 0;
}
