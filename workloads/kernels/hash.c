/* Hashing: an open-addressing hash table of string keys (FNV-1a and a
   64-bit mixer), with insertions, lookups and deletions (tombstones). */
#include "common.h"

typedef struct {
  char key[24];
  uint32_t len;
  int64_t value;
  uint8_t state; /* 0 empty, 1 full, 2 deleted */
} Slot;

static uint64_t fnv1a(const char *s, uint32_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint32_t i = 0; i < n; i++) {
    h ^= (uint8_t)s[i];
    h *= 0x100000001b3ull;
  }
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 32);
}

static uint32_t make_key(char *buf, uint64_t x) {
  static const char alpha[] = "abcdefghijklmnopqrstuvwxyz0123456789_";
  uint32_t n = 4 + (uint32_t)(x % 16);
  for (uint32_t i = 0; i < n; i++) {
    buf[i] = alpha[x % 37];
    x = x / 37 + (x << 7) + i;
  }
  return n;
}

static Slot *find(Slot *t, uint64_t mask, const char *k, uint32_t n, int insert) {
  uint64_t i = fnv1a(k, n) & mask;
  Slot *tomb = 0;
  for (;;) {
    Slot *s = &t[i];
    if (s->state == 0) return insert ? (tomb ? tomb : s) : 0;
    if (s->state == 2) {
      if (!tomb) tomb = s;
    } else if (s->len == n && memcmp(s->key, k, n) == 0) {
      return s;
    }
    i = (i + 1) & mask;
  }
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  uint64_t size = 1 << 19, mask = size - 1;
  Slot *t = calloc(size, sizeof *t);
  char k[24];
  int64_t sum = 0, hits = 0, dels = 0;
  for (int r = 0; r < 3 * s; r++) {
    rng_seed(1000 + r);
    for (int i = 0; i < 120000; i++) {
      uint64_t x = rng_next() % 200000;
      uint32_t n = make_key(k, x);
      Slot *sl = find(t, mask, k, n, 1);
      if (sl->state != 1) {
        memcpy(sl->key, k, n);
        sl->len = n;
        sl->value = 0;
        sl->state = 1;
      }
      sl->value += (int64_t)i;
    }
    for (int i = 0; i < 120000; i++) {
      uint64_t x = rng_next() % 250000;
      uint32_t n = make_key(k, x);
      Slot *sl = find(t, mask, k, n, 0);
      if (sl) {
        hits++;
        sum += sl->value;
        if ((x & 7) == 0) {
          sl->state = 2;
          dels++;
        }
      }
    }
    printf("round %d hits %lld dels %lld sum %lld\n", r, (long long)hits, (long long)dels,
           (long long)sum);
  }
  free(t);
  return 0;
}
