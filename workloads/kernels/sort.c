/* Sorting: quicksort (median of three, insertion sort below 16), merge
   sort and heap sort over pseudo-random 32-bit keys. */
#include "common.h"

static void insertion(int32_t *a, long n) {
  for (long i = 1; i < n; i++) {
    int32_t v = a[i];
    long j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

static void quick(int32_t *a, long n) {
  while (n > 16) {
    long m = n / 2;
    if (a[0] > a[m]) { int32_t t = a[0]; a[0] = a[m]; a[m] = t; }
    if (a[m] > a[n - 1]) { int32_t t = a[m]; a[m] = a[n - 1]; a[n - 1] = t; }
    if (a[0] > a[m]) { int32_t t = a[0]; a[0] = a[m]; a[m] = t; }
    int32_t p = a[m];
    long i = 0, j = n - 1;
    for (;;) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i >= j) break;
      int32_t t = a[i]; a[i] = a[j]; a[j] = t;
      i++; j--;
    }
    if (j + 1 < n - j - 1) {
      quick(a, j + 1);
      a += j + 1; n -= j + 1;
    } else {
      quick(a + j + 1, n - j - 1);
      n = j + 1;
    }
  }
  insertion(a, n);
}

static void merge_sort(int32_t *a, int32_t *tmp, long n) {
  for (long w = 1; w < n; w *= 2) {
    for (long lo = 0; lo < n; lo += 2 * w) {
      long mid = lo + w < n ? lo + w : n;
      long hi = lo + 2 * w < n ? lo + 2 * w : n;
      long i = lo, j = mid, k = lo;
      while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
      while (i < mid) tmp[k++] = a[i++];
      while (j < hi) tmp[k++] = a[j++];
    }
    memcpy(a, tmp, n * sizeof *a);
  }
}

static void sift(int32_t *a, long i, long n) {
  int32_t v = a[i];
  for (;;) {
    long c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && a[c + 1] > a[c]) c++;
    if (a[c] <= v) break;
    a[i] = a[c];
    i = c;
  }
  a[i] = v;
}

static void heap_sort(int32_t *a, long n) {
  for (long i = n / 2; i-- > 0;) sift(a, i, n);
  for (long e = n - 1; e > 0; e--) {
    int32_t t = a[0]; a[0] = a[e]; a[e] = t;
    sift(a, 0, e);
  }
}

static uint64_t check(const int32_t *a, long n) {
  uint64_t h = 0;
  for (long i = 0; i < n; i++) {
    if (i && a[i - 1] > a[i]) return 0;
    h = h * 31 + (uint32_t)a[i];
  }
  return h;
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  long n = 400000;
  int32_t *a = malloc(n * sizeof *a), *tmp = malloc(n * sizeof *a);
  for (int r = 0; r < 2 * s; r++) {
    rng_seed(r + 1);
    for (long i = 0; i < n; i++) a[i] = (int32_t)(rng_next() >> 33) - (1 << 30);
    quick(a, n);
    printf("quick %d %llx\n", r, (unsigned long long)check(a, n));
    for (long i = 0; i < n; i++) a[i] = (int32_t)(rng_next() >> 40);
    merge_sort(a, tmp, n);
    printf("merge %d %llx\n", r, (unsigned long long)check(a, n));
    for (long i = 0; i < n; i++) a[i] = (int32_t)rng_next();
    heap_sort(a, n);
    printf("heap %d %llx\n", r, (unsigned long long)check(a, n));
  }
  free(a);
  free(tmp);
  return 0;
}
