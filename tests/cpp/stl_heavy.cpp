// Template-heavy library code with exceptions everywhere: std::regex,
// unordered_map, shared_ptr trees, std::function recursion, variant and
// optional access errors, string streams, deque/list/set; C++17.
// difftest-cflags: -std=c++17
#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <unordered_map>
#include <variant>
#include <optional>
#include <deque>
#include <list>

struct Node {
    std::string name;
    std::vector<std::shared_ptr<Node>> kids;
    explicit Node(std::string n) : name(std::move(n)) {}
};

static int depth(const std::shared_ptr<Node> &n) {
    int d = 0;
    for (auto &k : n->kids) d = std::max(d, depth(k));
    if (n->name == "bad") throw std::invalid_argument("bad node " + n->name);
    return d + 1;
}

int main() {
    std::regex re("([a-z]+)=([0-9]+)");
    std::string text = "alpha=1 beta=22 gamma=333 delta=x";
    std::map<std::string, int> kv;
    for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it)
        kv[(*it)[1]] = std::stoi((*it)[2]);
    for (auto &p : kv) std::cout << p.first << ":" << p.second << "\n";
    try { std::stoi("zz"); } catch (const std::invalid_argument &e) { std::cout << "stoi failed\n"; }
    std::unordered_map<int, std::string> um;
    for (int i = 0; i < 50; i++) um[i * 7 % 13] += std::to_string(i);
    std::vector<std::pair<int, std::string>> v(um.begin(), um.end());
    std::sort(v.begin(), v.end());
    for (auto &p : v) std::cout << p.first << "=" << p.second.size() << " ";
    std::cout << "\n";
    auto root = std::make_shared<Node>("root");
    for (int i = 0; i < 3; i++) {
        auto c = std::make_shared<Node>(i == 2 ? "bad" : "kid");
        c->kids.push_back(std::make_shared<Node>("leaf"));
        root->kids.push_back(c);
    }
    try { std::cout << depth(root) << "\n"; } catch (const std::exception &e) { std::cout << e.what() << "\n"; }
    std::function<int(int)> fib = [&](int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); };
    std::cout << fib(15) << "\n";
    std::variant<int, std::string> var = std::string("text");
    try { std::get<int>(var); } catch (const std::bad_variant_access &) { std::cout << "bad variant\n"; }
    std::optional<int> o;
    try { o.value(); } catch (const std::bad_optional_access &) { std::cout << "bad optional\n"; }
    std::ostringstream os; os << 3.25 << "|" << std::hex << 255; std::cout << os.str() << "\n";
    std::deque<int> dq; std::list<int> li; std::set<int> st;
    for (int i = 0; i < 100; i++) { dq.push_front(i); li.push_back(i * i % 17); st.insert(i * 31 % 97); }
    std::cout << dq.front() << " " << li.back() << " " << st.size() << "\n";
    return 0;
}
