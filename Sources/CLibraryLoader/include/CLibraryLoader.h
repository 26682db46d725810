// Libraries opened only when first needed: libxml2 and libical when a feed or a calendar is
// read (see source_formats.c for why), FreeType when a TrueType or OpenType font is (freetype.c),
// libpng and giflib when a picture is (pictures.c), Avahi when the daemon is advertised or
// `clack find` looks (avahi.c), libcrypto when the daemon's HTTPS identity is made or read or a
// certificate's fingerprint taken (crypto.c).
#ifndef CLACK_LIBRARY_LOADER_H
#define CLACK_LIBRARY_LOADER_H

// Opens libxml2 the first time it is asked; NULL once it is open, else why it could not be
// (the library missing, or a function it lacks). Call before any xml* function.
const char *clack_libxml2_load_error(void);

// The same for libical; call before any ical* function.
const char *clack_libical_load_error(void);

// The same for FreeType; call before any FT_* function.
const char *clack_freetype_load_error(void);

// The same for libpng (png_image_*) and giflib (DGif*, GifErrorString): pictures.c.
const char *clack_libpng_load_error(void);
const char *clack_giflib_load_error(void);

// The same for libavahi-common and libavahi-client (avahi.c); call before any avahi_* function.
const char *clack_avahi_load_error(void);

// The same for libcrypto (OpenSSL 3, crypto.c); call before any function CCertificateMaker uses.
const char *clack_libcrypto_load_error(void);

#endif
