/* Unions: type punning between integers and floating point, unions passed
 * and returned by value (their classification merges the members'),
 * tagged unions, and unions inside structs. */
#include "dt.h"

union fbits { float f; uint32_t u; unsigned char b[4]; };
union dbits { double d; uint64_t u; uint32_t w[2]; };
union small { short s; char c[2]; };             /* INTEGER */
union fl { float f; long l; };                   /* INTEGER (mixed) */
union dd { double d; float f[2]; };              /* SSE */
union big { long v[3]; double d[3]; };           /* MEMORY */

enum kind { K_INT, K_DBL, K_STR };
struct tagged { enum kind k; union { long i; double d; const char *s; } u; };

#define NI __attribute__((noinline))

NI static union fl flip_fl(union fl x) { x.l ^= 0x80000000L; return x; }
NI static union dd half(union dd x) { x.f[1] = x.f[0] / 2; return x; }
NI static union small swap_small(union small x) { char t = x.c[0]; x.c[0] = x.c[1]; x.c[1] = t; return x; }
NI static union big fill_big(long k) { union big b; for (int i = 0; i < 3; i++) b.v[i] = k << (8 * i); return b; }

NI static double tagged_value(struct tagged t) {
  switch (t.k) {
  case K_INT: return (double)t.u.i;
  case K_DBL: return t.u.d;
  case K_STR: return (double)strlen(t.u.s);
  }
  return -1;
}

int main(void) {
  union fbits fb = {.f = OPAQUE(-1.25f)};
  printf("float bits %08x %02x%02x%02x%02x\n", fb.u, fb.b[0], fb.b[1], fb.b[2], fb.b[3]);
  fb.u = OPAQUE(0x40490fdbu);
  printf("pi %.7f\n", (double)fb.f);
  union dbits db = {.d = OPAQUE(1.0 / 3)};
  printf("double bits %016llx %08x %08x\n", (unsigned long long)db.u, db.w[0], db.w[1]);
  db.u += 1;
  printf("next %.17g\n", db.d);
  union fl a = flip_fl((union fl){.f = OPAQUE(2.5f)});
  printf("fl %g %lx\n", (double)a.f, (unsigned long)a.l & 0xffffffffUL);
  union dd b = half((union dd){.f = {OPAQUE(3.0f), 0}});
  printf("dd %g %g\n", (double)b.f[0], (double)b.f[1]);
  union small c = swap_small((union small){.s = OPAQUE((short)0x1234)});
  printf("small %04x\n", (unsigned)(unsigned short)c.s);
  union big d = fill_big(OPAQUE(0x5aL));
  printf("big %lx %lx %lx\n", d.v[0], d.v[1], d.v[2]);
  struct tagged ts[] = {{K_INT, {.i = OPAQUE(-42L)}}, {K_DBL, {.d = 6.25}}, {K_STR, {.s = "seven chars"}}};
  double tot = 0;
  for (int i = 0; i < 3; i++) tot = tot * 10 + tagged_value(ts[OPAQUE(i)]);
  printf("tagged %g\n", tot);
  /* Fast inverse square root style punning, in a loop. */
  for (int i = 1; i < 2000; i += 97) {
    union fbits x = {.f = (float)OPAQUE(i)};
    x.u = 0x5f3759df - (x.u >> 1);
    dt_mix(x.u);
  }
  dt_report("punning");
  return 0;
}
