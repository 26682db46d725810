// Opens libgpiod on first use, whichever API the system has (libgpiod.so.3, the 2.x API, is
// tried first, then libgpiod.so.2, 1.6), finds every function Clack calls in it, and hands
// each call to that API's code (gpiod_v1.c, gpiod_v2.c). A missing library or function is
// said once, in clack_gpiod_load_error, and every call then fails with -ELIBACC.
#include "gpiod_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

clack_gpiod_v1_functions clack_v1;
clack_gpiod_v2_functions clack_v2;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int api;  // 1 or 2 once opened; 0 when neither could be
static char load_error[768];

// open_v1 and open_v2: each opens `soname` and fills its table from it; on failure says why in
// `why` and returns 0.
#define CLACK_GPIOD_FIND(ret, name, params)                                                    \
  if (ok && !(table->name = (ret(*) params)dlsym(handle, #name))) {                            \
    snprintf(why, why_len, "%s has no function %s", soname, #name);                           \
    ok = 0;                                                                                    \
  }
#define CLACK_GPIOD_OPENER(version, FUNCTIONS)                                                 \
  static int open_##version(const char *soname, char *why, size_t why_len) {                   \
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);                                      \
    if (!handle) {                                                                             \
      const char *error = dlerror();                                                           \
      snprintf(why, why_len, "%s", error ? error : "not found");                              \
      return 0;                                                                                \
    }                                                                                          \
    clack_gpiod_##version##_functions *table = &clack_##version;                               \
    int ok = 1;                                                                                \
    FUNCTIONS(CLACK_GPIOD_FIND)                                                                \
    if (!ok) dlclose(handle);                                                                  \
    return ok;                                                                                 \
  }
CLACK_GPIOD_OPENER(v1, CLACK_GPIOD_V1_FUNCTIONS)
CLACK_GPIOD_OPENER(v2, CLACK_GPIOD_V2_FUNCTIONS)

static void open_libgpiod(void) {
  char v2_why[320], v1_why[320];
  if (open_v2("libgpiod.so.3", v2_why, sizeof v2_why)) {
    api = 2;
    return;
  }
  if (open_v1("libgpiod.so.2", v1_why, sizeof v1_why)) {
    api = 1;
    return;
  }
  snprintf(load_error, sizeof load_error,
           "libgpiod could not be loaded (apt install libgpiod3 on Debian 13 or Raspberry Pi OS "
           "trixie, libgpiod2 on Debian 12 or bookworm): libgpiod 2.x: %s; libgpiod 1.6: %s",
           v2_why, v1_why);
}

int clack_gpiod_api_version(void) {
  pthread_once(&once, open_libgpiod);
  return api;
}

const char *clack_gpiod_load_error(void) {
  pthread_once(&once, open_libgpiod);
  return api ? NULL : load_error;
}

int clack_gpio_chip_info(const char *path, char *label, size_t label_len, unsigned int *num_lines) {
  switch (clack_gpiod_api_version()) {
    case 2: return clack_v2_chip_info(path, label, label_len, num_lines);
    case 1: return clack_v1_chip_info(path, label, label_len, num_lines);
    default: return -ELIBACC;
  }
}

int clack_gpio_line_consumer(const char *path, unsigned int offset, char *out, size_t len,
                             int *used) {
  switch (clack_gpiod_api_version()) {
    case 2: return clack_v2_line_consumer(path, offset, out, len, used);
    case 1: return clack_v1_line_consumer(path, offset, out, len, used);
    default: return -ELIBACC;
  }
}

clack_gpio_request *clack_gpio_request_lines(const char *path, const char *consumer,
                                             const clack_gpio_line_settings *lines,
                                             unsigned int count, int *error) {
  switch (clack_gpiod_api_version()) {
    case 2: return clack_v2_request_lines(path, consumer, lines, count, error);
    case 1: return clack_v1_request_lines(path, consumer, lines, count, error);
    default: *error = -ELIBACC; return NULL;
  }
}

// A request exists only once the library was opened, so the calls below read `api` without
// pthread_once: they run on the real-time thread, and `api` no longer changes.
void clack_gpio_release(clack_gpio_request *request) {
  if (!request) return;
  if (api == 2) clack_v2_release(request);
  else clack_v1_release(request);
}

int clack_gpio_set_values(clack_gpio_request *request, uint64_t mask) {
  return api == 2 ? clack_v2_set_values(request, mask) : clack_v1_set_values(request, mask);
}

int clack_gpio_get_values(clack_gpio_request *request, uint64_t *mask) {
  return api == 2 ? clack_v2_get_values(request, mask) : clack_v1_get_values(request, mask);
}

int clack_gpio_wait_edge(clack_gpio_request *request, int64_t timeout_ns, clack_gpio_edge *event) {
  return api == 2 ? clack_v2_wait_edge(request, timeout_ns, event)
                  : clack_v1_wait_edge(request, timeout_ns, event);
}
