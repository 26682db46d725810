// Clack's thin layer over libgpiod: one small API that builds against libgpiod 1.6 (Debian 12,
// Raspberry Pi OS bookworm) and 2.x (Debian 13). The version is chosen at compile time: only
// v1's gpiod.h defines GPIOD_LINE_BULK_MAX_LINES. Every function returns 0 (or a count) on
// success and -errno on failure; nothing here allocates after a request is made, so the
// real-time executor can set and get values from its loop.
#ifndef CLACK_GPIOD_SHIM_H
#define CLACK_GPIOD_SHIM_H

#include <errno.h>
#include <gpiod.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CLACK_GPIO_MAX_LINES 64

enum { CLACK_GPIO_INPUT = 0, CLACK_GPIO_OUTPUT = 1 };
enum { CLACK_GPIO_BIAS_AS_IS = 0, CLACK_GPIO_BIAS_DISABLED = 1, CLACK_GPIO_BIAS_PULL_UP = 2,
       CLACK_GPIO_BIAS_PULL_DOWN = 3 };
enum { CLACK_GPIO_EDGE_NONE = 0, CLACK_GPIO_EDGE_RISING = 1, CLACK_GPIO_EDGE_FALLING = 2,
       CLACK_GPIO_EDGE_BOTH = 3 };

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

static inline int clack_gpio_errno(void) { return errno > 0 ? -errno : -EIO; }

static inline void clack_copy_label(char *out, size_t len, const char *label) {
  if (len == 0) return;
  strncpy(out, label ? label : "", len - 1);
  out[len - 1] = '\0';
}

#ifdef GPIOD_LINE_BULK_MAX_LINES
/* ---------------------------------------------------------------- libgpiod 1.x */

static inline int clack_gpiod_api_version(void) { return 1; }

static inline int clack_gpio_chip_info(const char *path, char *label, size_t label_len,
                                       unsigned int *num_lines) {
  struct gpiod_chip *chip = gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  clack_copy_label(label, label_len, gpiod_chip_label(chip));
  *num_lines = gpiod_chip_num_lines(chip);
  gpiod_chip_close(chip);
  return 0;
}

static inline int clack_gpio_line_consumer(const char *path, unsigned int offset, char *out,
                                           size_t len, int *used) {
  struct gpiod_chip *chip = gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  struct gpiod_line *line = gpiod_chip_get_line(chip, offset);
  if (!line) {
    int err = clack_gpio_errno();
    gpiod_chip_close(chip);
    return err;
  }
  *used = gpiod_line_is_used(line) ? 1 : 0;
  clack_copy_label(out, len, gpiod_line_consumer(line));
  gpiod_chip_close(chip);
  return 0;
}

// v1 requests lines in bulks that share one configuration, so lines are grouped by
// (direction, bias, edge); each group is one kernel request.
typedef struct {
  struct gpiod_line_bulk bulk;
  unsigned int index[CLACK_GPIO_MAX_LINES];  // position of each bulk line in the request
  int direction;
  int edge;
} clack_gpio_group;

typedef struct clack_gpio_request {
  struct gpiod_chip *chip;
  unsigned int count;
  unsigned int group_count;
  clack_gpio_group groups[CLACK_GPIO_MAX_LINES];
  struct gpiod_line_bulk event_lines;
  int values[CLACK_GPIO_MAX_LINES];
} clack_gpio_request;

static inline int clack_gpio_v1_flags(int bias) {
  switch (bias) {
    case CLACK_GPIO_BIAS_DISABLED: return GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
    case CLACK_GPIO_BIAS_PULL_UP: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
    case CLACK_GPIO_BIAS_PULL_DOWN: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
    default: return 0;
  }
}

static inline int clack_gpio_v1_type(int direction, int edge) {
  if (direction == CLACK_GPIO_OUTPUT) return GPIOD_LINE_REQUEST_DIRECTION_OUTPUT;
  switch (edge) {
    case CLACK_GPIO_EDGE_RISING: return GPIOD_LINE_REQUEST_EVENT_RISING_EDGE;
    case CLACK_GPIO_EDGE_FALLING: return GPIOD_LINE_REQUEST_EVENT_FALLING_EDGE;
    case CLACK_GPIO_EDGE_BOTH: return GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES;
    default: return GPIOD_LINE_REQUEST_DIRECTION_INPUT;
  }
}

static inline void clack_gpio_release(clack_gpio_request *req) {
  if (!req) return;
  for (unsigned int g = 0; g < req->group_count; g++) gpiod_line_release_bulk(&req->groups[g].bulk);
  if (req->chip) gpiod_chip_close(req->chip);
  free(req);
}

static inline clack_gpio_request *clack_gpio_request_lines(
    const char *path, const char *consumer, const clack_gpio_line_settings *lines,
    unsigned int count, int *error) {
  if (count == 0 || count > CLACK_GPIO_MAX_LINES) { *error = -EINVAL; return NULL; }
  clack_gpio_request *req = calloc(1, sizeof(clack_gpio_request));
  if (!req) { *error = -ENOMEM; return NULL; }
  req->count = count;
  gpiod_line_bulk_init(&req->event_lines);
  req->chip = gpiod_chip_open(path);
  if (!req->chip) { *error = clack_gpio_errno(); free(req); return NULL; }
  int keys[CLACK_GPIO_MAX_LINES][3];
  int defaults[CLACK_GPIO_MAX_LINES][CLACK_GPIO_MAX_LINES];
  for (unsigned int i = 0; i < count; i++) {
    struct gpiod_line *line = gpiod_chip_get_line(req->chip, lines[i].offset);
    if (!line) { *error = clack_gpio_errno(); clack_gpio_release(req); return NULL; }
    unsigned int g = 0;
    while (g < req->group_count && !(keys[g][0] == lines[i].direction &&
                                      keys[g][1] == lines[i].bias && keys[g][2] == lines[i].edge))
      g++;
    if (g == req->group_count) {
      keys[g][0] = lines[i].direction; keys[g][1] = lines[i].bias; keys[g][2] = lines[i].edge;
      gpiod_line_bulk_init(&req->groups[g].bulk);
      req->groups[g].direction = lines[i].direction;
      req->groups[g].edge = lines[i].edge;
      req->group_count++;
    }
    clack_gpio_group *group = &req->groups[g];
    defaults[g][group->bulk.num_lines] = lines[i].initial_value ? 1 : 0;
    group->index[group->bulk.num_lines] = i;
    gpiod_line_bulk_add(&group->bulk, line);
  }
  for (unsigned int g = 0; g < req->group_count; g++) {
    struct gpiod_line_request_config config = {
      .consumer = consumer,
      .request_type = clack_gpio_v1_type(keys[g][0], keys[g][2]),
      .flags = clack_gpio_v1_flags(keys[g][1]),
    };
    if (gpiod_line_request_bulk(&req->groups[g].bulk, &config, defaults[g]) < 0) {
      *error = clack_gpio_errno();
      // Groups requested so far are released; later ones were never requested.
      req->group_count = g;
      clack_gpio_release(req);
      return NULL;
    }
    if (keys[g][0] == CLACK_GPIO_INPUT && keys[g][2] != CLACK_GPIO_EDGE_NONE) {
      for (unsigned int j = 0; j < req->groups[g].bulk.num_lines; j++)
        gpiod_line_bulk_add(&req->event_lines, req->groups[g].bulk.lines[j]);
    }
  }
  return req;
}

static inline int clack_gpio_set_values(clack_gpio_request *req, uint64_t mask) {
  for (unsigned int g = 0; g < req->group_count; g++) {
    clack_gpio_group *group = &req->groups[g];
    if (group->direction != CLACK_GPIO_OUTPUT) continue;
    for (unsigned int j = 0; j < group->bulk.num_lines; j++)
      req->values[j] = (mask >> group->index[j]) & 1;
    if (gpiod_line_set_value_bulk(&group->bulk, req->values) < 0) return clack_gpio_errno();
  }
  return 0;
}

static inline int clack_gpio_get_values(clack_gpio_request *req, uint64_t *mask) {
  uint64_t result = 0;
  for (unsigned int g = 0; g < req->group_count; g++) {
    clack_gpio_group *group = &req->groups[g];
    if (gpiod_line_get_value_bulk(&group->bulk, req->values) < 0) return clack_gpio_errno();
    for (unsigned int j = 0; j < group->bulk.num_lines; j++)
      if (req->values[j]) result |= (uint64_t)1 << group->index[j];
  }
  *mask = result;
  return 0;
}

static inline int clack_gpio_wait_edge(clack_gpio_request *req, int64_t timeout_ns,
                                       clack_gpio_edge *event) {
  if (req->event_lines.num_lines == 0) return -EINVAL;
  struct timespec timeout = {.tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000};
  struct gpiod_line_bulk ready;
  gpiod_line_bulk_init(&ready);
  int rv = gpiod_line_event_wait_bulk(&req->event_lines, &timeout, &ready);
  if (rv < 0) return clack_gpio_errno();
  if (rv == 0) return 0;
  struct gpiod_line_event raw;
  if (gpiod_line_event_read(ready.lines[0], &raw) < 0) return clack_gpio_errno();
  event->offset = gpiod_line_offset(ready.lines[0]);
  event->rising = raw.event_type == GPIOD_LINE_EVENT_RISING_EDGE;
  event->timestamp_ns = (uint64_t)raw.ts.tv_sec * 1000000000u + (uint64_t)raw.ts.tv_nsec;
  return 1;
}

#else
/* ---------------------------------------------------------------- libgpiod 2.x */

static inline int clack_gpiod_api_version(void) { return 2; }

static inline int clack_gpio_chip_info(const char *path, char *label, size_t label_len,
                                       unsigned int *num_lines) {
  struct gpiod_chip *chip = gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
  if (!info) {
    int err = clack_gpio_errno();
    gpiod_chip_close(chip);
    return err;
  }
  clack_copy_label(label, label_len, gpiod_chip_info_get_label(info));
  *num_lines = (unsigned int)gpiod_chip_info_get_num_lines(info);
  gpiod_chip_info_free(info);
  gpiod_chip_close(chip);
  return 0;
}

static inline int clack_gpio_line_consumer(const char *path, unsigned int offset, char *out,
                                           size_t len, int *used) {
  struct gpiod_chip *chip = gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  struct gpiod_line_info *info = gpiod_chip_get_line_info(chip, offset);
  if (!info) {
    int err = clack_gpio_errno();
    gpiod_chip_close(chip);
    return err;
  }
  *used = gpiod_line_info_is_used(info) ? 1 : 0;
  clack_copy_label(out, len, gpiod_line_info_get_consumer(info));
  gpiod_line_info_free(info);
  gpiod_chip_close(chip);
  return 0;
}

typedef struct clack_gpio_request {
  struct gpiod_line_request *request;
  struct gpiod_edge_event_buffer *events;
  unsigned int count;
  unsigned int offsets[CLACK_GPIO_MAX_LINES];
  unsigned int output_count;
  unsigned int output_offsets[CLACK_GPIO_MAX_LINES];
  unsigned int output_index[CLACK_GPIO_MAX_LINES];
  enum gpiod_line_value values[CLACK_GPIO_MAX_LINES];
  int pending;
  int next;
  int has_edges;
} clack_gpio_request;

static inline void clack_gpio_release(clack_gpio_request *req) {
  if (!req) return;
  if (req->request) gpiod_line_request_release(req->request);
  if (req->events) gpiod_edge_event_buffer_free(req->events);
  free(req);
}

static inline clack_gpio_request *clack_gpio_request_lines(
    const char *path, const char *consumer, const clack_gpio_line_settings *lines,
    unsigned int count, int *error) {
  if (count == 0 || count > CLACK_GPIO_MAX_LINES) { *error = -EINVAL; return NULL; }
  clack_gpio_request *req = calloc(1, sizeof(clack_gpio_request));
  if (!req) { *error = -ENOMEM; return NULL; }
  req->count = count;
  struct gpiod_chip *chip = gpiod_chip_open(path);
  if (!chip) { *error = clack_gpio_errno(); free(req); return NULL; }
  struct gpiod_line_config *line_config = gpiod_line_config_new();
  struct gpiod_request_config *request_config = gpiod_request_config_new();
  struct gpiod_line_settings *settings = gpiod_line_settings_new();
  int err = 0;
  if (!line_config || !request_config || !settings) err = -ENOMEM;
  if (!err) gpiod_request_config_set_consumer(request_config, consumer);
  for (unsigned int i = 0; !err && i < count; i++) {
    gpiod_line_settings_reset(settings);
    int output = lines[i].direction == CLACK_GPIO_OUTPUT;
    gpiod_line_settings_set_direction(
        settings, output ? GPIOD_LINE_DIRECTION_OUTPUT : GPIOD_LINE_DIRECTION_INPUT);
    enum gpiod_line_bias bias = GPIOD_LINE_BIAS_AS_IS;
    if (lines[i].bias == CLACK_GPIO_BIAS_DISABLED) bias = GPIOD_LINE_BIAS_DISABLED;
    if (lines[i].bias == CLACK_GPIO_BIAS_PULL_UP) bias = GPIOD_LINE_BIAS_PULL_UP;
    if (lines[i].bias == CLACK_GPIO_BIAS_PULL_DOWN) bias = GPIOD_LINE_BIAS_PULL_DOWN;
    gpiod_line_settings_set_bias(settings, bias);
    if (output) {
      gpiod_line_settings_set_output_value(
          settings, lines[i].initial_value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
      req->output_offsets[req->output_count] = lines[i].offset;
      req->output_index[req->output_count] = i;
      req->output_count++;
    } else if (lines[i].edge != CLACK_GPIO_EDGE_NONE) {
      enum gpiod_line_edge edge = GPIOD_LINE_EDGE_BOTH;
      if (lines[i].edge == CLACK_GPIO_EDGE_RISING) edge = GPIOD_LINE_EDGE_RISING;
      if (lines[i].edge == CLACK_GPIO_EDGE_FALLING) edge = GPIOD_LINE_EDGE_FALLING;
      gpiod_line_settings_set_edge_detection(settings, edge);
      req->has_edges = 1;
    }
    req->offsets[i] = lines[i].offset;
    // One call per line keeps the request's line order equal to the caller's.
    if (gpiod_line_config_add_line_settings(line_config, &lines[i].offset, 1, settings) < 0)
      err = clack_gpio_errno();
  }
  if (!err) {
    req->request = gpiod_chip_request_lines(chip, request_config, line_config);
    if (!req->request) err = clack_gpio_errno();
  }
  if (!err && req->has_edges) {
    req->events = gpiod_edge_event_buffer_new(16);
    if (!req->events) err = -ENOMEM;
  }
  if (settings) gpiod_line_settings_free(settings);
  if (request_config) gpiod_request_config_free(request_config);
  if (line_config) gpiod_line_config_free(line_config);
  gpiod_chip_close(chip);  // the request stays valid without the chip
  if (err) { clack_gpio_release(req); *error = err; return NULL; }
  return req;
}

static inline int clack_gpio_set_values(clack_gpio_request *req, uint64_t mask) {
  if (req->output_count == 0) return 0;
  for (unsigned int j = 0; j < req->output_count; j++)
    req->values[j] = ((mask >> req->output_index[j]) & 1) ? GPIOD_LINE_VALUE_ACTIVE
                                                          : GPIOD_LINE_VALUE_INACTIVE;
  if (gpiod_line_request_set_values_subset(req->request, req->output_count, req->output_offsets,
                                           req->values) < 0)
    return clack_gpio_errno();
  return 0;
}

static inline int clack_gpio_get_values(clack_gpio_request *req, uint64_t *mask) {
  if (gpiod_line_request_get_values(req->request, req->values) < 0) return clack_gpio_errno();
  uint64_t result = 0;
  for (unsigned int i = 0; i < req->count; i++)
    if (req->values[i] == GPIOD_LINE_VALUE_ACTIVE) result |= (uint64_t)1 << i;
  *mask = result;
  return 0;
}

static inline int clack_gpio_wait_edge(clack_gpio_request *req, int64_t timeout_ns,
                                       clack_gpio_edge *event) {
  if (!req->has_edges) return -EINVAL;
  if (req->next >= req->pending) {
    int rv = gpiod_line_request_wait_edge_events(req->request, timeout_ns);
    if (rv < 0) return clack_gpio_errno();
    if (rv == 0) return 0;
    int n = gpiod_line_request_read_edge_events(req->request, req->events, 16);
    if (n < 0) return clack_gpio_errno();
    req->pending = n;
    req->next = 0;
    if (n == 0) return 0;
  }
  struct gpiod_edge_event *raw = gpiod_edge_event_buffer_get_event(req->events, req->next++);
  event->offset = gpiod_edge_event_get_line_offset(raw);
  event->rising = gpiod_edge_event_get_event_type(raw) == GPIOD_EDGE_EVENT_RISING_EDGE;
  event->timestamp_ns = gpiod_edge_event_get_timestamp_ns(raw);
  return 1;
}

#endif
#endif
