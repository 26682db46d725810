// The API over libgpiod 2.x (libgpiod.so.3), through the functions gpiod.c found (clack_v2).
#include "gpiod_internal.h"

#include <stdlib.h>

#define V2 clack_v2

typedef struct {
  struct gpiod_line_request *request;
  struct gpiod_edge_event_buffer *events;
  unsigned int count;
  unsigned int offsets[CLACK_GPIO_MAX_LINES];
  unsigned int output_count;
  unsigned int output_offsets[CLACK_GPIO_MAX_LINES];
  unsigned int output_index[CLACK_GPIO_MAX_LINES];
  enum clack_v2_line_value values[CLACK_GPIO_MAX_LINES];
  int pending;
  int next;
  int has_edges;
} v2_request;

int clack_v2_chip_info(const char *path, char *label, size_t label_len, unsigned int *num_lines) {
  struct gpiod_chip *chip = V2.gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  struct gpiod_chip_info *info = V2.gpiod_chip_get_info(chip);
  if (!info) {
    int err = clack_gpio_errno();
    V2.gpiod_chip_close(chip);
    return err;
  }
  clack_copy_label(label, label_len, V2.gpiod_chip_info_get_label(info));
  *num_lines = (unsigned int)V2.gpiod_chip_info_get_num_lines(info);
  V2.gpiod_chip_info_free(info);
  V2.gpiod_chip_close(chip);
  return 0;
}

int clack_v2_line_consumer(const char *path, unsigned int offset, char *out, size_t len,
                           int *used) {
  struct gpiod_chip *chip = V2.gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  struct gpiod_line_info *info = V2.gpiod_chip_get_line_info(chip, offset);
  if (!info) {
    int err = clack_gpio_errno();
    V2.gpiod_chip_close(chip);
    return err;
  }
  *used = V2.gpiod_line_info_is_used(info) ? 1 : 0;
  clack_copy_label(out, len, V2.gpiod_line_info_get_consumer(info));
  V2.gpiod_line_info_free(info);
  V2.gpiod_chip_close(chip);
  return 0;
}

void clack_v2_release(clack_gpio_request *request) {
  v2_request *req = (v2_request *)request;
  if (!req) return;
  if (req->request) V2.gpiod_line_request_release(req->request);
  if (req->events) V2.gpiod_edge_event_buffer_free(req->events);
  free(req);
}

clack_gpio_request *clack_v2_request_lines(const char *path, const char *consumer,
                                           const clack_gpio_line_settings *lines,
                                           unsigned int count, int *error) {
  if (count == 0 || count > CLACK_GPIO_MAX_LINES) { *error = -EINVAL; return NULL; }
  v2_request *req = calloc(1, sizeof(v2_request));
  if (!req) { *error = -ENOMEM; return NULL; }
  req->count = count;
  struct gpiod_chip *chip = V2.gpiod_chip_open(path);
  if (!chip) { *error = clack_gpio_errno(); free(req); return NULL; }
  struct gpiod_line_config *line_config = V2.gpiod_line_config_new();
  struct gpiod_request_config *request_config = V2.gpiod_request_config_new();
  struct gpiod_line_settings *settings = V2.gpiod_line_settings_new();
  int err = 0;
  if (!line_config || !request_config || !settings) err = -ENOMEM;
  if (!err) V2.gpiod_request_config_set_consumer(request_config, consumer);
  for (unsigned int i = 0; !err && i < count; i++) {
    V2.gpiod_line_settings_reset(settings);
    int output = lines[i].direction == CLACK_GPIO_OUTPUT;
    V2.gpiod_line_settings_set_direction(
        settings, output ? CLACK_V2_DIRECTION_OUTPUT : CLACK_V2_DIRECTION_INPUT);
    enum clack_v2_line_bias bias = CLACK_V2_BIAS_AS_IS;
    if (lines[i].bias == CLACK_GPIO_BIAS_DISABLED) bias = CLACK_V2_BIAS_DISABLED;
    if (lines[i].bias == CLACK_GPIO_BIAS_PULL_UP) bias = CLACK_V2_BIAS_PULL_UP;
    if (lines[i].bias == CLACK_GPIO_BIAS_PULL_DOWN) bias = CLACK_V2_BIAS_PULL_DOWN;
    V2.gpiod_line_settings_set_bias(settings, bias);
    if (output) {
      V2.gpiod_line_settings_set_output_value(
          settings, lines[i].initial_value ? CLACK_V2_VALUE_ACTIVE : CLACK_V2_VALUE_INACTIVE);
      req->output_offsets[req->output_count] = lines[i].offset;
      req->output_index[req->output_count] = i;
      req->output_count++;
    } else if (lines[i].edge != CLACK_GPIO_EDGE_NONE) {
      enum clack_v2_line_edge edge = CLACK_V2_EDGE_BOTH;
      if (lines[i].edge == CLACK_GPIO_EDGE_RISING) edge = CLACK_V2_EDGE_RISING;
      if (lines[i].edge == CLACK_GPIO_EDGE_FALLING) edge = CLACK_V2_EDGE_FALLING;
      V2.gpiod_line_settings_set_edge_detection(settings, edge);
      req->has_edges = 1;
    }
    req->offsets[i] = lines[i].offset;
    // One call per line keeps the request's line order equal to the caller's.
    if (V2.gpiod_line_config_add_line_settings(line_config, &lines[i].offset, 1, settings) < 0)
      err = clack_gpio_errno();
  }
  if (!err) {
    req->request = V2.gpiod_chip_request_lines(chip, request_config, line_config);
    if (!req->request) err = clack_gpio_errno();
  }
  if (!err && req->has_edges) {
    req->events = V2.gpiod_edge_event_buffer_new(16);
    if (!req->events) err = -ENOMEM;
  }
  if (settings) V2.gpiod_line_settings_free(settings);
  if (request_config) V2.gpiod_request_config_free(request_config);
  if (line_config) V2.gpiod_line_config_free(line_config);
  V2.gpiod_chip_close(chip);  // the request stays valid without the chip
  if (err) {
    clack_v2_release((clack_gpio_request *)req);
    *error = err;
    return NULL;
  }
  return (clack_gpio_request *)req;
}

int clack_v2_set_values(clack_gpio_request *request, uint64_t mask) {
  v2_request *req = (v2_request *)request;
  if (req->output_count == 0) return 0;
  for (unsigned int j = 0; j < req->output_count; j++)
    req->values[j] = ((mask >> req->output_index[j]) & 1) ? CLACK_V2_VALUE_ACTIVE
                                                          : CLACK_V2_VALUE_INACTIVE;
  if (V2.gpiod_line_request_set_values_subset(req->request, req->output_count,
                                              req->output_offsets, req->values) < 0)
    return clack_gpio_errno();
  return 0;
}

int clack_v2_get_values(clack_gpio_request *request, uint64_t *mask) {
  v2_request *req = (v2_request *)request;
  if (V2.gpiod_line_request_get_values(req->request, req->values) < 0) return clack_gpio_errno();
  uint64_t result = 0;
  for (unsigned int i = 0; i < req->count; i++)
    if (req->values[i] == CLACK_V2_VALUE_ACTIVE) result |= (uint64_t)1 << i;
  *mask = result;
  return 0;
}

int clack_v2_wait_edge(clack_gpio_request *request, int64_t timeout_ns, clack_gpio_edge *event) {
  v2_request *req = (v2_request *)request;
  if (!req->has_edges) return -EINVAL;
  if (req->next >= req->pending) {
    int rv = V2.gpiod_line_request_wait_edge_events(req->request, timeout_ns);
    if (rv < 0) return clack_gpio_errno();
    if (rv == 0) return 0;
    int n = V2.gpiod_line_request_read_edge_events(req->request, req->events, 16);
    if (n < 0) return clack_gpio_errno();
    req->pending = n;
    req->next = 0;
    if (n == 0) return 0;
  }
  struct gpiod_edge_event *raw = V2.gpiod_edge_event_buffer_get_event(req->events, req->next++);
  event->offset = V2.gpiod_edge_event_get_line_offset(raw);
  event->rising = V2.gpiod_edge_event_get_event_type(raw) == CLACK_V2_EVENT_RISING_EDGE;
  event->timestamp_ns = V2.gpiod_edge_event_get_timestamp_ns(raw);
  return 1;
}
