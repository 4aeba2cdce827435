/* Global and static initializers: pointers to globals, into arrays and
 * struct members, to functions and string literals, self-referential
 * lists, pointer arithmetic in constants, nested aggregates, zero-filled
 * tails, and switch lookup tables of strings (relative tables in PIC code
 * at -O2). Also tentative definitions and const data in .rodata. */
#include "dt.h"

struct node { int value; const struct node *next; };
static const struct node n3 = {3, 0};
static const struct node n2 = {2, &n3};
static const struct node n1 = {1, &n2};
struct node ring_a, ring_b;
struct node ring_a = {10, &ring_b};
struct node ring_b = {20, &ring_a};

int numbers[10] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81};
int *middle = &numbers[5];
int *past_end = numbers + 10;
const char *words[] = {"zero", "one", "two", "three", 0};
const char *const *word_cursor = &words[2];
const char greeting[] = "hello, world";
const char *tail = greeting + 7;
char buffer[32] = "prefix";         /* the rest is zero */
int tentative;                       /* a common/bss symbol */
static long zeros[1000];
static double dtable[] = {1.5, -2.25, 1e100, 0.1};
static float ftable[4] = {1.0f};
static long long llmin = -9223372036854775807LL - 1;
static unsigned char bytes[] = {0xff, 0x00, 0x80, 0x7f};

struct point { short x, y; };
struct shape { const char *name; int npoints; struct point pts[4]; const struct shape *parent; };
static const struct shape base = {"base", 1, {{1, 2}}, 0};
static const struct shape shapes[] = {
    {"square", 4, {{0, 0}, {0, 1}, {1, 1}, {1, 0}}, &base},
    {"line", 2, {{-5, -5}, {5, 5}}, &shapes[0]},
    {"dot", 1, {{7, 7}}, &shapes[1]},
};

static int f_one(int x) { return x + 1; }
static int f_two(int x) { return x * 2; }
static int (*const ops[])(int) = {f_one, f_two, f_one};
struct dispatch { const char *name; int (*fn)(int); };
static const struct dispatch dispatch[] = {{"inc", f_one}, {"dbl", f_two}};

/* Address arithmetic folded into the initializer. */
static const char *const from_end = &greeting[sizeof greeting - 2];
static const long offset_of_y = (long)__builtin_offsetof(struct point, y);
static int *const nested_ptr = &numbers[3] + 2;

#define NI __attribute__((noinline))

/* At -O2 in PIC code this becomes a relative lookup table. */
NI static const char *color(int k) {
  switch (k) {
  case 0: return "red"; case 1: return "orange"; case 2: return "yellow"; case 3: return "green";
  case 4: return "blue"; case 5: return "indigo"; case 6: return "violet";
  default: return "none";
  }
}

int main(void) {
  int sum = 0;
  for (const struct node *p = &n1; p; p = p->next) sum = sum * 10 + p->value;
  printf("list %d ring %d %d\n", sum, ring_a.next->value, ring_b.next->next->value);
  printf("middle %d end-middle %ld\n", *middle, (long)(past_end - middle));
  printf("words %s %s %s\n", *word_cursor, word_cursor[1], words[OPAQUE(0)]);
  printf("tail %s from_end %c\n", tail, *from_end);
  strcat(buffer, "-suffix");
  printf("buffer %s %zu tentative %d zeros %ld\n", buffer, strlen(buffer), tentative, zeros[OPAQUE(999)]);
  printf("dtable %g %g %g %g ftable %g %g\n", dtable[0], dtable[1], dtable[2], dtable[3], (double)ftable[0], (double)ftable[3]);
  printf("llmin %lld bytes %d %d %d %d\n", llmin, bytes[0], bytes[1], bytes[2], bytes[3]);
  for (int i = 0; i < 3; i++) {
    const struct shape *s = &shapes[OPAQUE(i)];
    int area = 0;
    for (int k = 0; k < s->npoints; k++) area += s->pts[k].x * 3 + s->pts[k].y;
    printf("shape %s %d parent %s\n", s->name, area, s->parent->name);
  }
  int v = OPAQUE(5);
  for (int i = 0; i < 3; i++) v = ops[i](v);
  printf("ops %d %s %d\n", v, dispatch[1].name, dispatch[OPAQUE(1)].fn(21));
  printf("offset %ld nested %d\n", offset_of_y, *nested_ptr);
  for (int k = -1; k < 9; k++) printf("%s ", color(OPAQUE(k)));
  printf("\n");
  tentative = OPAQUE(77);
  numbers[5] = 500;
  printf("writes %d %d\n", tentative, *middle);
  return 0;
}
