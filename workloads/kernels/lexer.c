/* A lexer: classifies and tokenizes generated C-like source text
   (identifiers, keywords by perfect-ish hashing, numbers, operators,
   comments, strings), counting token kinds. */
#include "common.h"

enum { T_ID, T_KW, T_NUM, T_OP, T_STR, T_COMMENT, T_COUNT };

static const char *kws[] = {"if", "else", "while", "for", "return", "int", "char", "static",
                            "struct", "void", "break", "continue", "switch", "case", "default"};

static int is_kw(const char *s, long n) {
  for (unsigned i = 0; i < sizeof kws / sizeof *kws; i++)
    if ((long)strlen(kws[i]) == n && memcmp(kws[i], s, n) == 0) return 1;
  return 0;
}

static void lex(const char *p, long n, long counts[T_COUNT], uint64_t *h) {
  long i = 0;
  while (i < n) {
    char c = p[i];
    if (c == ' ' || c == '\n' || c == '\t') { i++; continue; }
    long st = i;
    int kind;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
      while (i < n && ((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z') ||
                       (p[i] >= '0' && p[i] <= '9') || p[i] == '_'))
        i++;
      kind = is_kw(p + st, i - st) ? T_KW : T_ID;
    } else if (c >= '0' && c <= '9') {
      while (i < n && ((p[i] >= '0' && p[i] <= '9') || p[i] == 'x' || (p[i] >= 'a' && p[i] <= 'f'))) i++;
      kind = T_NUM;
    } else if (c == '"') {
      i++;
      while (i < n && p[i] != '"') i += p[i] == '\\' ? 2 : 1;
      i++;
      kind = T_STR;
    } else if (c == '/' && i + 1 < n && p[i + 1] == '*') {
      i += 2;
      while (i + 1 < n && !(p[i] == '*' && p[i + 1] == '/')) i++;
      i += 2;
      kind = T_COMMENT;
    } else {
      i++;
      if (i < n && (p[i] == '=' || (p[i] == c && (c == '+' || c == '-' || c == '&' || c == '|')))) i++;
      kind = T_OP;
    }
    if (i > n) i = n;
    counts[kind]++;
    for (long k = st; k < i; k++) *h = (*h ^ (uint8_t)p[k]) * 0x100000001b3ull;
  }
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  static const char *frag[] = {"int ", "x", "y1", "count_", "while ", "(", ")", "{", "}", "+= ",
                               "== ", "42 ", "0x1f ", "\"str\\\"ing\" ", "/* note */ ", "return ",
                               ";\n", "for ", "&& ", "buf[i] ", "static ", "char ", "-> "};
  long n = 1 << 21;
  char *src = malloc(n + 64);
  rng_seed(21);
  long o = 0;
  while (o < n) {
    const char *f = frag[rng_next() % (sizeof frag / sizeof *frag)];
    long l = (long)strlen(f);
    memcpy(src + o, f, l);
    o += l;
  }
  n = o;
  for (int r = 0; r < 6 * s; r++) {
    long counts[T_COUNT] = {0};
    uint64_t h = 0xcbf29ce484222325ull;
    lex(src, n, counts, &h);
    printf("round %d id %ld kw %ld num %ld op %ld str %ld com %ld hash %llx\n", r, counts[0],
           counts[1], counts[2], counts[3], counts[4], counts[5], (unsigned long long)h);
    src[(r * 104729) % n] = 'q';
  }
  free(src);
  return 0;
}
