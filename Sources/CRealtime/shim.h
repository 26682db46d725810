// The executor thread's CPU placement: glibc declares the affinity calls only under
// _GNU_SOURCE, which Swift's Glibc module does not define.
#ifndef CLACK_REALTIME_SHIM_H
#define CLACK_REALTIME_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>

// The CPUs the calling thread may run on, as a bit mask of the first 64 (0 where unknown).
static inline unsigned long long clack_allowed_cpus(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
  unsigned long long mask = 0;
  for (int cpu = 0; cpu < 64; cpu++)
    if (CPU_ISSET(cpu, &set)) mask |= 1ULL << cpu;
  return mask;
}

// Pins the calling thread to `cpu`; 0 or an errno value.
static inline int clack_pin_to_cpu(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

// The CPU the calling thread runs on now, or -1.
static inline int clack_current_cpu(void) { return sched_getcpu(); }

#endif
