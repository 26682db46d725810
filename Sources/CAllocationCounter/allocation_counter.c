#include "allocation_counter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <execinfo.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

// glibc's real allocator, exported under these names for exactly this purpose.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread int counting;
static __thread int64_t allocations;

static __thread int tracing;
static int trace_wanted = -1;

// With CLACK_ALLOCATION_TRACE set, each counted allocation prints its stack to stderr: how to
// find what allocated when the count is not zero.
static void trace(void) {
  if (trace_wanted < 0) trace_wanted = getenv("CLACK_ALLOCATION_TRACE") != NULL;
  if (!trace_wanted || tracing) return;
  tracing = 1;
  void *frames[32];
  int depth = backtrace(frames, 32);
  write(2, "allocation:\n", 12);
  backtrace_symbols_fd(frames, depth, 2);
  tracing = 0;
}

static inline void count(void) {
  if (counting && !tracing) {
    allocations += 1;
    trace();
  }
}

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count();
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = pointer;
  return 0;
}

void clack_allocation_counter_start(void) {
  allocations = 0;
  counting = 1;
}

int64_t clack_allocation_counter_read(void) { return allocations; }

int64_t clack_allocation_counter_stop(void) {
  counting = 0;
  return allocations;
}

int clack_allocation_counter_available(void) { return 1; }

#else

void clack_allocation_counter_start(void) {}
int64_t clack_allocation_counter_read(void) { return 0; }
int64_t clack_allocation_counter_stop(void) { return 0; }
int clack_allocation_counter_available(void) { return 0; }

#endif
