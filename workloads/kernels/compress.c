/* A compression loop: LZ77 with a hash-chain match finder over generated
   text-like data, then decompression and a round-trip check. */
#include "common.h"

#define WIN 32768
#define HBITS 15
#define MINM 4
#define MAXM 258

static uint32_t hash4(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return (v * 2654435761u) >> (32 - HBITS);
}

/* Output: literal run or match tokens in a byte stream. */
static long compress(const uint8_t *in, long n, uint8_t *out) {
  static int32_t head[1 << HBITS];
  static int32_t prev[WIN];
  for (int i = 0; i < (1 << HBITS); i++) head[i] = -1;
  long o = 0, i = 0, lit = 0;
  while (i < n) {
    long best = 0, dist = 0;
    if (i + MINM <= n) {
      uint32_t h = hash4(in + i);
      long cand = head[h];
      int chain = 32;
      while (cand >= 0 && i - cand < WIN && chain--) {
        long m = 0, lim = n - i < MAXM ? n - i : MAXM;
        while (m < lim && in[cand + m] == in[i + m]) m++;
        if (m > best) { best = m; dist = i - cand; }
        cand = prev[cand % WIN];
      }
      prev[i % WIN] = head[h];
      head[h] = (int32_t)i;
    }
    if (best >= MINM) {
      if (lit) { out[o++] = (uint8_t)(lit - 1); memcpy(out + o, in + i - lit, lit); o += lit; lit = 0; }
      out[o++] = (uint8_t)(0x80 | (best - MINM) >> 8);
      out[o++] = (uint8_t)(best - MINM);
      out[o++] = (uint8_t)(dist >> 8);
      out[o++] = (uint8_t)dist;
      for (long k = 1; k < best && i + k + MINM <= n; k++) {
        uint32_t h = hash4(in + i + k);
        prev[(i + k) % WIN] = head[h];
        head[h] = (int32_t)(i + k);
      }
      i += best;
    } else {
      lit++;
      i++;
      if (lit == 128) { out[o++] = 127; memcpy(out + o, in + i - lit, lit); o += lit; lit = 0; }
    }
  }
  if (lit) { out[o++] = (uint8_t)(lit - 1); memcpy(out + o, in + i - lit, lit); o += lit; }
  return o;
}

static long decompress(const uint8_t *in, long n, uint8_t *out) {
  long i = 0, o = 0;
  while (i < n) {
    uint8_t t = in[i++];
    if (t & 0x80) {
      long len = (((long)(t & 0x7f) << 8) | in[i]) + MINM;
      long dist = ((long)in[i + 1] << 8) | in[i + 2];
      i += 3;
      for (long k = 0; k < len; k++, o++) out[o] = out[o - dist];
    } else {
      long len = (long)t + 1;
      memcpy(out + o, in + i, len);
      i += len;
      o += len;
    }
  }
  return o;
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  long n = 1 << 20;
  uint8_t *in = malloc(n), *c = malloc(2 * n), *d = malloc(n);
  static const char *words[] = {"the ", "quick ", "brown ", "fox ", "jumps ", "over ",
                                "lazy ", "dog ", "and ", "compiler ", "register ", "block "};
  rng_seed(11);
  for (long i = 0; i < n;) {
    uint64_t r = rng_next();
    const char *w = words[r % 12];
    long l = (long)strlen(w);
    for (long k = 0; k < l && i < n; k++) in[i++] = (uint8_t)((r >> 20) % 13 == 0 ? 'A' + (r >> 30) % 26 : w[k]);
  }
  for (int r = 0; r < 4 * s; r++) {
    in[(r * 7919) % n] ^= 1;
    long cn = compress(in, n, c);
    long dn = decompress(c, cn, d);
    uint64_t h = 0;
    for (long i = 0; i < cn; i++) h = h * 131 + c[i];
    printf("round %d compressed %ld -> %ld ok %d hash %llx\n", r, n, cn,
           dn == n && memcmp(in, d, n) == 0, (unsigned long long)h);
  }
  free(in); free(c); free(d);
  return 0;
}
