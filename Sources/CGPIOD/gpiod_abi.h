// The parts of libgpiod's two APIs that Clack calls, written out here so that one binary
// opens whichever library the system has at run time (gpiod.c): libgpiod 1.6 (soname
// libgpiod.so.2: Debian 12, Raspberry Pi OS bookworm) or 2.x (libgpiod.so.3: Debian 13,
// trixie). The two cannot both be included: each is a gpiod.h of its own.
//
// Each declaration is checked against the real header by scripts/check-gpiod-abi.sh, which
// compiles this file with CLACK_GPIOD_ABI_CHECK after that header: the function lists become
// plain prototypes, which the compiler refuses if they differ from libgpiod's own, the structs
// and enums mirrored here take libgpiod's names, and every constant is compared.
#ifndef CLACK_GPIOD_ABI_H
#define CLACK_GPIOD_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

// Opaque in both APIs: declared, never defined.
struct gpiod_chip;
struct gpiod_line;
struct gpiod_chip_info;
struct gpiod_line_info;
struct gpiod_line_settings;
struct gpiod_line_config;
struct gpiod_request_config;
struct gpiod_line_request;
struct gpiod_edge_event;
struct gpiod_edge_event_buffer;

#ifdef CLACK_GPIOD_ABI_CHECK
#define CLACK_V1_BULK struct gpiod_line_bulk
#define CLACK_V1_CONFIG struct gpiod_line_request_config
#define CLACK_V1_EVENT struct gpiod_line_event
#define CLACK_V2_VALUE enum gpiod_line_value
#define CLACK_V2_DIRECTION enum gpiod_line_direction
#define CLACK_V2_EDGE enum gpiod_line_edge
#define CLACK_V2_BIAS enum gpiod_line_bias
#define CLACK_V2_EVENT_TYPE enum gpiod_edge_event_type
#else
#define CLACK_V1_BULK struct clack_v1_line_bulk
#define CLACK_V1_CONFIG struct clack_v1_line_request_config
#define CLACK_V1_EVENT struct clack_v1_line_event
#define CLACK_V2_VALUE enum clack_v2_line_value
#define CLACK_V2_DIRECTION enum clack_v2_line_direction
#define CLACK_V2_EDGE enum clack_v2_line_edge
#define CLACK_V2_BIAS enum clack_v2_line_bias
#define CLACK_V2_EVENT_TYPE enum clack_v2_edge_event_type
#endif

/* ------------------------------------------------------------ libgpiod 1.6 (libgpiod.so.2) */

#define CLACK_V1_BULK_MAX_LINES 64

// v1's structs, which the caller allocates (the checker compares their layouts).
struct clack_v1_line_bulk {
  struct gpiod_line *lines[CLACK_V1_BULK_MAX_LINES];
  unsigned int num_lines;
};

struct clack_v1_line_request_config {
  const char *consumer;
  int request_type;
  int flags;
};

struct clack_v1_line_event {
  struct timespec ts;
  int event_type;
};

enum {
  CLACK_V1_REQUEST_DIRECTION_INPUT = 2,
  CLACK_V1_REQUEST_DIRECTION_OUTPUT = 3,
  CLACK_V1_REQUEST_EVENT_FALLING_EDGE = 4,
  CLACK_V1_REQUEST_EVENT_RISING_EDGE = 5,
  CLACK_V1_REQUEST_EVENT_BOTH_EDGES = 6,
  CLACK_V1_REQUEST_FLAG_BIAS_DISABLE = 1 << 3,
  CLACK_V1_REQUEST_FLAG_BIAS_PULL_DOWN = 1 << 4,
  CLACK_V1_REQUEST_FLAG_BIAS_PULL_UP = 1 << 5,
  CLACK_V1_EVENT_RISING_EDGE = 1,
};

#define CLACK_GPIOD_V1_FUNCTIONS(X)                                                            \
  X(struct gpiod_chip *, gpiod_chip_open, (const char *path))                                  \
  X(void, gpiod_chip_close, (struct gpiod_chip * chip))                                        \
  X(const char *, gpiod_chip_label, (struct gpiod_chip * chip))                                \
  X(unsigned int, gpiod_chip_num_lines, (struct gpiod_chip * chip))                            \
  X(struct gpiod_line *, gpiod_chip_get_line, (struct gpiod_chip * chip, unsigned int offset)) \
  X(bool, gpiod_line_is_used, (struct gpiod_line * line))                                      \
  X(const char *, gpiod_line_consumer, (struct gpiod_line * line))                             \
  X(unsigned int, gpiod_line_offset, (struct gpiod_line * line))                               \
  X(int, gpiod_line_request_bulk,                                                              \
    (CLACK_V1_BULK * bulk, const CLACK_V1_CONFIG *config, const int *default_vals))            \
  X(void, gpiod_line_release_bulk, (CLACK_V1_BULK * bulk))                                     \
  X(int, gpiod_line_get_value_bulk, (CLACK_V1_BULK * bulk, int *values))                       \
  X(int, gpiod_line_set_value_bulk, (CLACK_V1_BULK * bulk, const int *values))                 \
  X(int, gpiod_line_event_wait_bulk,                                                           \
    (CLACK_V1_BULK * bulk, const struct timespec *timeout, CLACK_V1_BULK *event_bulk))         \
  X(int, gpiod_line_event_read, (struct gpiod_line * line, CLACK_V1_EVENT *event))

/* ------------------------------------------------------------ libgpiod 2.x (libgpiod.so.3) */

enum clack_v2_line_value {
  CLACK_V2_VALUE_ERROR = -1,
  CLACK_V2_VALUE_INACTIVE = 0,
  CLACK_V2_VALUE_ACTIVE = 1,
};
enum clack_v2_line_direction { CLACK_V2_DIRECTION_INPUT = 2, CLACK_V2_DIRECTION_OUTPUT = 3 };
enum clack_v2_line_edge {
  CLACK_V2_EDGE_RISING = 2,
  CLACK_V2_EDGE_FALLING = 3,
  CLACK_V2_EDGE_BOTH = 4,
};
enum clack_v2_line_bias {
  CLACK_V2_BIAS_AS_IS = 1,
  CLACK_V2_BIAS_DISABLED = 3,
  CLACK_V2_BIAS_PULL_UP = 4,
  CLACK_V2_BIAS_PULL_DOWN = 5,
};
enum clack_v2_edge_event_type { CLACK_V2_EVENT_RISING_EDGE = 1 };

#define CLACK_GPIOD_V2_FUNCTIONS(X)                                                            \
  X(struct gpiod_chip *, gpiod_chip_open, (const char *path))                                  \
  X(void, gpiod_chip_close, (struct gpiod_chip * chip))                                        \
  X(struct gpiod_chip_info *, gpiod_chip_get_info, (struct gpiod_chip * chip))                 \
  X(const char *, gpiod_chip_info_get_label, (struct gpiod_chip_info * info))                  \
  X(size_t, gpiod_chip_info_get_num_lines, (struct gpiod_chip_info * info))                    \
  X(void, gpiod_chip_info_free, (struct gpiod_chip_info * info))                               \
  X(struct gpiod_line_info *, gpiod_chip_get_line_info,                                        \
    (struct gpiod_chip * chip, unsigned int offset))                                           \
  X(bool, gpiod_line_info_is_used, (struct gpiod_line_info * info))                            \
  X(const char *, gpiod_line_info_get_consumer, (struct gpiod_line_info * info))               \
  X(void, gpiod_line_info_free, (struct gpiod_line_info * info))                               \
  X(struct gpiod_line_settings *, gpiod_line_settings_new, (void))                             \
  X(void, gpiod_line_settings_free, (struct gpiod_line_settings * settings))                   \
  X(void, gpiod_line_settings_reset, (struct gpiod_line_settings * settings))                  \
  X(int, gpiod_line_settings_set_direction,                                                    \
    (struct gpiod_line_settings * settings, CLACK_V2_DIRECTION direction))                     \
  X(int, gpiod_line_settings_set_bias, (struct gpiod_line_settings * settings, CLACK_V2_BIAS bias)) \
  X(int, gpiod_line_settings_set_output_value,                                                 \
    (struct gpiod_line_settings * settings, CLACK_V2_VALUE value))                             \
  X(int, gpiod_line_settings_set_edge_detection,                                               \
    (struct gpiod_line_settings * settings, CLACK_V2_EDGE edge))                               \
  X(struct gpiod_line_config *, gpiod_line_config_new, (void))                                 \
  X(void, gpiod_line_config_free, (struct gpiod_line_config * config))                         \
  X(int, gpiod_line_config_add_line_settings,                                                  \
    (struct gpiod_line_config * config, const unsigned int *offsets, size_t num_offsets,      \
     struct gpiod_line_settings *settings))                                                    \
  X(struct gpiod_request_config *, gpiod_request_config_new, (void))                           \
  X(void, gpiod_request_config_free, (struct gpiod_request_config * config))                   \
  X(void, gpiod_request_config_set_consumer,                                                   \
    (struct gpiod_request_config * config, const char *consumer))                              \
  X(struct gpiod_line_request *, gpiod_chip_request_lines,                                     \
    (struct gpiod_chip * chip, struct gpiod_request_config *req_cfg,                           \
     struct gpiod_line_config *line_cfg))                                                      \
  X(void, gpiod_line_request_release, (struct gpiod_line_request * request))                   \
  X(int, gpiod_line_request_set_values_subset,                                                 \
    (struct gpiod_line_request * request, size_t num_values, const unsigned int *offsets,     \
     const CLACK_V2_VALUE *values))                                                            \
  X(int, gpiod_line_request_get_values,                                                        \
    (struct gpiod_line_request * request, CLACK_V2_VALUE *values))                             \
  X(int, gpiod_line_request_wait_edge_events,                                                  \
    (struct gpiod_line_request * request, int64_t timeout_ns))                                 \
  X(int, gpiod_line_request_read_edge_events,                                                  \
    (struct gpiod_line_request * request, struct gpiod_edge_event_buffer *buffer,              \
     size_t max_events))                                                                       \
  X(struct gpiod_edge_event_buffer *, gpiod_edge_event_buffer_new, (size_t capacity))          \
  X(void, gpiod_edge_event_buffer_free, (struct gpiod_edge_event_buffer * buffer))             \
  X(struct gpiod_edge_event *, gpiod_edge_event_buffer_get_event,                              \
    (struct gpiod_edge_event_buffer * buffer, unsigned long index))                            \
  X(unsigned int, gpiod_edge_event_get_line_offset, (struct gpiod_edge_event * event))         \
  X(CLACK_V2_EVENT_TYPE, gpiod_edge_event_get_event_type, (struct gpiod_edge_event * event))   \
  X(uint64_t, gpiod_edge_event_get_timestamp_ns, (struct gpiod_edge_event * event))

#ifndef CLACK_GPIOD_ABI_CHECK
// The functions of the library that was opened, found by name (gpiod.c); only one of the two
// tables is filled.
#define CLACK_GPIOD_POINTER(ret, name, params) ret(*name) params;
typedef struct {
  CLACK_GPIOD_V1_FUNCTIONS(CLACK_GPIOD_POINTER)
} clack_gpiod_v1_functions;
typedef struct {
  CLACK_GPIOD_V2_FUNCTIONS(CLACK_GPIOD_POINTER)
} clack_gpiod_v2_functions;
#undef CLACK_GPIOD_POINTER
extern clack_gpiod_v1_functions clack_v1;
extern clack_gpiod_v2_functions clack_v2;
#endif

#endif
