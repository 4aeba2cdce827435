// Values live across invokes and merged at landing pads (phis in landing
// pads at -O2), many invokes in one function, exceptions through virtual
// and indirect calls, std::exception_ptr, catch by pointer, and objects
// owned by smart pointers released during unwinding.
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

struct Op {
    virtual ~Op() {}
    virtual int apply(int x) const = 0;
};
struct AddOp : Op {
    int k;
    explicit AddOp(int v) : k(v) {}
    int apply(int x) const override {
        if (x > 1000) throw std::string("overflow in add");
        return x + k;
    }
};
struct MulOp : Op {
    int k;
    explicit MulOp(int v) : k(v) {}
    int apply(int x) const override {
        if (k == 0) throw k;
        return x * k;
    }
};

struct Tracked {
    int id;
    explicit Tracked(int i) : id(i) {}
    ~Tracked() { printf("  release %d\n", id); }
};

static int chain(const Op *const *ops, int n, int x) {
    int steps = 0;
    int a = x, b = x * 3, c = x ^ 5;
    for (int i = 0; i < n; i++) {
        try {
            a = ops[i]->apply(a);
            b = ops[(i + 1) % n]->apply(b);
            c += a - b;
            steps++;
        } catch (int v) {
            printf("  step %d int %d (a %d b %d c %d)\n", i, v, a, b, c);
            c -= 7;
        } catch (const std::string &s) {
            printf("  step %d string %s (a %d b %d c %d)\n", i, s.c_str(), a, b, c);
            a = 1;
        }
    }
    return a + b + c + steps;
}

typedef int (*Fn)(int);
static int risky(int x) {
    if (x == 4) throw new int(x * 11);
    return x + 1;
}

static int indirect(Fn f, int x) {
    std::unique_ptr<Tracked> t(new Tracked(x));
    return f(x) * 2;
}

static std::exception_ptr capture(int x) {
    try {
        if (x) throw x;
    } catch (...) {
        return std::current_exception();
    }
    return std::exception_ptr();
}

int main() {
    AddOp a1(3), a2(2000);
    MulOp m0(0), m2(2);
    const Op *ops[] = {&a1, &m2, &a2, &m0, &a1};
    for (int x = 1; x < 4; x++) printf("chain %d -> %d\n", x, chain(ops, 5, x));
    for (int x = 2; x < 6; x++) {
        try {
            printf("indirect %d -> %d\n", x, indirect(risky, x));
        } catch (int *p) {
            printf("caught pointer to %d\n", *p);
            delete p;
        }
    }
    for (int x = 0; x < 3; x++) {
        std::exception_ptr e = capture(x);
        if (!e) {
            printf("no exception for %d\n", x);
            continue;
        }
        try {
            std::rethrow_exception(e);
        } catch (int v) {
            printf("rethrown %d\n", v);
        }
    }
    return 0;
}
