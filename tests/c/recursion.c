/* Recursion: plain, mutual, tail, deep, with many live values across the
 * recursive calls, and returning structures. */
#include "dt.h"

__attribute__((noinline)) static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static unsigned long ackermann(unsigned long m, unsigned long n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}

static int is_odd(unsigned n);
__attribute__((noinline)) static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
__attribute__((noinline)) static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

/* Tail-recursive accumulator (becomes a loop at -O2). */
static unsigned long gcd(unsigned long a, unsigned long b) { return b == 0 ? a : gcd(b, a % b); }
static long sum_to(long n, long acc) { return n == 0 ? acc : sum_to(n - 1, acc + n); }

static int moves;
static void hanoi(int n, int from, int to, int via, unsigned *trace) {
  if (n == 0) return;
  hanoi(n - 1, from, via, to, trace);
  moves++;
  *trace = *trace * 7 + (unsigned)(from * 3 + to);
  hanoi(n - 1, via, to, from, trace);
}

/* Many values live across the recursive call. */
__attribute__((noinline)) static long busy(int depth, long a, long b, long c, long d) {
  if (depth == 0) return a ^ b ^ c ^ d;
  long e = a * 3 + b, f = b * 5 - c, g = c * 7 + d, h = d * 11 - a;
  long r = busy(depth - 1, e & 0xffff, f & 0xffff, g & 0xffff, h & 0xffff);
  return r + e - f + g - h + (a | d) * depth;
}

struct pair { long lo, hi; };
static struct pair minmax(const int *a, int n) {
  if (n == 1) return (struct pair){a[0], a[0]};
  int h = n / 2;
  struct pair l = minmax(a, h), r = minmax(a + h, n - h);
  return (struct pair){l.lo < r.lo ? l.lo : r.lo, l.hi > r.hi ? l.hi : r.hi};
}

/* Quicksort, recursive. */
static void qs(int *a, int lo, int hi) {
  if (lo >= hi) return;
  int p = a[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) {
    while (a[i] < p) i++;
    while (a[j] > p) j--;
    if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
  }
  qs(a, lo, j);
  qs(a, i, hi);
}

int main(void) {
  printf("fib %ld %ld\n", fib(OPAQUE(20)), fib(OPAQUE(25)));
  printf("ack %lu %lu\n", ackermann(2, OPAQUE(3UL)), ackermann(3, OPAQUE(5UL)));
  printf("parity %d %d\n", is_even(OPAQUE(1000u)), is_odd(OPAQUE(777u)));
  printf("gcd %lu %lu sum %ld\n", gcd(OPAQUE(1071UL), 462), gcd(OPAQUE(832040UL), 514229), sum_to(OPAQUE(100000L), 0));
  unsigned trace = 0;
  hanoi(OPAQUE(10), 1, 3, 2, &trace);
  printf("hanoi %d %08x\n", moves, trace);
  printf("busy %ld\n", busy(OPAQUE(30), 1, 2, 3, 4));
  int arr[300];
  for (int i = 0; i < 300; i++) arr[i] = (int)((i * 7919u) % 1009) - 500;
  struct pair mm = minmax(arr, OPAQUE(300));
  printf("minmax %ld %ld\n", mm.lo, mm.hi);
  qs(arr, 0, OPAQUE(299));
  for (int i = 0; i < 300; i++) dt_mix((uint64_t)arr[i]);
  printf("sorted %d %d %d\n", arr[0], arr[150], arr[299]);
  dt_report("qs");
  return 0;
}
