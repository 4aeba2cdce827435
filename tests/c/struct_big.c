/* Structs larger than 16 bytes (MEMORY class): passed on the stack by
 * copy, returned through a hidden pointer (sret); with arrays inside,
 * nested, in arrays, and copied around. */
#include "dt.h"

struct big { long a, b, c; };
struct arr { int v[10]; };
struct mixed { char tag; double d[3]; short s; };
struct deep { struct big b; struct arr a; char name[13]; };
struct ld { long double x; };  /* x87 long double: MEMORY class */

#define NI __attribute__((noinline))

NI static struct big mkbig(long x) { return (struct big){x, x * 2, x * 3}; }
NI static struct big addbig(struct big p, struct big q) { return (struct big){p.a + q.a, p.b + q.b, p.c + q.c}; }
NI static long sumarr(struct arr a) { long s = 0; for (int i = 0; i < 10; i++) s += a.v[i] * (i + 1); return s; }
NI static struct arr revarr(struct arr a) { struct arr r; for (int i = 0; i < 10; i++) r.v[i] = a.v[9 - i]; return r; }
NI static struct mixed mkmixed(char t, double base) {
  struct mixed m;
  memset(&m, 0, sizeof m);
  m.tag = t;
  for (int i = 0; i < 3; i++) m.d[i] = base * (i + 1);
  m.s = (short)(t * 3);
  return m;
}
NI static double usemixed(int k, struct mixed m, double scale) { return (m.d[0] + m.d[1] + m.d[2]) * scale + m.tag + m.s + k; }
NI static struct deep mkdeep(const char *name, int seed) {
  struct deep d;
  memset(&d, 0, sizeof d);
  d.b = mkbig(seed);
  for (int i = 0; i < 10; i++) d.a.v[i] = seed * i - 7;
  strncpy(d.name, name, sizeof d.name - 1);
  return d;
}
NI static unsigned hashdeep(struct deep d) {
  unsigned h = (unsigned)(d.b.a ^ d.b.b ^ d.b.c);
  for (int i = 0; i < 10; i++) h = h * 31 + (unsigned)d.a.v[i];
  for (int i = 0; d.name[i]; i++) h = h * 31 + (unsigned char)d.name[i];
  return h;
}
NI static struct ld ldsq(struct ld x) { return (struct ld){x.x * x.x}; }

/* Registers full, then big structs and scalars on the stack in order. */
NI static long stacked(long r1, long r2, long r3, long r4, long r5, long r6, struct big b, long s1, struct arr a, int s2) {
  return r1 + r2 + r3 + r4 + r5 + r6 + b.a * 10 + b.b * 100 + b.c * 1000 + s1 * 7 + a.v[0] + a.v[9] * 3 + s2;
}

/* The returned struct is written through the caller's pointer while a
 * parameter aliases the destination's old value. */
NI static struct big rotate(struct big b) { return (struct big){b.c, b.a, b.b}; }

int main(void) {
  struct big b = addbig(mkbig(OPAQUE(5L)), mkbig(OPAQUE(-2L)));
  printf("big %ld %ld %ld\n", b.a, b.b, b.c);
  for (int i = 0; i < 4; i++) b = rotate(b);
  printf("rot %ld %ld %ld\n", b.a, b.b, b.c);
  struct arr a;
  for (int i = 0; i < 10; i++) a.v[i] = OPAQUE(i * i - 20);
  printf("arr %ld %ld\n", sumarr(a), sumarr(revarr(a)));
  struct mixed m = mkmixed(OPAQUE((char)7), 1.5);
  printf("mixed %.3f\n", usemixed(OPAQUE(3), m, 0.5));
  struct deep d1 = mkdeep(OPAQUE("first"), 3), d2 = mkdeep("second-name", OPAQUE(11));
  struct deep tmp = d1; d1 = d2; d2 = tmp;
  printf("deep %08x %08x %s %s\n", hashdeep(d1), hashdeep(d2), d1.name, d2.name);
  struct ld l = ldsq((struct ld){OPAQUE(1.5L)});
  printf("ld %.6Lf\n", l.x);
  printf("stacked %ld\n", stacked(1, 2, 3, 4, 5, OPAQUE(6L), mkbig(1), 9, a, -1));
  struct big many[8];
  for (int i = 0; i < 8; i++) many[i] = mkbig(OPAQUE((long)i));
  struct big acc = {0, 0, 0};
  for (int i = 0; i < 8; i++) acc = addbig(acc, many[7 - i]);
  printf("acc %ld %ld %ld\n", acc.a, acc.b, acc.c);
  return 0;
}
