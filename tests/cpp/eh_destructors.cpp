// Destructors run during unwinding, in reverse order of construction,
// across frames, with values live in registers and on the stack across
// invokes, and with a dynamic alloca frame.
#include <alloca.h>
#include <cstdio>
#include <cstring>

static int live = 0;

struct Guard {
    int id;
    explicit Guard(int i) : id(i) {
        live++;
        printf("  +%d\n", id);
    }
    ~Guard() {
        live--;
        printf("  -%d\n", id);
    }
};

static void maybe_throw(int x) {
    Guard g(x * 10);
    if (x % 2) throw x;
}

static long work(int n) {
    long acc = 1;
    Guard a(n);
    for (int i = 0; i < n; i++) {
        Guard b(100 + i);
        acc = acc * 3 + i;
        maybe_throw(i + n);
    }
    return acc;
}

static int with_alloca(int n) {
    char *buf = static_cast<char *>(alloca(16 + n * 8));
    memset(buf, 'a' + n, 16 + n * 8);
    Guard g(900 + n);
    try {
        maybe_throw(n);
    } catch (int v) {
        printf("  alloca frame caught %d, buf %c\n", v, buf[n]);
        return v + buf[3];
    }
    return buf[0];
}

struct alignas(64) Wide {
    double v[8];
};

static double realigned(int n) {
    Wide w;
    for (int i = 0; i < 8; i++) w.v[i] = i * n;
    Guard g(700 + n);
    try {
        maybe_throw(n);
    } catch (int v) {
        return w.v[7] + v;
    }
    return w.v[1];
}

// Realignment and a dynamic alloca together: locals through a base
// pointer (RBX), restored by the unwinder like any callee-saved register.
static double both(int n) {
    Wide w;
    char *buf = static_cast<char *>(alloca(8 + n * 16));
    memset(buf, 'k' + n, 8 + n * 16);
    for (int i = 0; i < 8; i++) w.v[i] = i + n * 0.5;
    Guard g(800 + n);
    try {
        maybe_throw(n + 1);
    } catch (int v) {
        return w.v[3] + v + buf[n];
    }
    return w.v[2] + buf[0];
}

int main() {
    for (int n = 0; n < 4; n++) {
        printf("work %d\n", n);
        try {
            printf("  -> %ld\n", work(n));
        } catch (int v) {
            printf("  caught %d, live %d\n", v, live);
        }
    }
    for (int n = 0; n < 3; n++) printf("alloca %d -> %d\n", n, with_alloca(n));
    for (int n = 0; n < 3; n++) printf("realigned %d -> %.1f\n", n, realigned(n));
    for (int n = 0; n < 3; n++) printf("both %d -> %.1f\n", n, both(n));
    printf("live at end %d\n", live);
    return 0;
}
