// Exceptions thrown and caught across frames: by value, by base class,
// catch (...), rethrow, nested try blocks, noexcept specifications.
#include <cstdio>
#include <stdexcept>

struct Base {
    int code;
    explicit Base(int c) : code(c) {}
    virtual ~Base() {}
    virtual const char *name() const { return "Base"; }
};
struct Derived : Base {
    explicit Derived(int c) : Base(c) {}
    const char *name() const override { return "Derived"; }
};

static int depth_throw(int n, int what) {
    if (n == 0) {
        switch (what) {
        case 0: throw 42;
        case 1: throw Derived(7);
        case 2: throw std::runtime_error("runtime");
        case 3: throw 2.5;
        default: return what * 10;
        }
    }
    return depth_throw(n - 1, what) + 1;
}

static int classify(int what) {
    try {
        return depth_throw(3, what);
    } catch (int v) {
        printf("  int %d\n", v);
        return -1;
    } catch (const Base &b) {
        printf("  %s code %d\n", b.name(), b.code);
        return -2;
    } catch (const std::exception &e) {
        printf("  std::exception %s\n", e.what());
        return -3;
    } catch (...) {
        printf("  something else\n");
        return -4;
    }
}

static void rethrower(int what) {
    try {
        depth_throw(2, what);
    } catch (...) {
        printf("  rethrowing\n");
        throw;
    }
}

static int nested(int what) {
    int r = 0;
    try {
        try {
            rethrower(what);
        } catch (const Derived &d) {
            printf("  inner caught Derived %d\n", d.code);
            r += 100;
            throw Base(d.code + 1);
        }
    } catch (const Base &b) {
        printf("  outer caught %s %d\n", b.name(), b.code);
        r += b.code;
    } catch (int v) {
        printf("  outer caught int %d\n", v);
        r += v;
    }
    return r;
}

static void no_throw_here() noexcept { printf("  noexcept body\n"); }

int main() {
    for (int w = 0; w < 5; w++) {
        printf("classify %d\n", w);
        printf("  -> %d\n", classify(w));
    }
    for (int w = 0; w < 2; w++) {
        printf("nested %d\n", w);
        printf("  -> %d\n", nested(w));
    }
    no_throw_here();
    int total = 0;
    for (int i = 0; i < 50; i++) {
        try {
            if (i % 3 == 0) throw i;
            total += i;
        } catch (int v) {
            total -= v / 3;
        }
    }
    printf("total %d\n", total);
    return 0;
}
