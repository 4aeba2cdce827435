/* String literals and string handling: escapes, embedded NULs, adjacent
 * literal concatenation, wide and UTF-8 literals, char arrays initialised
 * from literals, libc string functions, and hand-written string loops. */
#include <wchar.h>
#include <ctype.h>
#include "dt.h"

static const char esc[] = "tab\there\nnl \\ \"q\" \x41\102\0after";
static const char concat[] = "con" "cat" "enated" " " "literal";
static const wchar_t wide[] = L"wide \x263a chars";
static const char utf8[] = u8"caf\u00e9 \u20ac";

#define NI __attribute__((noinline))

NI static size_t my_strlen(const char *s) { const char *p = s; while (*p) p++; return (size_t)(p - s); }
NI static void reverse(char *s) {
  size_t n = my_strlen(s);
  for (size_t i = 0; i < n / 2; i++) { char t = s[i]; s[i] = s[n - 1 - i]; s[n - 1 - i] = t; }
}
NI static int count_words(const char *s) {
  int n = 0, in = 0;
  for (; *s; s++) {
    if (isspace((unsigned char)*s)) in = 0;
    else if (!in) { in = 1; n++; }
  }
  return n;
}
NI static unsigned long djb2(const char *s) { unsigned long h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }

int main(void) {
  printf("esc size %zu len %zu after \"%s\"\n", sizeof esc, strlen(esc), esc + strlen(esc) + 1);
  for (size_t i = 0; i < sizeof esc; i++) dt_mix((unsigned char)esc[i]);
  dt_report("esc bytes");
  printf("concat \"%s\" %zu\n", concat, sizeof concat);
  printf("wide %zu %lx %zu\n", wcslen(wide), (unsigned long)wide[5], sizeof wide);
  printf("utf8 %zu:", sizeof utf8);
  for (size_t i = 0; utf8[i]; i++) printf(" %02x", (unsigned char)utf8[i]);
  printf("\n");
  char buf[64];
  strcpy(buf, OPAQUE("The quick brown fox"));
  reverse(buf);
  printf("reverse \"%s\" %zu\n", buf, my_strlen(buf));
  printf("cmp %d %d %d %d\n", strcmp(OPAQUE("abc"), "abd") < 0, strncmp(OPAQUE("abcdef"), "abcxyz", 3),
         memcmp(OPAQUE("\x01\xff"), "\x01\x01", 2) > 0, strcmp(buf, buf));
  printf("chr %s | rchr %s | str %s | spn %zu %zu\n", strchr(OPAQUE("find the x here"), 'x'),
         strrchr(OPAQUE("a/b/c/d"), '/'), strstr(OPAQUE("haystack with needle inside"), "needle"),
         strspn(OPAQUE("aaabbbccc"), "ab"), strcspn(OPAQUE("hello world"), " "));
  printf("words %d %d\n", count_words(OPAQUE("  several   words\tin a\nline ")), count_words(OPAQUE("")));
  char fmt[80];
  int n = snprintf(fmt, sizeof fmt, "%s|%-6s|%6s|%.3s|%c%c", "x", "left", "right", "truncate", 'o', 'k');
  printf("snprintf %d \"%s\"\n", n, fmt);
  const char *lines[] = {"alpha", "beta", "gamma", "delta", "epsilon"};
  unsigned long h = 0;
  for (int i = 0; i < 5; i++) h ^= djb2(lines[OPAQUE(i)]) << i;
  printf("djb2 %lx\n", h);
  char up[32];
  const char *src = OPAQUE("Mixed Case 123!");
  size_t i = 0;
  for (; src[i]; i++) up[i] = (char)toupper((unsigned char)src[i]);
  up[i] = 0;
  printf("upper %s\n", up);
  /* A string literal indexed with a variable, and a char array on the stack. */
  int k = OPAQUE(3);
  char local[] = "on the stack";
  local[k] = '_';
  printf("%c %s\n", "0123456789abcdef"[k * 5], local);
  return 0;
}
