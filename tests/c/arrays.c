/* Arrays: multi-dimensional, variable-length arrays (including VLAs in
 * loops and multi-dimensional VLAs), alloca, arrays of structs, and
 * pointer arithmetic over all of them. */
#include <alloca.h>
#include "dt.h"

#define NI __attribute__((noinline))

NI static long vla_sum(int n, int m) {
  long a[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) a[i][j] = (long)i * m + j;
  long s = 0;
  for (int i = 0; i < n; i++) s += a[i][(i * 7) % m] * (i + 1);
  return s + (long)sizeof a;
}

NI static int vla_param(int n, int m, int a[n][m]) {
  int t = 0;
  for (int i = 0; i < n; i++) t += a[i][m - 1 - i % m];
  return t;
}

NI static unsigned alloca_loop(int rounds) {
  unsigned h = 0;
  for (int r = 1; r <= rounds; r++) {
    unsigned char *p = alloca((size_t)r * 16);
    for (int i = 0; i < r * 16; i++) p[i] = (unsigned char)(i * r);
    for (int i = 0; i < r * 16; i += 5) h = h * 31 + p[i];
  }
  return h;
}

/* A VLA whose size changes each iteration: the stack must be restored. */
NI static long vla_in_loop(int rounds) {
  long total = 0;
  for (int r = 1; r <= rounds; r++) {
    int v[r * 3];
    for (int i = 0; i < r * 3; i++) v[i] = i ^ r;
    for (int i = 0; i < r * 3; i++) total += v[i];
  }
  return total;
}

NI static char *alloca_dup(const char *s, char *out) {
  size_t n = strlen(s) + 1;
  char *tmp = alloca(n);
  memcpy(tmp, s, n);
  for (size_t i = 0; i + 1 < n; i++) out[i] = tmp[n - 2 - i];
  out[n - 1] = 0;
  return out;
}

struct cell { short kind; int value; };

int main(void) {
  int grid[5][7][3];
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++)
      for (int k = 0; k < 3; k++) grid[i][j][k] = i * 100 + j * 10 + k;
  int *flat = &grid[0][0][0];
  int idx = OPAQUE(47);
  printf("grid %d %d %d %zu\n", flat[idx], grid[OPAQUE(4)][6][2], *(*(grid[2] + 3) + 1), sizeof grid[1]);
  printf("vla %ld %ld\n", vla_sum(OPAQUE(6), 9), vla_sum(OPAQUE(13), 2));
  int n = OPAQUE(4), m = OPAQUE(5);
  int p[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) p[i][j] = i * j + 1;
  printf("vla param %d\n", vla_param(n, m, p));
  printf("alloca %08x vla loop %ld\n", alloca_loop(OPAQUE(12)), vla_in_loop(OPAQUE(40)));
  char out[32];
  printf("dup %s\n", alloca_dup(OPAQUE("stack copy"), out));
  struct cell cells[20];
  for (int i = 0; i < 20; i++) cells[i] = (struct cell){(short)(i % 3), i * i};
  struct cell *c = cells + OPAQUE(5);
  printf("cells %d %d %ld\n", c[3].value, (c + 2)->kind, (long)(&cells[19] - c));
  /* Reading backwards through a pointer. */
  long s = 0;
  for (const struct cell *q = &cells[19]; q >= cells; q--) s = s * 3 + q->value + q->kind;
  printf("backwards %ld\n", s);
  /* Array of pointers to arrays. */
  static int r0[] = {1, 2, 3}, r1[] = {4, 5}, r2[] = {6};
  int *rows[] = {r0, r1, r2};
  int lens[] = {3, 2, 1}, tot = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < lens[i]; j++) tot = tot * 2 + rows[OPAQUE(i)][j];
  printf("jagged %d\n", tot);
  return 0;
}
