/* Static local variables: counters that persist across calls, static
 * arrays and pointers initialised to other statics, a static in a
 * recursive function, and function-local statics with the same name in
 * different functions. */
#include "dt.h"

#define NI __attribute__((noinline))

NI static int counter(void) { static int n; return ++n; }
NI static int counter2(void) { static int n = 100; return n += 10; }
NI static const char *next_name(void) {
  static const char *names[] = {"ann", "bob", "cy"};
  static int i;
  const char *r = names[i];
  i = (i + 1) % 3;
  return r;
}
NI static long *history(long v) {
  static long buf[8];
  static long *cur = buf;
  *cur = v;
  if (++cur == buf + 8) cur = buf;
  return buf;
}
NI static unsigned depth_count(int d) {
  static unsigned calls;
  calls++;
  if (d > 0) { depth_count(d - 1); depth_count(d - 2); }
  return calls;
}
NI static double running_mean(double x) {
  static double sum;
  static long n;
  sum += x;
  return sum / (double)++n;
}
/* A static that is only written under a condition. */
NI static int first_nonzero(int x) {
  static int seen;
  if (!seen && x) seen = x;
  return seen;
}

int main(void) {
  int a = 0;
  for (int i = 0; i < 5; i++) a = a * 10 + counter();
  int c1 = counter2();
  int c2 = counter2();
  printf("counter %d %d %d\n", a, c1, c2);
  for (int i = 0; i < 7; i++) printf("%s ", next_name());
  printf("\n");
  long *h = 0;
  for (long i = 1; i <= 11; i++) h = history(OPAQUE(i * i));
  for (int i = 0; i < 8; i++) printf("%ld ", h[i]);
  printf("\n");
  printf("depth %u\n", depth_count(OPAQUE(10)));
  double m = 0;
  for (int i = 1; i <= 10; i++) m = running_mean(OPAQUE(i * 1.5));
  printf("mean %.4f\n", m);
  int f = 0;
  for (int i = 0; i < 6; i++) f = f * 10 + first_nonzero(OPAQUE(i > 2 ? i : 0));
  printf("first %d\n", f);
  return 0;
}
