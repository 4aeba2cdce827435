/* thread_local variables with pthreads: each thread sees its own copy
 * (initialised and zero-initialised, scalars, arrays and pointers to them),
 * the main thread's copy is untouched, and results are combined in a fixed
 * order so the output is deterministic. Also atomics shared between the
 * threads and a mutex-protected counter.
 * difftest-ldflags: -pthread
 */
#include <pthread.h>
#include "dt.h"

#define NTHREADS 4

static _Thread_local int tl_counter = 1000;
static _Thread_local long tl_array[16];
static _Thread_local const char *tl_name = "main";
_Thread_local unsigned tl_exported;          /* external linkage: the general TLS model when PIC */
static _Thread_local int *tl_ptr;

static long shared_atomic;
static long shared_locked;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct result { int id; int counter; long array_sum; unsigned exported; const char *name; };

#define NI __attribute__((noinline))

NI static void work(int id, int rounds) {
  for (int r = 0; r < rounds; r++) {
    tl_counter += id + 1;
    tl_array[r % 16] += r * id;
    tl_exported = tl_exported * 31 + (unsigned)r;
    *tl_ptr += 1;
    __atomic_fetch_add(&shared_atomic, id, __ATOMIC_RELAXED);
    pthread_mutex_lock(&lock);
    shared_locked += 1;
    pthread_mutex_unlock(&lock);
  }
}

NI static int *counter_address(void) { return &tl_counter; }

static void *thread_main(void *arg) {
  struct result *res = arg;
  static const char *names[] = {"t0", "t1", "t2", "t3"};
  tl_name = names[res->id];
  tl_ptr = counter_address();
  work(res->id, 1000 + res->id * 10);
  long s = 0;
  for (int i = 0; i < 16; i++) s += tl_array[i];
  res->counter = tl_counter;
  res->array_sum = s;
  res->exported = tl_exported;
  res->name = tl_name;
  return res;
}

int main(void) {
  pthread_t th[NTHREADS];
  struct result res[NTHREADS];
  tl_ptr = &tl_counter;
  tl_counter = OPAQUE(7);
  for (int i = 0; i < NTHREADS; i++) {
    res[i].id = i;
    if (pthread_create(&th[i], 0, thread_main, &res[i]) != 0) { printf("pthread_create failed\n"); return 1; }
  }
  for (int i = 0; i < NTHREADS; i++) pthread_join(th[i], 0);
  for (int i = 0; i < NTHREADS; i++)
    printf("%s counter %d array %ld exported %08x\n", res[i].name, res[i].counter, res[i].array_sum, res[i].exported);
  printf("main counter %d name %s exported %u array0 %ld same %d\n", tl_counter, tl_name, tl_exported, tl_array[0],
         counter_address() == &tl_counter);
  printf("shared %ld %ld\n", shared_atomic, shared_locked);
  return 0;
}
