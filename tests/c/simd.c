/* GCC vector extensions (vector_size 16 and 32): integer and
 * floating-point lanes, arithmetic, shifts, comparisons producing masks,
 * shuffles, element access with variable indices, conversions, vectors
 * passed and returned by value, and wider-than-SSE vectors that must be
 * split. */
#include "dt.h"

/* 32-byte vectors without AVX are passed in memory; that is the point. */
#pragma clang diagnostic ignored "-Wpsabi"

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned v4su __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
typedef unsigned char v16qu __attribute__((vector_size(16)));
typedef signed char v16qi __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));
typedef double v4df __attribute__((vector_size(32)));

#define NI __attribute__((noinline))

NI static v4si iops(v4si a, v4si b) { return ((a + b) * (a - b) ^ (a & ~b)) | (b >> 2); }
NI static v4su ushift(v4su a, v4su s) { return (a << (s & 31)) + (a >> ((s + 3) & 31)); }
NI static v4si idiv(v4si a, v4si b) { return a / b + a % b; }
NI static v8hi hops(v8hi a, v8hi b) { return a * b - (a >> 1) + (v8hi)(a < b); }
NI static v16qu bops(v16qu a, v16qu b) { return (a + b) ^ (a * 3) ^ (v16qu)(a > b); }
NI static v16qi sbops(v16qi a, v16qi b) { return (a - b) + (v16qi)(a < b) * 2; }
NI static v2di lops(v2di a, v2di b) { return a * b + (a << 3) - (b >> 1) + (v2di)(a == b); }
NI static v4sf fops(v4sf a, v4sf b) { return a * b + a / (b + 1) - (v4sf){0.5f, 0.25f, 0.125f, 0.0625f}; }
NI static v2df dops(v2df a, v2df b) { return (a - b) * (a + b) / 3; }
NI static v4si fcmp(v4sf a, v4sf b) { return (a < b) | ((a == b) & 2); }
NI static v8si wide(v8si a, v8si b) { return a * b + (a >> 1); }
NI static v4df wided(v4df a, v4df b) { return a * b - a / 4; }
NI static v4si shuffle(v4si a, v4si b) { return __builtin_shufflevector(a, b, 3, 6, 1, 4); }
NI static v4si rev(v4si a) { return __builtin_shufflevector(a, a, 3, 2, 1, 0); }
NI static int extract(v4si a, int i) { return a[i & 3]; }
NI static v4si insert(v4si a, int i, int v) { a[i & 3] = v; return a; }
NI static v4sf convert(v4si a) { return __builtin_convertvector(a, v4sf); }
NI static v4si convert_back(v4sf a) { return __builtin_convertvector(a, v4si); }
NI static v4si select_(v4si m, v4si a, v4si b) { return (m & a) | (~m & b); }
NI static int hsum(v4si a) { return a[0] + a[1] + a[2] + a[3]; }

static void mix_v(const void *p, size_t n) { dt_mix_bytes(p, n); }

int main(void) {
  v4si a = {OPAQUE(1), -2, 300000, -400000}, b = {5, OPAQUE(6), -7, 8};
  v4si r = iops(a, b);
  printf("iops %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  v4su us = ushift((v4su){OPAQUE(0x80000001u), 2, 0xffffffffu, 12345}, (v4su){1, 31, OPAQUE(16u), 40});
  printf("ushift %08x %08x %08x %08x\n", us[0], us[1], us[2], us[3]);
  v4si d = idiv((v4si){OPAQUE(100), -100, 7, -7}, (v4si){7, 7, OPAQUE(-2), 3});
  printf("idiv %d %d %d %d\n", d[0], d[1], d[2], d[3]);
  v8hi h = hops((v8hi){OPAQUE((short)1), 2, -3, 4, 300, -32768, 32767, 0}, (v8hi){9, 8, 7, 6, 5, 4, 3, OPAQUE((short)2)});
  mix_v(&h, sizeof h);
  v16qu q = bops((v16qu){OPAQUE((unsigned char)250), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 255},
                 (v16qu){3, 3, 3, 3, 200, 200, 200, 200, 0, 1, 2, 3, 4, 5, OPAQUE((unsigned char)6), 7});
  mix_v(&q, sizeof q);
  v16qi sq = sbops((v16qi){OPAQUE((signed char)-128), 127, 1, -1}, (v16qi){1, -1, OPAQUE((signed char)2), 2});
  mix_v(&sq, sizeof sq);
  v2di l = lops((v2di){OPAQUE(-3LL), 1LL << 40}, (v2di){-3, OPAQUE(12345LL)});
  printf("lops %lld %lld\n", l[0], l[1]);
  dt_report("narrow lanes");
  v4sf f = fops((v4sf){OPAQUE(1.5f), -2, 3.25f, 100}, (v4sf){2, OPAQUE(0.5f), -0.75f, 1e-3f});
  printf("fops %a %a %a %a\n", (double)f[0], (double)f[1], (double)f[2], (double)f[3]);
  v2df df = dops((v2df){OPAQUE(3.0), -1.5}, (v2df){1, OPAQUE(2.5)});
  printf("dops %a %a\n", df[0], df[1]);
  v4si c = fcmp((v4sf){1, 2, 3, OPAQUE(4.0f)}, (v4sf){2, 2, OPAQUE(1.0f), 5});
  printf("fcmp %d %d %d %d\n", c[0], c[1], c[2], c[3]);
  v8si w = wide((v8si){1, 2, 3, 4, 5, 6, 7, OPAQUE(8)}, (v8si){OPAQUE(-1), 2, -3, 4, -5, 6, -7, 8});
  mix_v(&w, sizeof w);
  v4df wd = wided((v4df){1, 2, 3, OPAQUE(4.0)}, (v4df){OPAQUE(0.5), 0.25, 2, 8});
  printf("wided %g %g %g %g\n", wd[0], wd[1], wd[2], wd[3]);
  v4si s = shuffle(a, b), rv = rev(a);
  printf("shuffle %d %d %d %d rev %d %d %d %d\n", s[0], s[1], s[2], s[3], rv[0], rv[1], rv[2], rv[3]);
  v4si ins = insert(a, OPAQUE(2), 77);
  printf("extract %d %d insert %d %d\n", extract(a, OPAQUE(1)), extract(a, OPAQUE(7)), ins[2], hsum(ins));
  v4sf cv = convert((v4si){OPAQUE(-1), 16777217, 3, -2147483647 - 1});
  v4si cb = convert_back((v4sf){OPAQUE(-1.75f), 2.5f, 1e9f, -0.5f});
  printf("convert %a %a %d %d %d %d\n", (double)cv[1], (double)cv[3], cb[0], cb[1], cb[2], cb[3]);
  v4si sel = select_((v4si){-1, 0, OPAQUE(-1), 0}, a, b);
  printf("select %d %d %d %d\n", sel[0], sel[1], sel[2], sel[3]);
  /* A loop over arrays of vectors. */
  v4si acc = {0, 0, 0, 0};
  for (int i = 0; i < 100; i++) {
    v4si x = {i, i * 2, i * 3, OPAQUE(i) * 4};
    acc += x * x - (acc >> 3);
  }
  printf("acc %d %d %d %d\n", acc[0], acc[1], acc[2], acc[3]);
  dt_report("wide");
  return 0;
}
