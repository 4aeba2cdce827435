/* setjmp/longjmp: jumping out of nested calls, volatile locals surviving
 * the jump, repeated jumps to the same buffer, nested buffers, and
 * sigsetjmp without signal masks. */
#include <setjmp.h>
#include "dt.h"

static jmp_buf env;
static int depth_reached;

#define NI __attribute__((noinline))

NI static void dive(int d, int target) {
  depth_reached = d;
  if (d == target) longjmp(env, d * 10 + 1);
  dive(d + 1, target);
}

NI static int guarded(int x) {
  jmp_buf local;
  volatile int steps = 0;
  int r = setjmp(local);
  if (r == 0) {
    steps++;
    if (x > 3) longjmp(local, x);
    return steps * 100 + x;
  }
  steps += r;
  return steps * 1000 + r;
}

static jmp_buf outer_env, inner_env;
NI static void inner(int k) { longjmp(k & 1 ? inner_env : outer_env, k); }
NI static int nested(int k) {
  int r = setjmp(outer_env);
  if (r) return -r;
  r = setjmp(inner_env);
  if (r) return r * 2;
  inner(k);
  return 0;
}

int main(void) {
  for (int target = 0; target < 5; target++) {
    int r = setjmp(env);
    if (r == 0) dive(0, OPAQUE(target));
    else printf("jumped %d depth %d\n", r, depth_reached);
  }
  /* A counter in a volatile local survives repeated longjmps. */
  volatile int count = 0;
  volatile double acc = 1.0;
  int r = setjmp(env);
  count++;
  acc *= 1.5;
  if (r < 6) longjmp(env, r + 1);
  printf("count %d acc %.4f r %d\n", count, acc, r);
  /* longjmp with 0 makes setjmp return 1. */
  volatile int zero_seen = 0;
  if (setjmp(env) == 0) longjmp(env, 0);
  else zero_seen = 1;
  printf("zero -> %d\n", zero_seen);
  for (int x = 1; x < 7; x++) printf("%d ", guarded(OPAQUE(x)));
  printf("\n");
  printf("nested %d %d\n", nested(OPAQUE(3)), nested(OPAQUE(4)));
  sigjmp_buf senv;
  volatile int sj = 0;
  if (sigsetjmp(senv, 0) == 0) { sj = 1; siglongjmp(senv, 5); }
  printf("sigsetjmp %d\n", sj);
  return 0;
}
