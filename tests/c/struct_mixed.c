/* Structs mixing integers and floating point (SSE and INTEGER eightbytes
 * in one struct), float pairs packed in one XMM register, and running out
 * of XMM registers. */
#include "dt.h"

struct ff { float a, b; };                 /* one SSE eightbyte */
struct fff { float a, b, c; };             /* SSE, SSE */
struct dd { double a, b; };                /* SSE, SSE */
struct di { double d; int i; };            /* SSE, INTEGER */
struct id { int i; double d; };            /* INTEGER, SSE */
struct fi { float f; int i; };             /* INTEGER (mixed in one eightbyte) */
struct cf { char c; float f; long l; };    /* INTEGER, INTEGER */
struct f4 { float v[4]; };                 /* SSE, SSE */
struct d1 { double d; };                   /* SSE */
struct lf { long l; float f; float g; };   /* INTEGER, SSE */

#define NI __attribute__((noinline))

NI static struct ff pff(struct ff x, float k) { return (struct ff){x.b * k, x.a + k}; }
NI static struct fff pfff(struct fff x) { return (struct fff){x.c, x.a, x.a * x.b}; }
NI static struct dd pdd(struct dd x, struct dd y) { return (struct dd){x.a * y.b, x.b - y.a}; }
NI static struct di pdi(struct di x) { x.d /= 4; x.i = -x.i; return x; }
NI static struct id pid(struct id x, int k) { x.d += k; x.i *= k; return x; }
NI static struct fi pfi(struct fi x) { x.f *= 2; x.i += 3; return x; }
NI static struct cf pcf(struct cf x) { x.c = (char)(x.c + 1); x.f -= 0.5f; x.l *= 3; return x; }
NI static struct f4 pf4(struct f4 x) { struct f4 r; for (int i = 0; i < 4; i++) r.v[i] = x.v[3 - i] + (float)i; return r; }
NI static struct d1 pd1(struct d1 x) { return (struct d1){x.d * x.d}; }
NI static struct lf plf(struct lf x) { x.l += (long)x.f; x.g = x.f * 3; return x; }

/* XMM registers run out: the last dd goes on the stack as a whole. */
NI static double many(struct dd a, struct dd b, struct dd c, struct dd d, double e, struct dd f, struct di g, struct id h) {
  return a.a + b.b * 2 + c.a * 3 + d.b * 4 + e * 5 + f.a * 6 + f.b * 7 + g.d * 8 + g.i * 9 + h.i * 10 + h.d * 11;
}

int main(void) {
  struct ff r1 = pff((struct ff){OPAQUE(1.5f), 2.25f}, 3);
  struct fff r2 = pfff((struct fff){OPAQUE(1.0f), 2.0f, 3.0f});
  struct dd r3 = pdd((struct dd){OPAQUE(1.25), 2.5}, (struct dd){-3.0, 0.125});
  struct di r4 = pdi((struct di){OPAQUE(10.0), 77});
  struct id r5 = pid((struct id){OPAQUE(-5), 0.75}, 4);
  struct fi r6 = pfi((struct fi){OPAQUE(2.5f), 39});
  struct cf r7 = pcf((struct cf){OPAQUE((char)'q'), 1.0f, 1L << 33});
  struct f4 r8 = pf4((struct f4){{OPAQUE(0.5f), 1.5f, 2.5f, 3.5f}});
  struct d1 r9 = pd1((struct d1){OPAQUE(-1.5)});
  struct lf r10 = plf((struct lf){OPAQUE(100L), 7.75f, 0});
  printf("%g %g | %g %g %g | %g %g\n", (double)r1.a, (double)r1.b, (double)r2.a, (double)r2.b, (double)r2.c, r3.a, r3.b);
  printf("%g %d | %d %g | %g %d | %c %g %ld\n", r4.d, r4.i, r5.i, r5.d, (double)r6.f, r6.i, r7.c, (double)r7.f, r7.l);
  printf("%g %g %g %g | %g | %ld %g %g\n", (double)r8.v[0], (double)r8.v[1], (double)r8.v[2], (double)r8.v[3], r9.d,
         r10.l, (double)r10.f, (double)r10.g);
  double m = many((struct dd){OPAQUE(1.0), 2}, (struct dd){3, 4}, (struct dd){5, 6}, (struct dd){7, 8}, 9,
                  (struct dd){10, 11}, (struct di){12, 13}, (struct id){14, 15});
  printf("many %.3f\n", m);
  /* Arrays of mixed structs, copied and summed. */
  struct id arr[5];
  for (int i = 0; i < 5; i++) arr[i] = pid((struct id){i, i * 0.5}, OPAQUE(i + 1));
  double s = 0;
  for (int i = 0; i < 5; i++) s += arr[i].d * arr[i].i;
  printf("arr %.4f\n", s);
  return 0;
}
