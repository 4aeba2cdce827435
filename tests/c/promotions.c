/* Integer promotions and conversions: signed/unsigned char and short in
 * arithmetic, comparisons and shifts, implicit truncation on assignment,
 * sign and zero extension through function boundaries (the zeroext and
 * signext argument attributes), and _Bool. */
#include "dt.h"

#define NI __attribute__((noinline))

NI static signed char sc_add(signed char a, signed char b) { return (signed char)(a + b); }
NI static unsigned char uc_mul(unsigned char a, unsigned char b) { return (unsigned char)(a * b); }
NI static short s_neg(short a) { return (short)-a; }
NI static unsigned short us_shl(unsigned short a, int s) { return (unsigned short)(a << s); }
NI static int widen_sc(signed char c) { return c; }
NI static int widen_uc(unsigned char c) { return c; }
NI static long widen_s(short s) { return s; }
NI static unsigned long widen_us(unsigned short s) { return s; }
NI static _Bool to_bool(long x) { return x; }
NI static int from_bool(_Bool b) { return b + 1; }
NI static char plain_char(int x) { return (char)x; }
NI static signed char ret_sc(int x) { return (signed char)(x * 3); }
NI static unsigned short ret_us(long x) { return (unsigned short)(x >> 3); }

int main(void) {
  unsigned h = 0;
  for (int i = -130; i < 260; i += 3) {
    int x = OPAQUE(i);
    signed char a = (signed char)x;
    unsigned char b = (unsigned char)x;
    short c = (short)(x * 300);
    unsigned short d = (unsigned short)(x * 300);
    h = h * 31 + (unsigned)sc_add(a, (signed char)7);
    h = h * 31 + uc_mul(b, 3);
    h = h * 31 + (unsigned)s_neg(c);
    h = h * 31 + us_shl(d, x & 15);
    h = h * 31 + (unsigned)widen_sc(a) + (unsigned)widen_uc(b) * 7;
    h = h * 31 + (unsigned)widen_s(c) + (unsigned)widen_us(d);
    h = h * 31 + (unsigned)(a < b) + (unsigned)(c < d) * 2 + (unsigned)(a == b) * 4;
    h = h * 31 + (unsigned)(a >> 2) + (unsigned)(b >> 2) + (unsigned)(c >> 5) + (unsigned)(d >> 5);
    h = h * 31 + (unsigned)ret_sc(x) + ret_us(x * 1000L);
    h = h * 31 + (unsigned)from_bool(to_bool(x & 0x100)) + (unsigned)plain_char(x);
  }
  printf("hash %08x\n", h);
  signed char m = OPAQUE((signed char)-128);
  unsigned char u = OPAQUE((unsigned char)255);
  printf("%d %d %d %u %d\n", -m, m - 1, m * m, (unsigned)(u + 1), (unsigned char)(u + 1));
  short s = OPAQUE((short)-32768);
  unsigned short us = OPAQUE((unsigned short)65535);
  printf("%d %d %u %d %d\n", -s, s * 2, us * 2u, us > s, (short)(us + 1));
  /* unsigned int vs int comparisons and wraparound. */
  unsigned ui = OPAQUE(0u);
  int si = OPAQUE(-1);
  printf("%d %d %u %lld\n", ui - 1 > 0u, si < 0, ui - 1, (long long)(ui - 1));
  /* Char arithmetic in a loop (a Caesar cipher). */
  char text[] = "Promote me, Please!";
  for (char *p = text; *p; p++) {
    if (*p >= 'a' && *p <= 'z') *p = (char)('a' + (*p - 'a' + OPAQUE(13)) % 26);
    else if (*p >= 'A' && *p <= 'Z') *p = (char)('A' + (*p - 'A' + 13) % 26);
  }
  printf("%s\n", text);
  _Bool flags[5] = {0};
  for (int i = 0; i < 5; i++) flags[i] = OPAQUE(i * 7) % 3;
  printf("bools %d%d%d%d%d sum %d\n", flags[0], flags[1], flags[2], flags[3], flags[4],
         flags[0] + flags[1] + flags[2] + flags[3] + flags[4]);
  return 0;
}
