/* String search: naive search, Boyer-Moore-Horspool and a rolling-hash
   (Rabin-Karp) search of many patterns in a generated text. */
#include "common.h"

static long naive(const char *t, long n, const char *p, long m) {
  long c = 0;
  for (long i = 0; i + m <= n; i++) {
    long j = 0;
    while (j < m && t[i + j] == p[j]) j++;
    if (j == m) c++;
  }
  return c;
}

static long horspool(const char *t, long n, const char *p, long m) {
  long shift[256];
  for (int i = 0; i < 256; i++) shift[i] = m;
  for (long i = 0; i + 1 < m; i++) shift[(uint8_t)p[i]] = m - 1 - i;
  long c = 0;
  for (long i = 0; i + m <= n;) {
    uint8_t last = (uint8_t)t[i + m - 1];
    if (last == (uint8_t)p[m - 1] && memcmp(t + i, p, m - 1) == 0) c++;
    i += shift[last];
  }
  return c;
}

static long rabin_karp(const char *t, long n, const char *p, long m) {
  const uint32_t B = 257;
  uint32_t hp = 0, ht = 0, pw = 1;
  for (long i = 0; i < m; i++) {
    hp = hp * B + (uint8_t)p[i];
    ht = ht * B + (uint8_t)t[i];
    if (i) pw *= B;
  }
  long c = 0;
  for (long i = 0;; i++) {
    if (hp == ht) {
      long j = 0;
      while (j < m && t[i + j] == p[j]) j++;
      if (j == m) c++;
    }
    if (i + m >= n) break;
    ht = (ht - (uint8_t)t[i] * pw) * B + (uint8_t)t[i + m];
  }
  return c;
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  long n = 1 << 20;
  char *t = malloc(n);
  rng_seed(3);
  for (long i = 0; i < n; i++) {
    uint64_t r = rng_next();
    t[i] = (r & 3) == 0 ? ' ' : (char)('a' + (r >> 8) % 6);
  }
  char p[32];
  long tn = 0, th = 0, tr = 0;
  for (int r = 0; r < 24 * s; r++) {
    long m = 3 + r % 9;
    long at = (long)(rng_next() % (uint64_t)(n - m));
    memcpy(p, t + at, m);
    tn += naive(t, n, p, m);
    th += horspool(t, n, p, m);
    tr += rabin_karp(t, n, p, m);
    printf("pattern %d len %ld: %ld %ld %ld\n", r, m, tn, th, tr);
  }
  free(t);
  return 0;
}
