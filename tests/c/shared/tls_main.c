/* The executable of tests/c/tls_dynamic.c (built by clang-19, linked
 * against the library under test as libdt.so). */
#include <stdio.h>

_Thread_local int tl_main_defined = 11;
extern _Thread_local unsigned tl_lib_exported;
int dt_main(void);

int main(void) {
  tl_lib_exported = 9;
  int rc = dt_main();
  printf("exe sees main %d exported %08x\n", tl_main_defined, tl_lib_exported);
  return rc;
}
