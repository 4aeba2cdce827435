/* qsort and bsearch with callbacks: comparators over ints, doubles,
 * strings and structs (multi-key, stable order made explicit by an index
 * key), a comparator that reads a global, and sorting with a callback that
 * itself calls back. */
#include <stdlib.h>
#include "dt.h"

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

struct rec { short group; float score; int index; char name[6]; };
static int cmp_rec(const void *a, const void *b) {
  const struct rec *x = a, *y = b;
  if (x->group != y->group) return x->group - y->group;
  if (x->score != y->score) return x->score > y->score ? -1 : 1;
  return x->index - y->index;
}

static int modulus = 7;
static int cmp_mod(const void *a, const void *b) {
  int x = *(const unsigned *)a % (unsigned)modulus, y = *(const unsigned *)b % (unsigned)modulus;
  if (x != y) return x - y;
  return cmp_int(a, b);
}

static unsigned lcg = 12345;
static unsigned rnd(void) { lcg = lcg * 1103515245u + 12345u; return (lcg >> 8) & 0xffff; }

int main(void) {
  lcg = OPAQUE(12345u);
  int ints[500];
  for (int i = 0; i < 500; i++) ints[i] = (int)rnd() - 32768;
  qsort(ints, 500, sizeof ints[0], cmp_int);
  for (int i = 0; i < 500; i++) dt_mix((uint64_t)ints[i]);
  dt_report("ints asc");
  printf("min %d median %d max %d\n", ints[0], ints[250], ints[499]);
  int key = ints[OPAQUE(321)];
  int *found = bsearch(&key, ints, 500, sizeof ints[0], cmp_int);
  int missing = 40000;
  printf("bsearch %d %d\n", found ? *found == key : -1, bsearch(&missing, ints, 500, sizeof ints[0], cmp_int) == 0);
  qsort(ints, 500, sizeof ints[0], cmp_int_desc);
  printf("desc %d %d\n", ints[0], ints[499]);

  double ds[200];
  for (int i = 0; i < 200; i++) ds[i] = ((int)rnd() - 30000) / 7.0;
  qsort(ds, 200, sizeof ds[0], cmp_double);
  printf("doubles %.4f %.4f %.4f\n", ds[0], ds[100], ds[199]);

  const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "date", "elderberry", "grape", "kiwi", "lemon",
                         "apricot", "mango", "nectarine", "olive", "plum", "quince"};
  int nw = sizeof words / sizeof words[0];
  qsort(words, (size_t)nw, sizeof words[0], cmp_str);
  for (int i = 0; i < nw; i++) printf("%s%c", words[i], i + 1 < nw ? ' ' : '\n');
  const char *probe = "kiwi";
  const char **hit = bsearch(&probe, words, (size_t)nw, sizeof words[0], cmp_str);
  printf("kiwi at %ld\n", hit ? (long)(hit - words) : -1L);

  struct rec recs[60];
  for (int i = 0; i < 60; i++) {
    recs[i].group = (short)(rnd() % 4);
    recs[i].score = (float)(rnd() % 10) / 2;
    recs[i].index = i;
    snprintf(recs[i].name, sizeof recs[i].name, "r%02d", i);
  }
  qsort(recs, 60, sizeof recs[0], cmp_rec);
  for (int i = 0; i < 60; i += 6) printf("%s:%d:%.1f ", recs[i].name, recs[i].group, (double)recs[i].score);
  printf("\n");

  unsigned us[100];
  for (int i = 0; i < 100; i++) us[i] = rnd();
  modulus = OPAQUE(13);
  qsort(us, 100, sizeof us[0], cmp_mod);
  for (int i = 0; i < 100; i++) dt_mix(us[i]);
  dt_report("by modulus");
  return 0;
}
