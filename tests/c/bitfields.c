/* Bit-fields: signed and unsigned, widths 1 to 64, straddling storage
 * units, packed structs, zero-width separators, read-modify-write and
 * sign extension when read back. */
#include "dt.h"

struct flags {
  unsigned a : 1, b : 3, c : 5, d : 7, e : 16;
  signed f : 4, g : 12;
};
struct straddle {
  unsigned long x : 40, y : 30;  /* y crosses the first 64-bit unit */
  long z : 50;
  unsigned char w : 3;
};
struct __attribute__((packed)) packed {
  char tag;
  unsigned v : 20;
  int s : 11;
  unsigned long long big : 45;
};
struct sep {
  unsigned lo : 3;
  unsigned : 0;   /* next field starts a new unit */
  unsigned hi : 3;
  short neg : 5;
  _Bool flag : 1;
};

#define NI __attribute__((noinline))

NI static void bump(struct flags *p) {
  p->a++; p->b += 3; p->c -= 7; p->d *= 3; p->e ^= 0xabcd; p->f += 5; p->g -= 1000;
}
NI static struct straddle mod(struct straddle s, long k) {
  s.x += (unsigned long)k; s.y -= (unsigned long)k * 3; s.z = -s.z + k; s.w = (unsigned char)(s.w + k);
  return s;
}

int main(void) {
  struct flags fl = {0};
  for (int i = 0; i < 13; i++) {
    bump(&fl);
    printf("%u %u %u %u %u %d %d\n", fl.a, fl.b, fl.c, fl.d, fl.e, fl.f, fl.g);
  }
  struct straddle s = {OPAQUE(0xffffffff00UL), 0x2aaaaaaa, -123456789012345L, 5};
  for (int i = 0; i < 5; i++) {
    s = mod(s, OPAQUE(i * 1000003L));
    printf("%010lx %08lx %ld %u\n", (unsigned long)s.x, (unsigned long)s.y, (long)s.z, s.w);
  }
  struct packed p = {OPAQUE('p'), 0xfffff, -1024, 0x1fffffffffffULL};
  p.v += 2; p.s += 1; p.big += 0x10;
  printf("packed %zu %c %x %d %llx\n", sizeof p, p.tag, p.v, p.s, (unsigned long long)p.big);
  struct sep q = {OPAQUE(7u), 5, -16, 1};
  q.lo++; q.hi--; q.neg = (short)(q.neg - 1); q.flag = !q.flag;
  printf("sep %zu %u %u %d %d\n", sizeof q, q.lo, q.hi, q.neg, q.flag);
  /* Variable writes and sign extension of every width, checksummed. */
  struct { long v1 : 1; long v7 : 7; long v13 : 13; long v31 : 31; unsigned long u33 : 33; unsigned long u63 : 63; } w;
  memset(&w, 0, sizeof w);
  for (long k = -300; k < 300; k += 7) {
    long kv = OPAQUE(k);
    w.v1 = kv & 1 ? -1 : 0; w.v7 = kv % 64; w.v13 = kv * 13; w.v31 = kv * 1000003;
    w.u33 = (unsigned long)kv; w.u63 = (unsigned long)kv * 0x9e3779b97f4a7c15ULL;
    dt_mix((uint64_t)w.v1); dt_mix((uint64_t)w.v7); dt_mix((uint64_t)w.v13); dt_mix((uint64_t)w.v31);
    dt_mix(w.u33); dt_mix(w.u63);
  }
  dt_report("widths");
  return 0;
}
