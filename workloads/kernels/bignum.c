/* Bignum arithmetic: schoolbook multiplication, addition and division by a
   small number over 32-bit limbs; computes factorials and digits of e. */
#include "common.h"

typedef struct {
  uint32_t *d;
  int n, cap;
} Big;

static void big_init(Big *b, int cap, uint32_t v) {
  b->d = calloc(cap, 4);
  b->cap = cap;
  b->d[0] = v;
  b->n = 1;
}

static void big_mul_small(Big *b, uint32_t m) {
  uint64_t carry = 0;
  for (int i = 0; i < b->n; i++) {
    uint64_t x = (uint64_t)b->d[i] * m + carry;
    b->d[i] = (uint32_t)x;
    carry = x >> 32;
  }
  if (carry) b->d[b->n++] = (uint32_t)carry;
}

static void big_mul(const Big *a, const Big *b, Big *r) {
  memset(r->d, 0, (size_t)(a->n + b->n) * 4);
  for (int i = 0; i < a->n; i++) {
    uint64_t carry = 0, ai = a->d[i];
    for (int j = 0; j < b->n; j++) {
      uint64_t x = ai * b->d[j] + r->d[i + j] + carry;
      r->d[i + j] = (uint32_t)x;
      carry = x >> 32;
    }
    r->d[i + b->n] = (uint32_t)carry;
  }
  r->n = a->n + b->n;
  while (r->n > 1 && r->d[r->n - 1] == 0) r->n--;
}

static uint32_t big_divmod_small(Big *b, uint32_t m) {
  uint64_t rem = 0;
  for (int i = b->n; i-- > 0;) {
    uint64_t x = (rem << 32) | b->d[i];
    b->d[i] = (uint32_t)(x / m);
    rem = x % m;
  }
  while (b->n > 1 && b->d[b->n - 1] == 0) b->n--;
  return (uint32_t)rem;
}

static uint64_t big_hash(const Big *b) {
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < b->n; i++) h = (h ^ b->d[i]) * 1099511628211ull;
  return h;
}

/* Digits of e by the spigot algorithm (Sale's). */
static uint64_t e_digits(int ndig) {
  int n = ndig + 10;
  uint32_t *a = malloc((size_t)n * 4);
  for (int i = 0; i < n; i++) a[i] = 1;
  uint64_t h = 0;
  for (int k = 0; k < ndig; k++) {
    uint32_t carry = 0;
    for (int i = n - 1; i >= 1; i--) {
      uint32_t x = a[i] * 10 + carry;
      a[i] = x % (uint32_t)(i + 1);
      carry = x / (uint32_t)(i + 1);
    }
    h = h * 10 + carry;
  }
  free(a);
  return h;
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  for (int r = 0; r < 2 * s; r++) {
    Big f;
    big_init(&f, 8000, 1);
    for (uint32_t i = 2; i <= 6000; i++) big_mul_small(&f, i);
    printf("6000! limbs %d hash %llx\n", f.n, (unsigned long long)big_hash(&f));
    Big sq;
    big_init(&sq, 2 * f.n + 2, 0);
    big_mul(&f, &f, &sq);
    printf("square limbs %d hash %llx\n", sq.n, (unsigned long long)big_hash(&sq));
    uint64_t digsum = 0;
    int digits = 0;
    while (sq.n > 1 || sq.d[0]) {
      digsum += big_divmod_small(&sq, 1000000000u);
      digits++;
    }
    printf("square base-1e9 digits %d sum %llu\n", digits, (unsigned long long)digsum);
    printf("e digits hash %llx\n", (unsigned long long)e_digits(3000));
    free(f.d);
    free(sq.d);
  }
  return 0;
}
