#include <stdio.h>

static unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(int argc, char **argv) {
  (void)argv;
  for (unsigned i = 0; i < 10 + (unsigned)argc; i++)
    printf("fib(%u) = %u\n", i, fib(i));
  return 0;
}
