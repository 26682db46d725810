// The executor thread's CPU placement and its memory lock: glibc declares the affinity calls
// and mlock2 only under _GNU_SOURCE, which Swift's Glibc module does not define.
#ifndef CLACK_REALTIME_SHIM_H
#define CLACK_REALTIME_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <sys/mman.h>

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

// Applies `change` to the affinity of every other thread of the process, writing back the
// masks it changed (it returns 1 for those). The number written, or -errno when the list of
// threads cannot be read.
static inline int clack_change_other_threads(int cpu, int (*change)(cpu_set_t *, int)) {
  DIR *tasks = opendir("/proc/self/task");
  if (tasks == NULL) return -errno;
  pid_t self = gettid();
  int changed = 0;
  struct dirent *entry;
  while ((entry = readdir(tasks)) != NULL) {
    pid_t tid = 0;
    const char *digit = entry->d_name;
    while (*digit >= '0' && *digit <= '9') tid = tid * 10 + (*digit++ - '0');
    if (tid == 0 || *digit != 0) continue;
    if (tid == self) continue;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(tid, sizeof set, &set) != 0 || !change(&set, cpu)) continue;
    if (sched_setaffinity(tid, sizeof set, &set) == 0) changed++;
  }
  closedir(tasks);
  return changed;
}

static inline int clack_without_cpu(cpu_set_t *set, int cpu) {
  if (!CPU_ISSET(cpu, set) || CPU_COUNT(set) < 2) return 0;
  CPU_CLR(cpu, set);
  return 1;
}

static inline int clack_with_cpu(cpu_set_t *set, int cpu) {
  if (CPU_ISSET(cpu, set)) return 0;
  CPU_SET(cpu, set);
  return 1;
}

// Takes `cpu` from every other thread of the process that may run elsewhere too, so the
// calling thread has it to itself; threads made later inherit their maker's mask. The number
// of threads moved, or -errno.
static inline int clack_keep_cpu_for_caller(int cpu) {
  return clack_change_other_threads(cpu, clack_without_cpu);
}

// Gives `cpu` back to every other thread of the process, as the calling thread ends.
static inline void clack_share_cpu_again(int cpu) {
  (void)clack_change_other_threads(cpu, clack_with_cpu);
}

// Locks the pages of [address, address + length) as they are touched (already resident ones
// at once), without faulting in the rest: mlock2's MLOCK_ONFAULT. 0 or an errno value.
static inline int clack_lock_on_fault(void *address, size_t length) {
#ifdef MLOCK_ONFAULT
  return mlock2(address, length, MLOCK_ONFAULT) == 0 ? 0 : errno;
#else
  return mlock(address, length) == 0 ? 0 : errno;
#endif
}

// The CPU the calling thread runs on now, or -1.
static inline int clack_current_cpu(void) { return sched_getcpu(); }

#endif
