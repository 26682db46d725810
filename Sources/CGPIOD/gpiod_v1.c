// The API over libgpiod 1.6 (libgpiod.so.2), through the functions gpiod.c found (clack_v1).
// v1 requests lines in bulks that share one configuration, so lines are grouped by (direction,
// bias, edge); each group is one kernel request.
#include "gpiod_internal.h"

#include <stdlib.h>

#define V1 clack_v1

// The header's own inline helpers, as libgpiod 1.6 defines them.
static void bulk_init(struct clack_v1_line_bulk *bulk) { bulk->num_lines = 0; }
static void bulk_add(struct clack_v1_line_bulk *bulk, struct gpiod_line *line) {
  bulk->lines[bulk->num_lines++] = line;
}

typedef struct {
  struct clack_v1_line_bulk bulk;
  unsigned int index[CLACK_GPIO_MAX_LINES];  // position of each bulk line in the request
  int direction;
  int edge;
} v1_group;

typedef struct {
  struct gpiod_chip *chip;
  unsigned int count;
  unsigned int group_count;
  v1_group groups[CLACK_GPIO_MAX_LINES];
  struct clack_v1_line_bulk event_lines;
  int values[CLACK_GPIO_MAX_LINES];
} v1_request;

int clack_v1_chip_info(const char *path, char *label, size_t label_len, unsigned int *num_lines) {
  struct gpiod_chip *chip = V1.gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  clack_copy_label(label, label_len, V1.gpiod_chip_label(chip));
  *num_lines = V1.gpiod_chip_num_lines(chip);
  V1.gpiod_chip_close(chip);
  return 0;
}

int clack_v1_line_consumer(const char *path, unsigned int offset, char *out, size_t len,
                           int *used) {
  struct gpiod_chip *chip = V1.gpiod_chip_open(path);
  if (!chip) return clack_gpio_errno();
  struct gpiod_line *line = V1.gpiod_chip_get_line(chip, offset);
  if (!line) {
    int err = clack_gpio_errno();
    V1.gpiod_chip_close(chip);
    return err;
  }
  *used = V1.gpiod_line_is_used(line) ? 1 : 0;
  clack_copy_label(out, len, V1.gpiod_line_consumer(line));
  V1.gpiod_chip_close(chip);
  return 0;
}

static int v1_flags(int bias) {
  switch (bias) {
    case CLACK_GPIO_BIAS_DISABLED: return CLACK_V1_REQUEST_FLAG_BIAS_DISABLE;
    case CLACK_GPIO_BIAS_PULL_UP: return CLACK_V1_REQUEST_FLAG_BIAS_PULL_UP;
    case CLACK_GPIO_BIAS_PULL_DOWN: return CLACK_V1_REQUEST_FLAG_BIAS_PULL_DOWN;
    default: return 0;
  }
}

static int v1_type(int direction, int edge) {
  if (direction == CLACK_GPIO_OUTPUT) return CLACK_V1_REQUEST_DIRECTION_OUTPUT;
  switch (edge) {
    case CLACK_GPIO_EDGE_RISING: return CLACK_V1_REQUEST_EVENT_RISING_EDGE;
    case CLACK_GPIO_EDGE_FALLING: return CLACK_V1_REQUEST_EVENT_FALLING_EDGE;
    case CLACK_GPIO_EDGE_BOTH: return CLACK_V1_REQUEST_EVENT_BOTH_EDGES;
    default: return CLACK_V1_REQUEST_DIRECTION_INPUT;
  }
}

void clack_v1_release(clack_gpio_request *request) {
  v1_request *req = (v1_request *)request;
  if (!req) return;
  for (unsigned int g = 0; g < req->group_count; g++) V1.gpiod_line_release_bulk(&req->groups[g].bulk);
  if (req->chip) V1.gpiod_chip_close(req->chip);
  free(req);
}

clack_gpio_request *clack_v1_request_lines(const char *path, const char *consumer,
                                           const clack_gpio_line_settings *lines,
                                           unsigned int count, int *error) {
  if (count == 0 || count > CLACK_GPIO_MAX_LINES) { *error = -EINVAL; return NULL; }
  v1_request *req = calloc(1, sizeof(v1_request));
  if (!req) { *error = -ENOMEM; return NULL; }
  req->count = count;
  bulk_init(&req->event_lines);
  req->chip = V1.gpiod_chip_open(path);
  if (!req->chip) { *error = clack_gpio_errno(); free(req); return NULL; }
  int keys[CLACK_GPIO_MAX_LINES][3];
  int defaults[CLACK_GPIO_MAX_LINES][CLACK_GPIO_MAX_LINES];
  for (unsigned int i = 0; i < count; i++) {
    struct gpiod_line *line = V1.gpiod_chip_get_line(req->chip, lines[i].offset);
    if (!line) {
      *error = clack_gpio_errno();
      clack_v1_release((clack_gpio_request *)req);
      return NULL;
    }
    unsigned int g = 0;
    while (g < req->group_count && !(keys[g][0] == lines[i].direction &&
                                      keys[g][1] == lines[i].bias && keys[g][2] == lines[i].edge))
      g++;
    if (g == req->group_count) {
      keys[g][0] = lines[i].direction; keys[g][1] = lines[i].bias; keys[g][2] = lines[i].edge;
      bulk_init(&req->groups[g].bulk);
      req->groups[g].direction = lines[i].direction;
      req->groups[g].edge = lines[i].edge;
      req->group_count++;
    }
    v1_group *group = &req->groups[g];
    defaults[g][group->bulk.num_lines] = lines[i].initial_value ? 1 : 0;
    group->index[group->bulk.num_lines] = i;
    bulk_add(&group->bulk, line);
  }
  for (unsigned int g = 0; g < req->group_count; g++) {
    struct clack_v1_line_request_config config = {
      .consumer = consumer,
      .request_type = v1_type(keys[g][0], keys[g][2]),
      .flags = v1_flags(keys[g][1]),
    };
    if (V1.gpiod_line_request_bulk(&req->groups[g].bulk, &config, defaults[g]) < 0) {
      *error = clack_gpio_errno();
      // Groups requested so far are released; later ones were never requested.
      req->group_count = g;
      clack_v1_release((clack_gpio_request *)req);
      return NULL;
    }
    if (keys[g][0] == CLACK_GPIO_INPUT && keys[g][2] != CLACK_GPIO_EDGE_NONE) {
      for (unsigned int j = 0; j < req->groups[g].bulk.num_lines; j++)
        bulk_add(&req->event_lines, req->groups[g].bulk.lines[j]);
    }
  }
  return (clack_gpio_request *)req;
}

int clack_v1_set_values(clack_gpio_request *request, uint64_t mask) {
  v1_request *req = (v1_request *)request;
  for (unsigned int g = 0; g < req->group_count; g++) {
    v1_group *group = &req->groups[g];
    if (group->direction != CLACK_GPIO_OUTPUT) continue;
    for (unsigned int j = 0; j < group->bulk.num_lines; j++)
      req->values[j] = (mask >> group->index[j]) & 1;
    if (V1.gpiod_line_set_value_bulk(&group->bulk, req->values) < 0) return clack_gpio_errno();
  }
  return 0;
}

int clack_v1_get_values(clack_gpio_request *request, uint64_t *mask) {
  v1_request *req = (v1_request *)request;
  uint64_t result = 0;
  for (unsigned int g = 0; g < req->group_count; g++) {
    v1_group *group = &req->groups[g];
    if (V1.gpiod_line_get_value_bulk(&group->bulk, req->values) < 0) return clack_gpio_errno();
    for (unsigned int j = 0; j < group->bulk.num_lines; j++)
      if (req->values[j]) result |= (uint64_t)1 << group->index[j];
  }
  *mask = result;
  return 0;
}

int clack_v1_wait_edge(clack_gpio_request *request, int64_t timeout_ns, clack_gpio_edge *event) {
  v1_request *req = (v1_request *)request;
  if (req->event_lines.num_lines == 0) return -EINVAL;
  struct timespec timeout = {.tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000};
  struct clack_v1_line_bulk ready;
  bulk_init(&ready);
  int rv = V1.gpiod_line_event_wait_bulk(&req->event_lines, &timeout, &ready);
  if (rv < 0) return clack_gpio_errno();
  if (rv == 0) return 0;
  struct clack_v1_line_event raw;
  if (V1.gpiod_line_event_read(ready.lines[0], &raw) < 0) return clack_gpio_errno();
  event->offset = V1.gpiod_line_offset(ready.lines[0]);
  event->rising = raw.event_type == CLACK_V1_EVENT_RISING_EDGE;
  event->timestamp_ns = (uint64_t)raw.ts.tv_sec * 1000000000u + (uint64_t)raw.ts.tv_nsec;
  return 1;
}
