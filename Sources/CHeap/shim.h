// The C allocator's figures and its trim: glibc declares them in <malloc.h>, which Swift's
// Glibc module does not include. Elsewhere (musl, Darwin) the figures read as unknown and the
// trim does nothing.
#ifndef CLACK_HEAP_SHIM_H
#define CLACK_HEAP_SHIM_H

#include <stddef.h>
#if defined(__linux__)
#include <features.h>  // defines __GLIBC__ on glibc
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

// Bytes the heap holds in live blocks (small blocks in arenas plus blocks mapped on their
// own), and bytes it holds free, not yet handed back. Both -1 where unknown.
static inline void clack_heap_figures(long long *in_use, long long *free_held) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info = mallinfo2();
  *in_use = (long long)(info.uordblks + info.hblkhd);
  *free_held = (long long)info.fordblks;
#else
  *in_use = -1;
  *free_held = -1;
#endif
}

// Hands the heap's free pages back to the system (every arena's); 1 when some were.
static inline int clack_heap_trim(void) {
#if defined(__GLIBC__)
  return malloc_trim(0);
#else
  return 0;
#endif
}

#endif
