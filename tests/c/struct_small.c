/* Small integer-only structs (INTEGER class, one or two registers) passed
 * and returned by value: 1 to 16 bytes, odd sizes, nested, with chars and
 * shorts, and mixed with scalar arguments. */
#include "dt.h"

struct s1 { char a; };
struct s2 { short a; };
struct s3 { char a, b, c; };
struct s4 { int a; };
struct s5 { char a[5]; };
struct s6 { short a, b, c; };
struct s7 { char a; short b; char c[3]; };
struct s8 { long a; };
struct s12 { int a, b, c; };
struct s16 { long a, b; };
struct s9 { long a; char b; };
struct s10 { short s[5]; };
struct nest { struct s3 x; struct s4 y; };
struct ptrs { const char *p; long n; };

#define NI __attribute__((noinline))

NI static struct s1 f1(struct s1 x, int k) { x.a = (char)(x.a + k); return x; }
NI static struct s2 f2(struct s2 x, int k) { x.a = (short)(x.a * k); return x; }
NI static struct s3 f3(struct s3 x) { struct s3 r = {x.c, x.a, x.b}; return r; }
NI static struct s4 f4(struct s4 x, struct s4 y) { return (struct s4){x.a - y.a}; }
NI static struct s5 f5(struct s5 x) { for (int i = 0; i < 5; i++) x.a[i] = (char)(x.a[i] ^ (i * 17)); return x; }
NI static struct s6 f6(int k, struct s6 x) { return (struct s6){(short)(x.c + k), (short)(x.a + k), (short)(x.b + k)}; }
NI static struct s7 f7(struct s7 x) { x.b = (short)(x.b * 3); x.c[2] = x.a; return x; }
NI static struct s8 f8(struct s8 x, struct s8 y) { return (struct s8){x.a * 1000003 + y.a}; }
NI static struct s12 f12(struct s12 x) { return (struct s12){x.b, x.c, x.a + x.b + x.c}; }
NI static struct s16 f16(struct s16 x, struct s16 y) { return (struct s16){x.a + y.b, x.b - y.a}; }
NI static struct s9 f9(struct s9 x) { x.a *= 8; x.b = (char)(x.b + 1); return x; }
NI static struct s10 f10(struct s10 x) { struct s10 r; for (int i = 0; i < 5; i++) r.s[i] = x.s[4 - i]; return r; }
NI static struct nest fn(struct nest n, char d) { n.x.b = d; n.y.a += d; return n; }
NI static struct ptrs fp(struct ptrs p) { p.p += 2; p.n -= 2; return p; }

/* Six register arguments used up, so the structs go on the stack. */
NI static long spill(long a, long b, long c, long d, long e, struct s16 s, struct s4 t, struct s12 u) {
  return a + b * 2 + c * 3 + d * 4 + e * 5 + s.a * 6 + s.b * 7 + t.a * 8 + u.a * 9 + u.b * 10 + u.c * 11;
}
/* One register left: a 16-byte struct does not fit and goes to memory,
 * the following int still takes the register. */
NI static long split(long a, long b, long c, long d, long e, struct s16 s, int z) {
  return a ^ b ^ c ^ d ^ e ^ s.a ^ (s.b << 1) ^ z;
}

int main(void) {
  struct s1 a1 = f1((struct s1){OPAQUE((char)100)}, 27);
  struct s2 a2 = f2((struct s2){OPAQUE((short)-1234)}, 21);
  struct s3 a3 = f3((struct s3){OPAQUE((char)1), 2, 3});
  struct s4 a4 = f4((struct s4){OPAQUE(1000)}, (struct s4){-24});
  struct s5 a5 = f5((struct s5){{OPAQUE((char)'h'), 'e', 'l', 'l', 'o'}});
  struct s6 a6 = f6(OPAQUE(7), (struct s6){1, 2, 3});
  struct s7 a7 = f7((struct s7){OPAQUE((char)'x'), 1111, {4, 5, 6}});
  struct s8 a8 = f8((struct s8){OPAQUE(77L)}, (struct s8){-5});
  struct s12 a12 = f12((struct s12){OPAQUE(10), 20, 30});
  struct s16 a16 = f16((struct s16){OPAQUE(1L << 40), 5}, (struct s16){3, -4});
  struct s9 a9 = f9((struct s9){OPAQUE(-3L), 'A'});
  struct s10 a10 = f10((struct s10){{OPAQUE((short)1), 2, 3, 4, 5}});
  struct nest an = fn((struct nest){{1, 2, 3}, {OPAQUE(400)}}, 9);
  struct ptrs ap = fp((struct ptrs){OPAQUE("abcdef"), 6});
  printf("%d %d %d%d%d %d\n", a1.a, a2.a, a3.a, a3.b, a3.c, a4.a);
  printf("%d %d %d %d %d | %d %d %d\n", a5.a[0], a5.a[1], a5.a[2], a5.a[3], a5.a[4], a6.a, a6.b, a6.c);
  printf("%c %d %d%d%c | %ld | %d %d %d\n", a7.a, a7.b, a7.c[0], a7.c[1], a7.c[2], a8.a, a12.a, a12.b, a12.c);
  printf("%ld %ld | %ld %c | %d%d%d%d%d\n", a16.a, a16.b, a9.a, a9.b, a10.s[0], a10.s[1], a10.s[2], a10.s[3], a10.s[4]);
  printf("%d %d %d %d | %s %ld\n", an.x.a, an.x.b, an.x.c, an.y.a, ap.p, ap.n);
  printf("spill %ld split %ld\n",
         spill(OPAQUE(1L), 2, 3, 4, 5, (struct s16){6, 7}, (struct s4){8}, (struct s12){9, 10, 11}),
         split(OPAQUE(1L), 2, 4, 8, 16, (struct s16){32, 64}, 256));
  /* Struct assignment and comparison through memcmp-free field checks. */
  struct s12 arr[4];
  for (int i = 0; i < 4; i++) arr[i] = f12((struct s12){i, i * i, OPAQUE(i * 3)});
  struct s12 t = arr[1]; arr[1] = arr[3]; arr[3] = t;
  for (int i = 0; i < 4; i++) printf("(%d %d %d)", arr[i].a, arr[i].b, arr[i].c);
  printf("\n");
  return 0;
}
