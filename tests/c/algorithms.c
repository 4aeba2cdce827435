/* Mixed workloads of the kind real programs run: a table-driven CRC-32,
 * a SHA-256 compression function, base64 encoding, a prime sieve, an
 * open-addressing hash table, and a tiny big-number multiplication. */
#include "dt.h"

static uint32_t crc_table[256];
static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
}
static uint32_t crc32(const unsigned char *p, size_t n) {
  uint32_t c = 0xffffffffu;
  while (n--) c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
static void sha256_block(uint32_t h[8], const unsigned char blk[64]) {
  uint32_t w[64];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)blk[4 * i] << 24 | (uint32_t)blk[4 * i + 1] << 16 | (uint32_t)blk[4 * i + 2] << 8 | blk[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
    uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
  }
  h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}
static void sha256(const unsigned char *msg, size_t n, uint32_t out[8]) {
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  unsigned char blk[64];
  size_t i = 0;
  for (; i + 64 <= n; i += 64) sha256_block(h, msg + i);
  size_t rest = n - i;
  memset(blk, 0, 64);
  memcpy(blk, msg + i, rest);
  blk[rest] = 0x80;
  if (rest >= 56) { sha256_block(h, blk); memset(blk, 0, 64); }
  uint64_t bits = (uint64_t)n * 8;
  for (int k = 0; k < 8; k++) blk[63 - k] = (unsigned char)(bits >> (8 * k));
  sha256_block(h, blk);
  memcpy(out, h, sizeof h);
}

static void base64(const unsigned char *in, size_t n, char *out) {
  static const char tbl[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t o = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) | (i + 2 < n ? in[i + 2] : 0);
    out[o++] = tbl[v >> 18];
    out[o++] = tbl[(v >> 12) & 63];
    out[o++] = i + 1 < n ? tbl[(v >> 6) & 63] : '=';
    out[o++] = i + 2 < n ? tbl[v & 63] : '=';
  }
  out[o] = 0;
}

static int sieve(int n) {
  static unsigned char composite[100001];
  int count = 0;
  for (int i = 2; i <= n; i++) {
    if (composite[i]) continue;
    count++;
    for (long j = (long)i * i; j <= n; j += i) composite[j] = 1;
  }
  return count;
}

#define HSIZE 1024
static uint64_t hkeys[HSIZE];
static int hvals[HSIZE];
static int hput(uint64_t k, int v) {
  unsigned i = (unsigned)((k * 0x9e3779b97f4a7c15ULL) >> 54), probes = 0;
  while (hkeys[i] && hkeys[i] != k) { i = (i + 1) & (HSIZE - 1); probes++; }
  hkeys[i] = k;
  hvals[i] += v;
  return (int)probes;
}

/* 128-digit decimal multiplication, base 10^4 limbs. */
static void bigmul(const uint32_t *a, int na, const uint32_t *b, int nb, uint32_t *r) {
  uint64_t t[64] = {0};
  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb; j++) t[i + j] += (uint64_t)a[i] * b[j];
  uint64_t carry = 0;
  for (int i = 0; i < na + nb; i++) { t[i] += carry; r[i] = (uint32_t)(t[i] % 10000); carry = t[i] / 10000; }
}

int main(void) {
  crc_init();
  const char *text = OPAQUE("The quick brown fox jumps over the lazy dog");
  printf("crc32 %08x %08x\n", crc32((const unsigned char *)text, strlen(text)), crc32((const unsigned char *)"", 0));
  uint32_t h[8];
  sha256((const unsigned char *)text, strlen(text), h);
  printf("sha256 ");
  for (int i = 0; i < 8; i++) printf("%08x", h[i]);
  printf("\n");
  unsigned char big[1000];
  for (int i = 0; i < 1000; i++) big[i] = (unsigned char)(OPAQUE(i) * 31 + 7);
  sha256(big, 1000, h);
  printf("sha256/1000 %08x%08x crc %08x\n", h[0], h[7], crc32(big, 1000));
  char b64[64];
  for (size_t n = 0; n < 6; n++) {
    base64((const unsigned char *)OPAQUE("foobar"), n, b64);
    printf("[%s]", b64);
  }
  printf("\n");
  printf("primes %d\n", sieve(OPAQUE(100000)));
  int probes = 0;
  for (uint64_t k = 1; k < 700; k++) probes += hput(OPAQUE(k * k * 2654435761ULL), (int)k);
  long hs = 0;
  for (int i = 0; i < HSIZE; i++) hs = hs * 3 % 1000000007 + hvals[i];
  printf("hash probes %d sum %ld\n", probes, hs);
  uint32_t a[16], b[16], r[32];
  for (int i = 0; i < 16; i++) { a[i] = (uint32_t)OPAQUE(9999 - i * 37); b[i] = (uint32_t)(1234 + i * 567) % 10000; }
  bigmul(a, 16, b, 16, r);
  printf("bigmul ");
  for (int i = 31; i >= 0; i--) printf("%04u", r[i]);
  printf("\n");
  return 0;
}
