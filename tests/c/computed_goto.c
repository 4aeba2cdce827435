/* Computed goto (&&label, goto *p): a threaded bytecode interpreter with
 * a dispatch table, label addresses stored in a static table, and an
 * indirect branch with many successors inside a loop. */
#include "dt.h"

enum { OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DUP, OP_SWAP, OP_JNZ, OP_DEC, OP_PRINT, OP_HALT, OP_OVER, OP_DROP };

#define NI __attribute__((noinline))

NI static long run(const int *code, int trace) {
  static void *const dispatch[] = {&&push, &&add, &&sub, &&mul, &&dup, &&swap, &&jnz, &&dec, &&print, &&halt,
                                   &&over, &&drop};
  long stack[64];
  int sp = 0, pc = 0;
  long steps = 0;
#define NEXT do { steps++; goto *dispatch[code[pc++]]; } while (0)
  NEXT;
push:
  stack[sp++] = code[pc++];
  NEXT;
add:
  sp--; stack[sp - 1] += stack[sp];
  NEXT;
sub:
  sp--; stack[sp - 1] -= stack[sp];
  NEXT;
mul:
  sp--; stack[sp - 1] *= stack[sp];
  NEXT;
dup:
  stack[sp] = stack[sp - 1]; sp++;
  NEXT;
swap: {
  long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t;
  NEXT;
}
over:
  stack[sp] = stack[sp - 2]; sp++;
  NEXT;
drop:
  sp--;
  NEXT;
jnz: {
  int target = code[pc++];
  if (stack[--sp] != 0) pc = target;
  NEXT;
}
dec:
  stack[sp - 1]--;
  NEXT;
print:
  if (trace) printf("  top %ld\n", stack[sp - 1]);
  NEXT;
halt:
  return stack[sp - 1] * 1000 + steps % 1000;
#undef NEXT
}

/* A label address chosen by data, used as a state machine. */
NI static int states(const char *s) {
  void *state = &&start;
  int count = 0;
  const char *p = s;
  goto *state;
start:
  if (!*p) return count;
  state = (*p == 'a') ? &&saw_a : &&start;
  p++;
  goto *state;
saw_a:
  if (!*p) return count;
  if (*p == 'b') { count++; state = &&start; }
  else if (*p == 'a') state = &&saw_a;
  else state = &&start;
  p++;
  goto *state;
}

int main(void) {
  /* factorial of 10 with a loop: acc n -> ... */
  int fact[] = {OP_PUSH, 1, OP_PUSH, 10,                     /* acc n */
                OP_DUP, OP_PRINT, OP_DROP,                    /* 4: trace n */
                OP_SWAP, OP_OVER, OP_MUL, OP_SWAP,            /* acc*n n */
                OP_DEC, OP_DUP, OP_JNZ, 4,                    /* loop while n != 0 */
                OP_DROP, OP_HALT};
  printf("fact %ld\n", run(fact, OPAQUE(1)));
  /* Sum of 1..1000 with the same machine. */
  int sum[] = {OP_PUSH, 0, OP_PUSH, 1000, OP_SWAP, OP_OVER, OP_ADD, OP_SWAP, OP_DEC, OP_DUP, OP_JNZ, 4, OP_DROP, OP_HALT};
  printf("sum %ld\n", run(sum, OPAQUE(0)));
  int poly[] = {OP_PUSH, 3, OP_DUP, OP_MUL, OP_PUSH, 7, OP_SUB, OP_PUSH, 11, OP_MUL, OP_HALT};
  printf("poly %ld\n", run(poly, 0));
  printf("states %d %d\n", states(OPAQUE("abaabbab aab")), states(OPAQUE("xyz")));
  return 0;
}
