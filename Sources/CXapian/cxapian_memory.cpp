// Memory: giving what malloc holds but no longer uses back to the kernel.
#include "cxapian_private.hpp"
#include <malloc.h>

// glibc's malloc_trim: after an import, a rebuild or a compaction the writer's freed buffers
// would otherwise stay resident in the daemon.
extern "C" void cx_release_free_memory(void) {
    malloc_trim(0);
}
