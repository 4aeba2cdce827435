/* Sparse switches (binary trees of compares), small sets (bit tests), and
 * switches mixing clusters with outliers. */
#include "dt.h"

__attribute__((noinline)) static int sparse(int x) {
  switch (x) {
  case -1000000: return 1;
  case -77: return 2;
  case 0: return 3;
  case 13: return 4;
  case 999: return 5;
  case 4096: return 6;
  case 65537: return 7;
  case 1 << 20: return 8;
  case 123456789: return 9;
  case 0x7fffffff: return 10;
  default: return 0;
  }
}

/* Few destinations over a small range: bit tests. */
__attribute__((noinline)) static int is_vowel(int c) {
  switch (c) {
  case 'a': case 'e': case 'i': case 'o': case 'u':
  case 'A': case 'E': case 'I': case 'O': case 'U':
    return 1;
  default:
    return 0;
  }
}

__attribute__((noinline)) static int char_class(unsigned char c) {
  switch (c) {
  case ' ': case '\t': case '\n': case '\r': case '\v': case '\f': return 1;
  case '0': case '1': case '2': case '3': case '4':
  case '5': case '6': case '7': case '8': case '9': return 2;
  case '+': case '-': case '*': case '/': case '%': return 3;
  case '(': case ')': case '[': case ']': case '{': case '}': return 4;
  default: return 0;
  }
}

/* Clusters plus outliers (jump table within a tree). */
__attribute__((noinline)) static long mixed(long x) {
  switch (x) {
  case 1: return 10; case 2: return 20; case 3: return 30; case 4: return 40;
  case 5: return 50; case 6: return 60; case 7: return 70; case 8: return 80;
  case 1000: return 1; case 1001: return 2; case 1002: return 3; case 1003: return 4;
  case 1004: return 5; case 1005: return 6; case 1006: return 7;
  case -50000: return -1;
  case 1L << 40: return -2;
  case 77777: return -3;
  default: return x & 0xff;
  }
}

/* Two-case and one-case switches. */
__attribute__((noinline)) static int tiny(short x) {
  switch (x) { case 3: return 7; case -3: return 9; default: return 1; }
}
__attribute__((noinline)) static int single(unsigned long x) {
  switch (x) { case 0xdeadbeefUL: return 42; default: return 0; }
}

int main(void) {
  static const int probes[] = {-1000000, -999999, -77, -76, -1, 0, 1, 12, 13, 14,
                               998, 999, 1000, 4095, 4096, 65537, 1 << 20,
                               123456789, 0x7fffffff, -0x7fffffff - 1};
  for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++)
    printf("%d", sparse(OPAQUE(probes[i])));
  printf("\n");
  const char *text = OPAQUE("An Example sentence, with (12 + 34) * [5] {vowels}\tand\nspaces.");
  int vowels = 0, classes = 0;
  for (const char *p = text; *p; p++) {
    vowels += is_vowel(*p);
    classes = classes * 5 + char_class((unsigned char)*p);
    classes &= 0xffffff;
  }
  printf("vowels %d classes %d\n", vowels, classes);
  static const long mp[] = {0, 1, 5, 8, 9, 999, 1000, 1003, 1006, 1007, -50000, 1L << 40, 77777, 77778, -1};
  for (unsigned i = 0; i < sizeof mp / sizeof mp[0]; i++) printf("%ld ", mixed(OPAQUE(mp[i])));
  printf("\n");
  unsigned t = 0;
  for (int i = -5; i < 6; i++) t = t * 10 + (unsigned)tiny((short)OPAQUE(i));
  printf("tiny %u single %d %d\n", t, single(OPAQUE(0xdeadbeefUL)), single(OPAQUE(0xdeadbeeeUL)));
  return 0;
}
