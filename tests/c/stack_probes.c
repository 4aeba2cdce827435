/* Stack probes (-fstack-clash-protection: "probe-stack"="inline-asm" on
 * every function). Frames of one page, of a few pages (unrolled probes) and
 * of 1 MB (the probe loop) compute correctly in a recursion; and a 1 MB
 * frame on a thread stack whose guard page has writable memory below it
 * must fault on the guard page (the probes touch every page in order)
 * instead of jumping over it: the SIGSEGV handler reports the hit.
 * difftest-cflags: -fstack-clash-protection
 * difftest-ldflags: -pthread
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MB (1 << 20)

__attribute__((noinline)) static long sum_big(int depth, long seed) {
    volatile char a[MB];
    a[0] = (char)seed;
    a[MB / 2] = (char)(seed >> 3);
    a[MB - 1] = (char)(seed >> 5);
    long s = a[0] + a[MB / 2] + a[MB - 1];
    if (depth > 0)
        s += sum_big(depth - 1, seed * 7 + 1);
    return s + a[0];
}

__attribute__((noinline)) static long sum_mid(int depth, long seed) {
    volatile char a[3 * 4096 + 100];
    a[0] = (char)seed;
    a[sizeof a - 1] = (char)(seed >> 2);
    long s = a[0] + a[sizeof a - 1];
    if (depth > 0)
        s += sum_mid(depth - 1, seed * 3 + 2);
    return s;
}

__attribute__((noinline)) static long sum_small(int depth, long seed) {
    volatile char a[4000];
    a[0] = (char)seed;
    a[3999] = (char)(seed >> 1);
    long s = a[0] + a[3999];
    if (depth > 0)
        s += sum_small(depth - 1, seed + 5);
    return s;
}

static void on_segv(int sig) {
    (void)sig;
    static const char msg[] = "guard page hit\n";
    write(1, msg, sizeof msg - 1);
    _exit(0);
}

static volatile int far_end = 0, near_end = MB - 1;

/* Touches the far end of a 1 MB frame (indices the optimizer cannot see,
 * so the whole array stays). */
__attribute__((noinline)) static void huge_frame(void) {
    volatile char a[MB];
    a[far_end] = 1;
    a[near_end] = 2;
    printf("jumped over the guard page: %d\n", a[far_end] + a[near_end]);
}

static void *thread_main(void *arg) {
    (void)arg;
    static char alt[1 << 16];
    stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt};
    sigaltstack(&ss, 0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_segv;
    sa.sa_flags = SA_ONSTACK;
    sigaction(SIGSEGV, &sa, 0);
    huge_frame();
    return 0;
}

int main(void) {
    printf("%ld %ld %ld\n", sum_small(5, 11), sum_mid(5, 13), sum_big(3, 17));
    fflush(stdout);
    /* [2 MB writable][guard page][256 KB stack] */
    size_t low = 2 * MB, guard = 4096, stack = 256 * 1024;
    char *m = mmap(0, low + guard + stack, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return 1;
    mprotect(m + low, guard, PROT_NONE);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstack(&at, m + low + guard, stack);
    pthread_t t;
    pthread_create(&t, &at, thread_main, 0);
    pthread_join(t, 0);
    return 0;
}
