// What gpiod.c dispatches to: the same API once per libgpiod version (gpiod_v1.c, gpiod_v2.c).
#ifndef CLACK_GPIOD_INTERNAL_H
#define CLACK_GPIOD_INTERNAL_H

#include "CGPIOD.h"
#include "gpiod_abi.h"

#include <errno.h>
#include <string.h>

static inline int clack_gpio_errno(void) { return errno > 0 ? -errno : -EIO; }

static inline void clack_copy_label(char *out, size_t len, const char *label) {
  if (len == 0) return;
  strncpy(out, label ? label : "", len - 1);
  out[len - 1] = '\0';
}

#define CLACK_GPIOD_VERSIONED(v)                                                               \
  int clack_##v##_chip_info(const char *path, char *label, size_t label_len,                  \
                            unsigned int *num_lines);                                          \
  int clack_##v##_line_consumer(const char *path, unsigned int offset, char *out, size_t len, \
                                int *used);                                                    \
  clack_gpio_request *clack_##v##_request_lines(const char *path, const char *consumer,       \
                                                const clack_gpio_line_settings *lines,         \
                                                unsigned int count, int *error);               \
  void clack_##v##_release(clack_gpio_request *request);                                       \
  int clack_##v##_set_values(clack_gpio_request *request, uint64_t mask);                      \
  int clack_##v##_get_values(clack_gpio_request *request, uint64_t *mask);                     \
  int clack_##v##_wait_edge(clack_gpio_request *request, int64_t timeout_ns,                   \
                            clack_gpio_edge *event);

CLACK_GPIOD_VERSIONED(v1)
CLACK_GPIOD_VERSIONED(v2)

#endif
