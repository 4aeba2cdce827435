/* Dense switches (jump tables at -O2) over several types, with
 * fall-through, a default, negative case ranges and lookup-table switches. */
#include "dt.h"

__attribute__((noinline)) static int dense(int x) {
  int r = 0;
  switch (x) {
  case 0: r = 11; break;
  case 1: r = 23; break;
  case 2: r = 5;  /* fall through */
  case 3: r += 100; break;
  case 4: r = -4; break;
  case 5: r = 77; break;
  case 6: r = 9; break;
  case 7: r = 1234; break;
  case 8: r = x * x; break;
  case 9: r = 1; break;
  case 10: r = 10; /* fall through */
  case 11: r += 11; /* fall through */
  case 12: r += 12; break;
  case 14: r = 14; break;
  case 15: r = 15000; break;
  default: r = -1; break;
  }
  return r;
}

__attribute__((noinline)) static long negative(long x) {
  switch (x) {
  case -5: return 500;
  case -4: return 400;
  case -3: return 300;
  case -2: return 200;
  case -1: return 100;
  case 0: return 0;
  case 1: return -100;
  case 2: return -200;
  case 3: return -300;
  default: return x * 1000;
  }
}

/* Unsigned char selector, all values from 'a' to 'p'. */
__attribute__((noinline)) static const char *names(unsigned char c) {
  switch (c) {
  case 'a': return "alpha"; case 'b': return "bravo"; case 'c': return "charlie";
  case 'd': return "delta"; case 'e': return "echo"; case 'f': return "foxtrot";
  case 'g': return "golf"; case 'h': return "hotel"; case 'i': return "india";
  case 'j': return "juliet"; case 'k': return "kilo"; case 'l': return "lima";
  case 'm': return "mike"; case 'n': return "november"; case 'o': return "oscar";
  case 'p': return "papa";
  default: return "?";
  }
}

/* A switch that becomes a table of values at -O2. */
__attribute__((noinline)) static unsigned days(unsigned month) {
  switch (month) {
  case 1: case 3: case 5: case 7: case 8: case 10: case 12: return 31;
  case 4: case 6: case 9: case 11: return 30;
  case 2: return 28;
  default: return 0;
  }
}

/* A 64-bit selector with a large base. */
__attribute__((noinline)) static int based(uint64_t x) {
  switch (x) {
  case 0x100000000ULL: return 1;
  case 0x100000001ULL: return 2;
  case 0x100000002ULL: return 3;
  case 0x100000003ULL: return 5;
  case 0x100000004ULL: return 8;
  case 0x100000005ULL: return 13;
  case 0x100000006ULL: return 21;
  default: return 0;
  }
}

/* A switch in a loop that mutates state (a tiny state machine). */
static int machine(const char *s) {
  int state = 0, count = 0;
  for (; *s; s++) {
    switch (state * 4 + (*s & 3)) {
    case 0: state = 1; break;
    case 1: state = 2; count++; break;
    case 2: state = 0; count += 2; break;
    case 3: case 4: state = 3; break;
    case 5: case 6: state = 1; count *= 2; break;
    case 7: state = 2; break;
    case 8: case 9: case 10: state = 0; count -= 1; break;
    case 11: state = 3; count += 5; break;
    case 12: case 13: state = 2; break;
    case 14: case 15: state = 0; count ^= 0x55; break;
    }
  }
  return count * 4 + state;
}

int main(void) {
  int acc = 0;
  for (int i = -3; i < 20; i++) {
    int v = dense(OPAQUE(i));
    printf("%d:%d ", i, v);
    acc += v;
  }
  printf("\nsum %d\n", acc);
  for (long i = -7; i < 6; i++) printf("%ld ", negative(OPAQUE(i)));
  printf("\n");
  for (int c = '_'; c < 's'; c++) printf("%s ", names((unsigned char)OPAQUE(c)));
  printf("\n");
  unsigned total = 0;
  for (unsigned m = 0; m < 14; m++) total = total * 3 + days(OPAQUE(m));
  printf("days %u\n", total);
  for (uint64_t x = 0xffffffffULL; x < 0x100000009ULL; x++) printf("%d", based(OPAQUE(x)));
  printf("\n");
  printf("machine %d %d\n", machine(OPAQUE("the quick brown fox jumps over the lazy dog")),
         machine(OPAQUE("0123456789abcdefghijklmnopqrstuvwxyz!@#$%^&*()")));
  return 0;
}
