/* -fcf-protection=full: endbr64 at entries, after setjmp, at computed-goto
 * targets, and notrack jump-table dispatch; the program must behave the
 * same (and, on a CET-enforcing machine, not fault).
 * difftest-cflags: -fcf-protection=full
 */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static int square(int x) { return x * x; }
static int twice(int x) { return 2 * x; }
static int (*volatile ops[2])(int) = {square, twice};

__attribute__((noinline)) static int sw(int x) {
    switch (x) {
    case 0: return 10;
    case 1: return 21;
    case 2: return 32;
    case 3: return 43;
    case 4: return 54;
    case 5: return 65;
    default: return -1;
    }
}

__attribute__((noinline)) static int interp(const unsigned char *code) {
    static void *labels[] = {&&inc, &&dbl, &&end};
    int acc = 1;
    goto *labels[*code++];
inc:
    acc += 1;
    goto *labels[*code++];
dbl:
    acc *= 2;
    goto *labels[*code++];
end:
    return acc;
}

__attribute__((noinline)) static void thrower(int v) { longjmp(env, v); }

int main(void) {
    int s = 0;
    for (int i = -1; i < 8; i++)
        s = s * 3 + sw(i);
    printf("switch %d\n", s);
    printf("calls %d %d\n", ops[0](7), ops[1](7));
    static const unsigned char code[] = {0, 1, 0, 1, 1, 2};
    printf("goto %d\n", interp(code));
    volatile int n = 0;
    int r = setjmp(env);
    if (r < 3) {
        n++;
        thrower(r + 1);
    }
    printf("setjmp %d %d\n", r, n);
    return 0;
}
