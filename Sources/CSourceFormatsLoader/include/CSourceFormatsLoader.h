// libxml2 and libical opened only when a feed or a calendar is read (see loader.c for why).
#ifndef CLACK_SOURCE_FORMATS_LOADER_H
#define CLACK_SOURCE_FORMATS_LOADER_H

// Opens libxml2 the first time it is asked; NULL once it is open, else why it could not be
// (the library missing, or a function it lacks). Call before any xml* function.
const char *clack_libxml2_load_error(void);

// The same for libical; call before any ical* function.
const char *clack_libical_load_error(void);

#endif
