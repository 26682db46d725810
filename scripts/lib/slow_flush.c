/* A slow storage device's flush, for scripts/bench-daemon.sh (LD_PRELOAD): fsync and
 * fdatasync first wait CLACK_FLUSH_MS milliseconds (default 10), then flush for real. The
 * test machine's disk flushes in about 0.25 ms, an SD card in milliseconds; with the wait,
 * the benchmark shows what group commit does where the flush, not the CPU, is the limit. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void wait_like_a_slow_card(void) {
  const char *text = getenv("CLACK_FLUSH_MS");
  long milliseconds = text ? strtol(text, NULL, 10) : 10;
  struct timespec pause = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
  while (nanosleep(&pause, &pause) != 0) {
  }
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  wait_like_a_slow_card();
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  wait_like_a_slow_card();
  return real(fd);
}
