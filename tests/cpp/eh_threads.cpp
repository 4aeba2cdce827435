// Exceptions thrown and caught on several threads at once (each thread's
// own exception state), exceptions carried out of a thread with
// std::exception_ptr, and std::thread/std::mutex/std::function plumbing.
#include <cstdio>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

static std::mutex mu;
static long shared_total = 0;

struct Counted {
    long *slot;
    explicit Counted(long *s) : slot(s) { ++*slot; }
    ~Counted() { ++*slot; }
};

static long worker_body(int id, long *events) {
    long acc = 0;
    for (int i = 0; i < 200; i++) {
        try {
            Counted c(events);
            if ((i + id) % 7 == 0) throw std::runtime_error("seven");
            if ((i * id) % 11 == 3) throw i;
            acc += i;
        } catch (const std::runtime_error &) {
            acc -= 3;
        } catch (int v) {
            acc += v * 2;
        }
    }
    std::lock_guard<std::mutex> g(mu);
    shared_total += acc;
    return acc;
}

int main() {
    std::vector<long> results(4), events(4);
    std::vector<std::exception_ptr> errors(4);
    std::vector<std::thread> threads;
    for (int id = 0; id < 4; id++) {
        threads.emplace_back([id, &results, &events, &errors] {
            try {
                results[id] = worker_body(id, &events[id]);
                if (id == 2) throw std::logic_error("thread two failed late");
            } catch (...) {
                errors[id] = std::current_exception();
            }
        });
    }
    for (auto &t : threads) t.join();
    for (int id = 0; id < 4; id++) {
        printf("thread %d: result %ld events %ld", id, results[id], events[id]);
        if (errors[id]) {
            try {
                std::rethrow_exception(errors[id]);
            } catch (const std::exception &e) {
                printf(" error '%s'", e.what());
            }
        }
        printf("\n");
    }
    printf("total %ld\n", shared_total);
    std::function<int(int)> f = [](int x) -> int {
        if (x < 0) throw std::out_of_range("negative");
        return x * 3;
    };
    for (int x = -1; x < 2; x++) {
        try {
            printf("f(%d) = %d\n", x, f(x));
        } catch (const std::out_of_range &e) {
            printf("f(%d) threw %s\n", x, e.what());
        }
    }
    return 0;
}
