// Deeply nested template structs: 32 levels of Level<N> (each holding the
// level below, a std::pair around it and an array whose length depends on
// N), plus a std::tuple chain. Data layout must be computed once per type:
// recomputing each nested struct's size at every level is exponential in
// the depth and never finishes.
// difftest-cflags: -std=c++17
#include <cstdint>
#include <cstdio>
#include <tuple>
#include <utility>

template <int N> struct Level {
    Level<N - 1> inner;
    std::pair<char, Level<N - 1> *> link;
    unsigned char pad[N % 5 + 1];
    double weight;
    std::uint16_t tag;

    void fill(std::uint32_t seed) {
        inner.fill(seed * 31u + N);
        link = {static_cast<char>('a' + N % 26), &inner};
        for (unsigned i = 0; i < sizeof pad; i++) pad[i] = static_cast<unsigned char>(seed + i * N);
        weight = N * 0.5 + (seed % 7);
        tag = static_cast<std::uint16_t>(seed ^ (N << 3));
    }
    std::uint64_t sum() const {
        std::uint64_t s = inner.sum() * 1099511628211ull;
        s ^= static_cast<std::uint64_t>(link.first) + (link.second == &inner ? 17 : 0);
        for (unsigned char c : pad) s = s * 131 + c;
        s += static_cast<std::uint64_t>(weight * 4) + tag;
        return s;
    }
};

template <> struct Level<0> {
    int leaf;
    void fill(std::uint32_t seed) { leaf = static_cast<int>(seed & 0xffff); }
    std::uint64_t sum() const { return static_cast<std::uint64_t>(leaf); }
};

template <int N> struct Chain {
    using type = std::tuple<short, typename Chain<N - 1>::type, char>;
};
template <> struct Chain<0> {
    using type = std::tuple<int>;
};

template <int N> std::uint64_t chain_sum(const typename Chain<N>::type &t) {
    if constexpr (N == 0) {
        return static_cast<std::uint64_t>(std::get<0>(t));
    } else {
        return std::get<0>(t) * 3u + chain_sum<N - 1>(std::get<1>(t)) * 7u + std::get<2>(t);
    }
}

template <int N> void chain_fill(typename Chain<N>::type &t, int v) {
    if constexpr (N == 0) {
        std::get<0>(t) = v;
    } else {
        std::get<0>(t) = static_cast<short>(v * N);
        chain_fill<N - 1>(std::get<1>(t), v + 1);
        std::get<2>(t) = static_cast<char>(v + N);
    }
}

static Level<32> big;
static Chain<30>::type chain;

int main() {
    big.fill(12345);
    std::printf("sizeof Level<32> = %zu, alignof = %zu\n", sizeof(Level<32>), alignof(Level<32>));
    std::printf("sizeof Level<7> = %zu\n", sizeof(Level<7>));
    std::printf("sum = %llu\n", static_cast<unsigned long long>(big.sum()));
    chain_fill<30>(chain, 3);
    std::printf("sizeof chain = %zu\n", sizeof chain);
    std::printf("chain = %llu\n", static_cast<unsigned long long>(chain_sum<30>(chain)));
    Level<20> local;
    local.fill(99);
    std::printf("local = %llu\n", static_cast<unsigned long long>(local.sum()));
    return 0;
}
