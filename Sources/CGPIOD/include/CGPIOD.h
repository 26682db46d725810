// Clack's thin layer over libgpiod: one small API over libgpiod 1.6 (Debian 12, Raspberry Pi OS
// bookworm) and 2.x (Debian 13, trixie). The library is opened at run time, on first use, the
// newer API first (gpiod.c), so one binary runs on either system. Every function returns 0 (or
// a count) on success and -errno on failure (-ELIBACC when no libgpiod could be opened:
// clack_gpiod_load_error says why); nothing here allocates after a request is made, so the
// real-time executor can set and get values from its loop.
#ifndef CLACK_CGPIOD_H
#define CLACK_CGPIOD_H

#include <stddef.h>
#include <stdint.h>

#define CLACK_GPIO_MAX_LINES 64

enum { CLACK_GPIO_INPUT = 0, CLACK_GPIO_OUTPUT = 1 };
enum {
  CLACK_GPIO_BIAS_AS_IS = 0,
  CLACK_GPIO_BIAS_DISABLED = 1,
  CLACK_GPIO_BIAS_PULL_UP = 2,
  CLACK_GPIO_BIAS_PULL_DOWN = 3
};
enum {
  CLACK_GPIO_EDGE_NONE = 0,
  CLACK_GPIO_EDGE_RISING = 1,
  CLACK_GPIO_EDGE_FALLING = 2,
  CLACK_GPIO_EDGE_BOTH = 3
};

typedef struct {
  unsigned int offset;
  int direction;
  int bias;
  int edge;
  int initial_value;
} clack_gpio_line_settings;

typedef struct {
  unsigned int offset;
  int rising;
  uint64_t timestamp_ns;
} clack_gpio_edge;

/// Lines held by one request; made by clack_gpio_request_lines, ended by clack_gpio_release.
typedef struct clack_gpio_request clack_gpio_request;

/// Which libgpiod API was opened: 1 or 2; 0 when none could be.
int clack_gpiod_api_version(void);
/// Why no libgpiod could be opened (which libraries were tried, and what to install); NULL
/// when one was.
const char *clack_gpiod_load_error(void);

int clack_gpio_chip_info(const char *path, char *label, size_t label_len, unsigned int *num_lines);
int clack_gpio_line_consumer(const char *path, unsigned int offset, char *out, size_t len,
                             int *used);
clack_gpio_request *clack_gpio_request_lines(const char *path, const char *consumer,
                                             const clack_gpio_line_settings *lines,
                                             unsigned int count, int *error);
void clack_gpio_release(clack_gpio_request *request);
int clack_gpio_set_values(clack_gpio_request *request, uint64_t mask);
int clack_gpio_get_values(clack_gpio_request *request, uint64_t *mask);
/// Waits up to timeout_ns for an edge on the request's edge-detecting lines: 1 and the edge,
/// 0 when none came, or -errno.
int clack_gpio_wait_edge(clack_gpio_request *request, int64_t timeout_ns, clack_gpio_edge *event);

#endif
