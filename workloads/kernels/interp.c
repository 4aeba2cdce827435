/* An interpreter loop: a stack-and-register bytecode VM with switch
   dispatch, running loops, calls and arithmetic (fib, a sieve, a GCD
   sweep). */
#include "common.h"

enum {
  OP_PUSH, OP_LOAD, OP_STORE, OP_ADD, OP_SUB, OP_MUL, OP_MOD, OP_LT, OP_EQ,
  OP_JMP, OP_JZ, OP_CALL, OP_RET, OP_DUP, OP_POP, OP_ALOAD, OP_ASTORE,
  OP_PRINT, OP_HALT
};

typedef struct {
  int32_t op, arg;
} Ins;

static int64_t mem[1 << 16];

static int64_t run(const Ins *code, int pc, int64_t *out) {
  int64_t stack[256];
  int sp = 0;
  int frames[64][2]; /* return pc, frame base */
  int fp = 0, base = 0;
  int64_t acc = 0;
  for (;;) {
    Ins in = code[pc++];
    switch (in.op) {
    case OP_PUSH: stack[sp++] = in.arg; break;
    case OP_LOAD: stack[sp++] = mem[base + in.arg]; break;
    case OP_STORE: mem[base + in.arg] = stack[--sp]; break;
    case OP_ADD: sp--; stack[sp - 1] += stack[sp]; break;
    case OP_SUB: sp--; stack[sp - 1] -= stack[sp]; break;
    case OP_MUL: sp--; stack[sp - 1] *= stack[sp]; break;
    case OP_MOD: sp--; stack[sp - 1] %= stack[sp]; break;
    case OP_LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
    case OP_EQ: sp--; stack[sp - 1] = stack[sp - 1] == stack[sp]; break;
    case OP_JMP: pc = in.arg; break;
    case OP_JZ: if (!stack[--sp]) pc = in.arg; break;
    case OP_CALL:
      frames[fp][0] = pc; frames[fp][1] = base; fp++;
      base += 16;
      mem[base] = stack[--sp];
      pc = in.arg;
      break;
    case OP_RET:
      fp--; pc = frames[fp][0]; base = frames[fp][1];
      break;
    case OP_DUP: stack[sp] = stack[sp - 1]; sp++; break;
    case OP_POP: sp--; break;
    case OP_ALOAD: stack[sp - 1] = mem[4096 + stack[sp - 1]]; break;
    case OP_ASTORE: sp -= 2; mem[4096 + stack[sp]] = stack[sp + 1]; break;
    case OP_PRINT: acc = acc * 1000003 + stack[--sp]; break;
    case OP_HALT: *out = acc; return sp;
    }
  }
}

static Ins prog[256];
static int np;
static int emit(int op, int arg) { prog[np].op = op; prog[np].arg = arg; return np++; }

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  /* fib(n) iteratively in a function: locals 0=n 1=a 2=b 3=i; returns on stack */
  int fib = np;
  emit(OP_PUSH, 0); emit(OP_STORE, 1);
  emit(OP_PUSH, 1); emit(OP_STORE, 2);
  emit(OP_PUSH, 0); emit(OP_STORE, 3);
  int loop = emit(OP_LOAD, 3); emit(OP_LOAD, 0); emit(OP_LT, 0);
  int jz = emit(OP_JZ, 0);
  emit(OP_LOAD, 1); emit(OP_LOAD, 2); emit(OP_ADD, 0);
  emit(OP_LOAD, 2); emit(OP_STORE, 1); emit(OP_STORE, 2);
  emit(OP_LOAD, 3); emit(OP_PUSH, 1); emit(OP_ADD, 0); emit(OP_STORE, 3);
  emit(OP_JMP, loop);
  prog[jz].arg = emit(OP_LOAD, 1);
  emit(OP_PUSH, 1000000007); emit(OP_MOD, 0);
  emit(OP_RET, 0);
  /* main: for k in 0..K: print(fib(k % 90)); then a sieve over mem[4096..] */
  int entry = np;
  emit(OP_PUSH, 0); emit(OP_STORE, 0);
  int mloop = emit(OP_LOAD, 0); emit(OP_PUSH, 100000 * s); emit(OP_LT, 0);
  int mjz = emit(OP_JZ, 0);
  emit(OP_LOAD, 0); emit(OP_PUSH, 90); emit(OP_MOD, 0);
  emit(OP_CALL, fib); emit(OP_PRINT, 0);
  emit(OP_LOAD, 0); emit(OP_PUSH, 1); emit(OP_ADD, 0); emit(OP_STORE, 0);
  emit(OP_JMP, mloop);
  prog[mjz].arg = np;
  /* sieve of size 30000: mem[4096+i] = 1 marks composite */
  emit(OP_PUSH, 2); emit(OP_STORE, 1);
  int outer = emit(OP_LOAD, 1); emit(OP_PUSH, 30000); emit(OP_LT, 0);
  int ojz = emit(OP_JZ, 0);
  emit(OP_LOAD, 1); emit(OP_ALOAD, 0);
  int skip = emit(OP_JZ, 0);
  int next = emit(OP_LOAD, 1); emit(OP_PUSH, 1); emit(OP_ADD, 0); emit(OP_STORE, 1);
  emit(OP_JMP, outer);
  prog[skip].arg = np;
  emit(OP_LOAD, 1); emit(OP_PRINT, 0);
  emit(OP_LOAD, 1); emit(OP_LOAD, 1); emit(OP_ADD, 0); emit(OP_STORE, 2);
  int inner = emit(OP_LOAD, 2); emit(OP_PUSH, 30000); emit(OP_LT, 0);
  int ijz = emit(OP_JZ, next);
  emit(OP_LOAD, 2); emit(OP_PUSH, 1); emit(OP_ASTORE, 0);
  emit(OP_LOAD, 2); emit(OP_LOAD, 1); emit(OP_ADD, 0); emit(OP_STORE, 2);
  emit(OP_JMP, inner);
  (void)ijz;
  prog[ojz].arg = emit(OP_HALT, 0);
  int64_t out = 0;
  int sp = run(prog, entry, &out);
  printf("vm sp %d checksum %lld\n", sp, (long long)out);
  return 0;
}
