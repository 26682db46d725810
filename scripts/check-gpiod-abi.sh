#!/usr/bin/env bash
# Checks Clack's own declarations of libgpiod (Sources/CGPIOD/gpiod_abi.h, which lets one
# binary open either libgpiod at run time) against a real gpiod.h: each function's prototype
# (the compiler refuses one that differs), the layout of each struct the caller fills, and
# each constant. The API is told by the header itself (only 1.6's defines
# GPIOD_LINE_BULK_MAX_LINES).
#
# Usage: scripts/check-gpiod-abi.sh [INCLUDE_DIR]   (the folder holding gpiod.h; default: the
#                                                    system's, from apt's libgpiod-dev)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
include=${1:-/usr/include}
[ -f "$include/gpiod.h" ] || die "no gpiod.h in $include (apt install libgpiod-dev)"
check=$(mktemp --suffix=.c)
trap 'rm -f "$check" "$check.o"' EXIT
cat > "$check" <<'C'
#include <gpiod.h>
#include <stddef.h>
#define CLACK_GPIOD_ABI_CHECK
#include "gpiod_abi.h"
#define PROTOTYPE(ret, name, params) ret name params;
#define SAME(a, b) _Static_assert((long)(a) == (long)(b), #a " differs from " #b);
#define SAME_LAYOUT(mine, theirs, field) \
  SAME(offsetof(struct mine, field), offsetof(struct theirs, field))
#ifdef GPIOD_LINE_BULK_MAX_LINES
CLACK_GPIOD_V1_FUNCTIONS(PROTOTYPE)
SAME(CLACK_V1_BULK_MAX_LINES, GPIOD_LINE_BULK_MAX_LINES)
SAME(sizeof(struct clack_v1_line_bulk), sizeof(struct gpiod_line_bulk))
SAME_LAYOUT(clack_v1_line_bulk, gpiod_line_bulk, num_lines)
SAME(sizeof(struct clack_v1_line_request_config), sizeof(struct gpiod_line_request_config))
SAME_LAYOUT(clack_v1_line_request_config, gpiod_line_request_config, consumer)
SAME_LAYOUT(clack_v1_line_request_config, gpiod_line_request_config, request_type)
SAME_LAYOUT(clack_v1_line_request_config, gpiod_line_request_config, flags)
SAME(sizeof(struct clack_v1_line_event), sizeof(struct gpiod_line_event))
SAME_LAYOUT(clack_v1_line_event, gpiod_line_event, ts)
SAME_LAYOUT(clack_v1_line_event, gpiod_line_event, event_type)
SAME(CLACK_V1_REQUEST_DIRECTION_INPUT, GPIOD_LINE_REQUEST_DIRECTION_INPUT)
SAME(CLACK_V1_REQUEST_DIRECTION_OUTPUT, GPIOD_LINE_REQUEST_DIRECTION_OUTPUT)
SAME(CLACK_V1_REQUEST_EVENT_FALLING_EDGE, GPIOD_LINE_REQUEST_EVENT_FALLING_EDGE)
SAME(CLACK_V1_REQUEST_EVENT_RISING_EDGE, GPIOD_LINE_REQUEST_EVENT_RISING_EDGE)
SAME(CLACK_V1_REQUEST_EVENT_BOTH_EDGES, GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES)
SAME(CLACK_V1_REQUEST_FLAG_BIAS_DISABLE, GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
SAME(CLACK_V1_REQUEST_FLAG_BIAS_PULL_DOWN, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
SAME(CLACK_V1_REQUEST_FLAG_BIAS_PULL_UP, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
SAME(CLACK_V1_EVENT_RISING_EDGE, GPIOD_LINE_EVENT_RISING_EDGE)
const char *clack_checked_api = "1.6";
#else
CLACK_GPIOD_V2_FUNCTIONS(PROTOTYPE)
SAME(sizeof(enum clack_v2_line_value), sizeof(enum gpiod_line_value))
SAME(CLACK_V2_VALUE_ERROR, GPIOD_LINE_VALUE_ERROR)
SAME(CLACK_V2_VALUE_INACTIVE, GPIOD_LINE_VALUE_INACTIVE)
SAME(CLACK_V2_VALUE_ACTIVE, GPIOD_LINE_VALUE_ACTIVE)
SAME(CLACK_V2_DIRECTION_INPUT, GPIOD_LINE_DIRECTION_INPUT)
SAME(CLACK_V2_DIRECTION_OUTPUT, GPIOD_LINE_DIRECTION_OUTPUT)
SAME(CLACK_V2_EDGE_RISING, GPIOD_LINE_EDGE_RISING)
SAME(CLACK_V2_EDGE_FALLING, GPIOD_LINE_EDGE_FALLING)
SAME(CLACK_V2_EDGE_BOTH, GPIOD_LINE_EDGE_BOTH)
SAME(CLACK_V2_BIAS_AS_IS, GPIOD_LINE_BIAS_AS_IS)
SAME(CLACK_V2_BIAS_DISABLED, GPIOD_LINE_BIAS_DISABLED)
SAME(CLACK_V2_BIAS_PULL_UP, GPIOD_LINE_BIAS_PULL_UP)
SAME(CLACK_V2_BIAS_PULL_DOWN, GPIOD_LINE_BIAS_PULL_DOWN)
SAME(CLACK_V2_EVENT_RISING_EDGE, GPIOD_EDGE_EVENT_RISING_EDGE)
const char *clack_checked_api = "2.x";
#endif
C
gcc -std=c11 -Wall -Werror -c "$check" -o "$check.o" -I"$include" -ISources/CGPIOD \
  || die "Sources/CGPIOD/gpiod_abi.h differs from $include/gpiod.h (above)"
api=$(grep -q GPIOD_LINE_BULK_MAX_LINES "$include/gpiod.h" && echo 1.6 || echo 2.x)
echo "gpiod ABI: Sources/CGPIOD/gpiod_abi.h matches $include/gpiod.h (libgpiod $api)"
