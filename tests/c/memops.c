/* memcpy, memmove and memset of constant sizes from 0 to 300 bytes (the
 * inline expansions) and variable sizes (the library calls), overlapping
 * moves, struct copies, and unusual alignments. */
#include "dt.h"

static unsigned char src[1024], dst[1024];

static void fill(void) {
  for (int i = 0; i < 1024; i++) src[i] = (unsigned char)(i * 7 + 3);
  memset(dst, 0xee, sizeof dst);
}
static void sum(const char *what) {
  dt_mix_bytes(dst, sizeof dst);
  dt_report(what);
}

#define CPY(N) memcpy(dst + off, src + 1, N)
#define SET(N) memset(dst + off + 100, (int)(N), N)

struct s40 { long a[5]; };
struct s7 { char c[7]; };
struct s33 { char c[33]; };

int main(void) {
  int off = OPAQUE(3);
  fill();
  CPY(0); CPY(1); CPY(2); CPY(3); CPY(4); CPY(5); CPY(6); CPY(7); CPY(8);
  sum("cpy 0-8");
  fill();
  CPY(9); off += 20; CPY(12); off += 20; CPY(15); off += 20; CPY(16); off += 20; CPY(17);
  sum("cpy 9-17");
  fill(); off = OPAQUE(1);
  CPY(24); off += 40; CPY(31); off += 40; CPY(32); off += 40; CPY(33); off += 40; CPY(63);
  off += 70; CPY(64); off += 70; CPY(65);
  sum("cpy 24-65");
  fill(); off = OPAQUE(5);
  CPY(127); off += 130; CPY(128); off += 130; CPY(200); off += 200; CPY(256); off += 255; CPY(300);
  sum("cpy 127-300");
  fill(); off = OPAQUE(0);
  SET(1); SET(2); SET(3); off += 8; SET(4); SET(7); off += 8; SET(8); off += 16; SET(15); off += 20; SET(16);
  off += 20; SET(31); off += 40; SET(64); off += 70; SET(100); off += 110; SET(255);
  sum("set");
  fill();
  memset(dst + OPAQUE(1), 0, 77);
  memset(dst + OPAQUE(200), -1, 129);
  memset(dst + OPAQUE(500), 0x5a, (0));
  sum("set zero/ones");
  /* Variable sizes go to the library. */
  fill();
  for (int n = 0; n < 40; n++) {
    size_t len = (size_t)OPAQUE(n * 5);
    memcpy(dst + n * 20, src + n, len > 20 ? 20 : len);
    memset(dst + 900 + n, n, (size_t)OPAQUE(n % 3));
  }
  sum("variable");
  /* Overlapping moves in both directions. */
  fill();
  memcpy(dst, src, 512);
  memmove(dst + 10, dst, 100);
  memmove(dst + 200, dst + 210, 100);
  memmove(dst + OPAQUE(300), dst + 301, 7);
  memmove(dst + 400, dst + OPAQUE(396), 33);
  sum("memmove");
  /* Struct copies by assignment. */
  struct s40 a = {{1, 2, 3, 4, 5}}, b;
  struct s7 c = {{1, 2, 3, 4, 5, 6, 7}}, d;
  struct s33 e, f;
  for (int i = 0; i < 33; i++) e.c[i] = (char)OPAQUE(i);
  a.a[OPAQUE(2)] = 99;
  b = a; d = c; f = e;
  dt_mix_bytes(&b, sizeof b); dt_mix_bytes(&d, sizeof d); dt_mix_bytes(&f, sizeof f);
  dt_report("struct copies");
  /* Misaligned and odd-address copies of 8-byte quantities. */
  uint64_t words[4];
  for (int i = 0; i < 4; i++) memcpy(&words[i], src + OPAQUE(i) * 3 + 1, 8);
  printf("words %016llx %016llx %016llx %016llx\n", (unsigned long long)words[0], (unsigned long long)words[1],
         (unsigned long long)words[2], (unsigned long long)words[3]);
  /* memcmp of small constant sizes. */
  printf("memcmp %d %d %d\n", memcmp(src, src + OPAQUE(0), 16) == 0, memcmp(src, dst, 4) != 0,
         memcmp(src + 1, src + OPAQUE(1), 3) == 0);
  return 0;
}
