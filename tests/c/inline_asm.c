/* GCC-style inline assembly and file-scope asm: every constraint kind the
 * code generator supports (r, q, Q, x, m, i, n, g, =r, +r, =&r, matching
 * digits, fixed registers, =m memory outputs), clobbers, several outputs,
 * operands of 8 to 64 bits and pointers, the operand modifiers k q w b h c
 * P a n, %%, %= and {att|intel} dialect alternatives. Results are printed
 * and mixed into a checksum. */
#include "dt.h"

/* File-scope asm: a function and a data word defined in assembly. */
__asm__(".text\n"
        "\t.globl ia_triple\n"
        "\t.type ia_triple,@function\n"
        "ia_triple:\n"
        "\tleal (%rdi,%rdi,2), %eax\n"
        "\tret\n"
        "\t.size ia_triple, .-ia_triple\n"
        "\t.pushsection .rodata\n"
        "\t.p2align 3\n"
        "ia_table:\n"
        "\t.quad 11, 22, 33, 44\n"
        "\t.popsection\n");
int ia_triple(int);

static int64_t table_at(int k) {
  int64_t v;
  __asm__("leaq ia_table(%%rip), %%rcx\n\t"
          "movq (%%rcx,%q1,8), %0"
          : "=r"(v)
          : "r"((int64_t)k)
          : "rcx");
  return v;
}

static uint32_t add3(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t r;
  /* r is written before b and c are read: early clobber. */
  __asm__("movl %1, %0\n\taddl %2, %0\n\taddl %3, %0" : "=&r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

static uint64_t plus_imm(uint64_t x) {
  __asm__("addq %1, %0" : "+r"(x) : "i"(1000));
  __asm__("subq %1, %0" : "+r"(x) : "n"(-3));
  __asm__("addq %1, %0" : "+r"(x) : "g"(7));
  return x;
}

static uint32_t tied(uint32_t a, uint32_t b) {
  uint32_t r;
  __asm__("imull %2, %0" : "=r"(r) : "0"(a), "r"(b));
  return r;
}

static uint16_t swap16(uint16_t x) {
  __asm__("rolw $8, %w0" : "+r"(x));
  return x;
}

static uint8_t low_high(uint32_t x, uint8_t *hi) {
  uint8_t lo, h;
  __asm__("movb %b2, %0\n\tmovb %h2, %1" : "=&q"(lo), "=&Q"(h) : "Q"(x));
  *hi = h;
  return lo;
}

static uint64_t widen(uint32_t x) {
  uint64_t r;
  /* %k names the 32-bit register, %q the 64-bit one. */
  __asm__("movl %k1, %k0\n\tshlq $4, %q0" : "=r"(r) : "r"((uint64_t)x));
  return r;
}

static int fixed_regs(int a, long b) {
  int r;
  __asm__("leal 5(%%rdi,%%rax), %%eax" : "=a"(r) : "a"(a), "D"(b));
  return r;
}

static uint64_t mulhi(uint64_t a, uint64_t b) {
  uint64_t lo, hi;
  __asm__("mulq %3" : "=a"(lo), "=d"(hi) : "a"(a), "r"(b) : "cc");
  return hi ^ lo;
}

static void mem_ops(int32_t *p, int64_t *q) {
  __asm__("addl $17, %0" : "=m"(*p) : "m"(*p) : "cc");
  __asm__("notq %0" : "+m"(*q));
}

static int32_t read_mem(const int32_t *p) {
  int32_t v;
  __asm__("movl %1, %0" : "=r"(v) : "m"(p[2]));
  return v;
}

static int bump_global_count;
static void bump_global(void) {
  __asm__ volatile("incl %0" : "+m"(bump_global_count) : : "memory");
}

static uint32_t ranged_imms(uint32_t x, unsigned n) {
  /* x86 immediate letters: I (0..31), K (signed byte), e/Z (32-bit),
   * M (0..3); "cI" takes a constant count as I, a variable one in %cl. */
  __asm__("shll %1, %0" : "+r"(x) : "I"(3) : "cc");
  __asm__("addl %1, %0" : "+r"(x) : "K"(-7) : "cc");
  __asm__("xorl %1, %0" : "+r"(x) : "e"(0x12345) : "cc");
  __asm__("orl %1, %0" : "+r"(x) : "Z"(0x40000000u) : "cc");
  __asm__("leal 0(,%0,%c1), %0" : "+r"(x) : "M"(2));
  __asm__("roll %1, %0" : "+r"(x) : "cI"(5) : "cc");
  __asm__("rorl %b1, %0" : "+r"(x) : "cI"((unsigned char)n) : "cc");
  return x;
}

static long imm_forms(void) {
  long r;
  /* %c prints the bare constant, %P too; %n negates it. */
  __asm__("movq $%c1 + %P2 - %n3, %0" : "=r"(r) : "i"(40), "i"(2), "i"(100));
  return r;
}

static long load_via_a(long *p) {
  long r;
  /* %a prints a register operand as an address: this loads *p. */
  __asm__("movq %a1, %0" : "=r"(r) : "r"(p));
  return r;
}

static const char *ptr_ops(const char *p) {
  const char *r;
  __asm__("leaq 3(%1), %0" : "=r"(r) : "r"(p));
  return r;
}

static int8_t byte_ops(int8_t a, int8_t b) {
  __asm__("subb %1, %0" : "+q"(a) : "q"(b) : "cc");
  return a;
}

static int16_t word_ops(int16_t a) {
  __asm__("negw %0" : "+r"(a) : : "cc");
  return a;
}

static int dialect(int x) {
  int r;
  __asm__("{movl %1, %0|mov %0, %1}\n\t{addl $9, %0|add %0, 9}" : "=r"(r) : "r"(x));
  return r;
}

static int percent_and_label(int x) {
  int r = 0;
  /* %= makes a label unique to this asm statement. */
  __asm__("testl %1, %1\n\t"
          "jz .Lzero%=\n\t"
          "movl $1, %0\n"
          ".Lzero%=:"
          : "+r"(r)
          : "r"(x)
          : "cc");
  return r;
}

static double xmm_add(double a, double b) {
  __asm__("addsd %1, %0" : "+x"(a) : "x"(b));
  return a;
}

static unsigned clobbers(unsigned x) {
  /* Writes rbx (callee-saved) and r11: both must survive around it. */
  __asm__("movl %1, %%ebx\n\tleal 1(%%rbx), %%r11d\n\tmovl %%r11d, %0"
          : "=r"(x)
          : "r"(x)
          : "rbx", "r11");
  return x;
}

static int swap_pair(int *a, int *b) {
  int x = *a, y = *b;
  __asm__("xchgl %0, %1" : "+r"(x), "+r"(y));
  *a = x;
  *b = y;
  return x - y;
}

int main(void) {
  int32_t cell[4] = {1, 2, 3, 4};
  int64_t word = OPAQUE(0x1234);
  uint8_t hi = 0;
  long target = 99;
  int pa = OPAQUE(10), pb = OPAQUE(20);

  printf("triple %d\n", ia_triple(OPAQUE(14)));
  printf("table %lld %lld\n", (long long)table_at(OPAQUE(1)), (long long)table_at(OPAQUE(3)));
  printf("add3 %u\n", add3(OPAQUE(1u), OPAQUE(20u), OPAQUE(300u)));
  printf("plus_imm %llu\n", (unsigned long long)plus_imm(OPAQUE(5ull)));
  printf("tied %u\n", tied(OPAQUE(6u), OPAQUE(7u)));
  printf("swap16 %04x\n", swap16(OPAQUE((uint16_t)0x1234)));
  uint8_t lo = low_high(OPAQUE(0xa1b2c3d4u), &hi);
  printf("low_high %02x %02x\n", lo, hi);
  printf("widen %llx\n", (unsigned long long)widen(OPAQUE(0x89abcdefu)));
  printf("fixed_regs %d\n", fixed_regs(OPAQUE(30), OPAQUE(12L)));
  printf("mulhi %llx\n", (unsigned long long)mulhi(OPAQUE(0x123456789ull), OPAQUE(0xfedcba987ull)));
  mem_ops(&cell[1], &word);
  printf("mem_ops %d %llx\n", cell[1], (unsigned long long)word);
  printf("read_mem %d\n", read_mem(cell));
  for (int i = 0; i < 5; i++)
    bump_global();
  printf("bump %d\n", bump_global_count);
  printf("imm_forms %ld\n", imm_forms());
  printf("ranged_imms %08x\n", ranged_imms(OPAQUE(0x1234567u), OPAQUE(9u)));
  printf("load_via_a %ld\n", load_via_a(&target));
  const char *s = "inline asm";
  printf("ptr_ops %s\n", ptr_ops(s));
  printf("byte_ops %d\n", byte_ops(OPAQUE((int8_t)5), OPAQUE((int8_t)9)));
  printf("word_ops %d\n", word_ops(OPAQUE((int16_t)1234)));
  printf("dialect %d\n", dialect(OPAQUE(33)));
  printf("label %d %d\n", percent_and_label(OPAQUE(0)), percent_and_label(OPAQUE(5)));
  printf("xmm_add %.3f\n", xmm_add(OPAQUE(1.25), OPAQUE(2.5)));
  printf("clobbers %u\n", clobbers(OPAQUE(41u)));
  int diff = swap_pair(&pa, &pb);
  printf("swap_pair %d %d %d\n", diff, pa, pb);
  uint64_t h = 0;
  for (int i = 0; i < 64; i++) {
    h = h * 31 + add3((uint32_t)i, tied((uint32_t)i, 3u), (uint32_t)widen((uint32_t)i));
    h ^= mulhi(h, 0x9e3779b97f4a7c15ull);
  }
  printf("mix %llx\n", (unsigned long long)h);
  return 0;
}
