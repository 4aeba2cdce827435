// Exception specifications (C++03 dynamic ones: landingpad filter
// clauses): a violation calls the unexpected handler, which here throws a
// type the specification allows; empty specifications; an exception
// thrown and caught inside a destructor that runs during unwinding;
// exceptions from constructors of partially built objects.
// difftest-cflags: -std=c++03 -Wno-deprecated
#include <cstdio>
#include <exception>

static void on_unexpected() {
    printf("  unexpected handler\n");
    throw 99;
}

static void thrower(int k) {
    if (k == 0) throw 1;
    if (k == 1) throw 2.5;
    if (k == 2) throw 'c';
}

static void allows_int(int k) throw(int) { thrower(k); }
static void allows_int_char(int k) throw(int, char) { thrower(k); }
static int quiet(int x) throw() { return x * 2; }

struct Noisy {
    int id;
    explicit Noisy(int i) : id(i) {}
    ~Noisy() {
        try {
            if (id % 2) throw id;
        } catch (int v) {
            printf("  destructor %d caught its own %d\n", id, v);
        }
        printf("  ~Noisy %d\n", id);
    }
};

struct Part {
    int id;
    explicit Part(int i) : id(i) {
        if (i == 3) throw i;
        printf("  Part %d\n", id);
    }
    ~Part() { printf("  ~Part %d\n", id); }
};

struct Whole {
    Part a, b, c;
    Whole(int x) : a(x), b(x + 1), c(x + 2) {}
};

static void unwind_through_noisy(int n) {
    Noisy a(n), b(n + 1);
    thrower(0);
}

int main() {
    std::set_unexpected(on_unexpected);
    for (int k = 0; k < 4; k++) {
        printf("allows_int %d\n", k);
        try {
            allows_int(k);
            printf("  returned\n");
        } catch (int v) {
            printf("  caught int %d\n", v);
        }
        printf("allows_int_char %d\n", k);
        try {
            allows_int_char(k);
            printf("  returned\n");
        } catch (int v) {
            printf("  caught int %d\n", v);
        } catch (char c) {
            printf("  caught char %c\n", c);
        }
    }
    printf("quiet %d\n", quiet(21));
    try {
        unwind_through_noisy(5);
    } catch (int v) {
        printf("caught %d after noisy\n", v);
    }
    for (int x = 0; x < 3; x++) {
        try {
            Whole w(x);
            printf("built whole %d\n", w.a.id + w.b.id + w.c.id);
        } catch (int v) {
            printf("whole %d failed at %d\n", x, v);
        }
    }
    return 0;
}
