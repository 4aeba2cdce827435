/* Thread-locals in a shared library: the library is compiled as PIC for a
 * shared object (-fPIC, no PIE), so its own static thread-locals use the
 * local-dynamic model (one __tls_get_addr call for the module's block, then
 * x@DTPOFF offsets) and exported or external ones the general-dynamic model
 * (a call per variable). The executable (shared/tls_main.c, built by
 * clang-19) defines one of the variables the library reads and reads one of
 * the library's. Each thread sees its own copies; the output is combined in
 * a fixed order.
 * difftest-cflags: -fPIC
 * difftest-ldflags: -pthread
 * difftest-shared: shared/tls_main.c
 */
#include <pthread.h>
#include "dt.h"

#define NTHREADS 3
#define NI __attribute__((noinline))

struct pair { int a; long b[4]; };

static _Thread_local int tl_count = 100;       /* local-dynamic */
static _Thread_local struct pair tl_pair;      /* local-dynamic, fields at offsets */
static _Thread_local char tl_bytes[37];        /* local-dynamic, .tbss */
_Thread_local unsigned tl_lib_exported = 5;    /* general-dynamic (may be preempted) */
extern _Thread_local int tl_main_defined;      /* general-dynamic, in the executable */
__attribute__((visibility("hidden"))) _Thread_local long tl_hidden = -3; /* local-dynamic */

/* A leaf but for the TLS call: the frame must still be aligned for it. */
NI static int *count_address(void) { return &tl_count; }
NI static long *pair_b(int i) { return &tl_pair.b[i & 3]; }

/* Several accesses in several blocks, across a loop. */
NI static long mix(int id, int rounds) {
  long acc = 0;
  for (int r = 0; r < rounds; r++) {
    tl_count += id;
    tl_pair.a ^= r;
    tl_pair.b[r & 3] += r * (id + 1);
    tl_bytes[r % 37] += (char)(r + id);
    if (r % 7 == 0) tl_lib_exported = tl_lib_exported * 33 + (unsigned)r;
    else tl_hidden += r;
    tl_main_defined += id;
    acc += tl_count + tl_pair.a;
  }
  return acc;
}

struct result { int id; long acc; unsigned long sum; int count, main_defined; unsigned exported; long hidden; int same; };

static void *thread_main(void *arg) {
  struct result *res = arg;
  res->acc = mix(res->id, 500 + 50 * res->id);
  unsigned long s = 0;
  for (int i = 0; i < 4; i++) s += (unsigned long)*pair_b(i);
  for (int i = 0; i < 37; i++) s = s * 3 + (unsigned char)tl_bytes[i];
  res->sum = s;
  res->count = *count_address();
  res->main_defined = tl_main_defined;
  res->exported = tl_lib_exported;
  res->hidden = tl_hidden;
  res->same = count_address() == &tl_count && pair_b(2) == &tl_pair.b[2];
  return res;
}

/* Called by the executable's main. */
int dt_main(void) {
  pthread_t th[NTHREADS];
  struct result res[NTHREADS];
  tl_count = OPAQUE(7);
  for (int i = 0; i < NTHREADS; i++) {
    res[i].id = i + 1;
    if (pthread_create(&th[i], 0, thread_main, &res[i]) != 0) { printf("pthread_create failed\n"); return 1; }
  }
  for (int i = 0; i < NTHREADS; i++) pthread_join(th[i], 0);
  for (int i = 0; i < NTHREADS; i++) {
    struct result *r = &res[i];
    printf("t%d acc %ld sum %lu count %d main %d exported %08x hidden %ld same %d\n", r->id, r->acc, r->sum,
           r->count, r->main_defined, r->exported, r->hidden, r->same);
  }
  struct result m = {0};
  thread_main(&m);
  printf("main acc %ld sum %lu count %d main %d exported %08x hidden %ld same %d\n", m.acc, m.sum, m.count,
         m.main_defined, m.exported, m.hidden, m.same);
  return 0;
}
