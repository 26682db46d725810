// libical, which reads the iCalendar files calendar sources fetch and expands their
// recurrences in their time zones (Sources/ClackSourceFormats). apt: libical-dev to build,
// libical3 to run.
#include <libical/ical.h>
