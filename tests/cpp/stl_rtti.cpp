// The C++ library and language runtime: std::string, std::vector,
// std::map, iostream, virtual calls, RTTI (dynamic_cast, typeid), static
// initialisation, exceptions from the library (out_of_range, bad_cast).
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

struct Shape {
    virtual ~Shape() {}
    virtual double area() const = 0;
    virtual std::string label() const { return "shape"; }
};
struct Rect : Shape {
    double w, h;
    Rect(double a, double b) : w(a), h(b) {}
    double area() const override { return w * h; }
    std::string label() const override { return "rect"; }
};
struct Square : Rect {
    explicit Square(double s) : Rect(s, s) {}
    std::string label() const override { return "square"; }
};
struct Circle : Shape {
    double r;
    explicit Circle(double x) : r(x) {}
    double area() const override { return 3.0 * r * r; }
};

static std::map<std::string, int> registry = {{"alpha", 1}, {"beta", 2}};
static int counter = static_cast<int>(registry.size()) * 10;

int main() {
    std::vector<Shape *> shapes;
    shapes.push_back(new Rect(2, 3));
    shapes.push_back(new Square(4));
    shapes.push_back(new Circle(1));
    for (Shape *s : shapes) {
        std::cout << s->label() << " " << s->area();
        if (Rect *r = dynamic_cast<Rect *>(s)) std::cout << " rect w=" << r->w;
        std::cout << (typeid(*s) == typeid(Square) ? " is-square" : "") << "\n";
    }
    try {
        Shape &c = *shapes[2];
        Rect &r = dynamic_cast<Rect &>(c);
        std::cout << "unexpected " << r.w << "\n";
    } catch (const std::bad_cast &) {
        std::cout << "bad_cast caught\n";
    }
    std::vector<int> v;
    for (int i = 0; i < 20; i++) v.push_back(i * i);
    try {
        std::cout << "at(5) " << v.at(5) << "\n";
        std::cout << "at(50) " << v.at(50) << "\n";
    } catch (const std::out_of_range &) {
        std::cout << "out_of_range caught\n";
    }
    std::string s = "hello";
    for (int i = 0; i < 3; i++) s += "-" + std::to_string(i);
    std::cout << s << " " << s.size() << "\n";
    registry["gamma"] = 3;
    for (const auto &kv : registry) std::cout << kv.first << "=" << kv.second << "\n";
    std::cout << "counter " << counter << "\n";
    try {
        std::string t = s.substr(100);
    } catch (const std::exception &e) {
        std::cout << "substr threw\n";
    }
    for (Shape *sh : shapes) delete sh;
    return 0;
}
