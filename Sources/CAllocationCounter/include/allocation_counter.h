// Counts heap allocations made by the calling thread. Linking this target into an executable
// replaces malloc and its relatives (glibc looks them up in the executable first); each call
// forwards to glibc's own implementation. Used by benchmarks to prove a loop allocates nothing.
#ifndef CLACK_ALLOCATION_COUNTER_H
#define CLACK_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting this thread's allocations from zero.
void clack_allocation_counter_start(void);
/// This thread's allocations since the start, without stopping.
int64_t clack_allocation_counter_read(void);
/// Stops counting and returns how many allocations this thread made since the start.
int64_t clack_allocation_counter_stop(void);
/// Whether the counter really intercepts malloc on this platform (glibc only).
int clack_allocation_counter_available(void);

#endif
