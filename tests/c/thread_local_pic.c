/* thread_local.c compiled as PIC for a shared object (-fPIC, no PIE) but
 * linked into an executable: its accesses use the general- and
 * local-dynamic sequences, which the linker rewrites to the exec models
 * byte for byte, so any deviation from the System V sequences breaks the
 * program.
 * difftest-cflags: -fPIC
 * difftest-ldflags: -pthread
 */
#include "thread_local.c"
