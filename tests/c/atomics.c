/* Atomic builtins on one thread: __atomic_* (load, store, exchange,
 * compare_exchange strong and weak, fetch_op and op_fetch, test_and_set)
 * for 8 to 64 bits under several memory orders, __sync_* builtins, C11
 * _Atomic, and fences. */
#include <stdatomic.h>
#include "dt.h"

#define NI __attribute__((noinline))

#define OPS(NAME, T)                                                           \
  NI static void ops_##NAME(T *p, T v) {                                       \
    T old, r, e;                                                               \
    __atomic_store_n(p, v, __ATOMIC_RELAXED);                                  \
    r = __atomic_load_n(p, __ATOMIC_ACQUIRE); dt_mix((uint64_t)r);             \
    old = __atomic_exchange_n(p, (T)(v * 3), __ATOMIC_SEQ_CST); dt_mix((uint64_t)old); \
    old = __atomic_fetch_add(p, (T)5, __ATOMIC_SEQ_CST); dt_mix((uint64_t)old); \
    old = __atomic_fetch_sub(p, (T)7, __ATOMIC_RELEASE); dt_mix((uint64_t)old); \
    old = __atomic_fetch_and(p, (T)0x5a, __ATOMIC_ACQ_REL); dt_mix((uint64_t)old); \
    old = __atomic_fetch_or(p, (T)0x21, __ATOMIC_RELAXED); dt_mix((uint64_t)old); \
    old = __atomic_fetch_xor(p, (T)0xff, __ATOMIC_SEQ_CST); dt_mix((uint64_t)old); \
    old = __atomic_fetch_nand(p, (T)0x3c, __ATOMIC_SEQ_CST); dt_mix((uint64_t)old); \
    r = __atomic_add_fetch(p, (T)v, __ATOMIC_SEQ_CST); dt_mix((uint64_t)r);   \
    r = __atomic_sub_fetch(p, (T)1, __ATOMIC_SEQ_CST); dt_mix((uint64_t)r);   \
    r = __atomic_and_fetch(p, (T)0x7f, __ATOMIC_SEQ_CST); dt_mix((uint64_t)r); \
    r = __atomic_or_fetch(p, (T)0x100, __ATOMIC_SEQ_CST); dt_mix((uint64_t)r); \
    r = __atomic_xor_fetch(p, (T)3, __ATOMIC_SEQ_CST); dt_mix((uint64_t)r);   \
    e = r;                                                                     \
    int ok = __atomic_compare_exchange_n(p, &e, (T)42, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED); \
    dt_mix((uint64_t)ok); dt_mix((uint64_t)e);                                 \
    e = (T)1;                                                                  \
    ok = __atomic_compare_exchange_n(p, &e, (T)43, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE); \
    dt_mix((uint64_t)ok); dt_mix((uint64_t)e);                                 \
    e = (T)42;                                                                 \
    while (!__atomic_compare_exchange_n(p, &e, (T)(e + 1), 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {} \
    dt_mix((uint64_t)*p);                                                      \
    /* __sync */                                                               \
    old = __sync_fetch_and_add(p, (T)2); dt_mix((uint64_t)old);                \
    r = __sync_sub_and_fetch(p, (T)1); dt_mix((uint64_t)r);                    \
    old = __sync_fetch_and_or(p, (T)0x40); dt_mix((uint64_t)old);              \
    r = __sync_and_and_fetch(p, (T)0xf0); dt_mix((uint64_t)r);                 \
    old = __sync_fetch_and_xor(p, (T)0x11); dt_mix((uint64_t)old);             \
    r = __sync_val_compare_and_swap(p, (T)*p, (T)9); dt_mix((uint64_t)r);      \
    ok = __sync_bool_compare_and_swap(p, (T)9, (T)10); dt_mix((uint64_t)ok);   \
    ok = __sync_bool_compare_and_swap(p, (T)9, (T)11); dt_mix((uint64_t)ok);   \
    old = __sync_lock_test_and_set(p, (T)77); dt_mix((uint64_t)old);           \
    __sync_lock_release(p); dt_mix((uint64_t)*p);                              \
    __sync_synchronize();                                                      \
    dt_report(#NAME);                                                          \
  }

OPS(u8, uint8_t)
OPS(i16, int16_t)
OPS(u32, uint32_t)
OPS(i64, int64_t)

struct __attribute__((aligned(8))) pair { int a, b; };

int main(void) {
  uint8_t a8; int16_t a16; uint32_t a32; int64_t a64;
  ops_u8(&a8, OPAQUE((uint8_t)0x81));
  ops_i16(&a16, OPAQUE((int16_t)-300));
  ops_u32(&a32, OPAQUE(0xdeadbeefu));
  ops_i64(&a64, OPAQUE(-0x123456789LL));
  /* Generic forms on a struct (8 bytes: lock-free). */
  struct pair p = {1, 2}, q = {3, 4}, r;
  __atomic_store(&p, &q, __ATOMIC_SEQ_CST);
  __atomic_load(&p, &r, __ATOMIC_SEQ_CST);
  struct pair want = {3, 4}, put = {OPAQUE(5), 6};
  int ok = __atomic_compare_exchange(&p, &want, &put, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  printf("struct %d %d %d %d %d\n", r.a, r.b, ok, p.a, p.b);
  /* C11 atomics. */
  _Atomic long counter = OPAQUE(10L);
  atomic_fetch_add(&counter, 5);
  atomic_fetch_sub_explicit(&counter, 2, memory_order_relaxed);
  long exp = 13;
  int c1 = atomic_compare_exchange_strong(&counter, &exp, 100);
  long v = atomic_load(&counter);
  counter += 7;
  counter *= 2; /* a compare-exchange loop */
  printf("c11 %d %ld %ld\n", c1, v, atomic_load(&counter));
  atomic_flag flag = ATOMIC_FLAG_INIT;
  int t1 = atomic_flag_test_and_set(&flag), t2 = atomic_flag_test_and_set(&flag);
  atomic_flag_clear(&flag);
  int t3 = atomic_flag_test_and_set(&flag);
  printf("flag %d %d %d lockfree %d %d\n", t1, t2, t3, (int)__atomic_always_lock_free(8, 0),
         (int)__atomic_always_lock_free(16, 0));
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __atomic_signal_fence(__ATOMIC_ACQ_REL);
  _Atomic float af = OPAQUE(1.5f);
  af += 2.25f;
  printf("float %g\n", (double)af);
  return 0;
}
