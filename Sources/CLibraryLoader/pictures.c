// The libpng and giflib functions Clack calls to read PNG and GIF pictures
// (Sources/ClackBoard/PNGPicture.swift, GIFPicture.swift), defined here to call the libraries
// through dlopen the first time a picture is read. Each definition is checked against the
// library's own header.
#include "CLibraryLoader.h"
#include "library_support.h"

#include <gif_lib.h>
#include <png.h>

static Library png = {"libpng16.so.16", "libpng16-16", PTHREAD_ONCE_INIT, NULL, ""};
static Library gif = {"libgif.so.7", "libgif7", PTHREAD_ONCE_INIT, NULL, ""};

static void open_png(void) { open_library(&png); }
static void open_gif(void) { open_library(&gif); }

#define PNG(name) resolve(&png, &png.once, open_png, #name)
#define GIF(name) resolve(&gif, &gif.once, open_gif, #name)

FORWARD(PNG, int, png_image_begin_read_from_file, (png_imagep image, const char *file_name),
        (image, file_name))
FORWARD(PNG, int, png_image_finish_read,
        (png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride,
         void *colormap),
        (image, background, buffer, row_stride, colormap))
FORWARD_VOID(PNG, png_image_free, (png_imagep image), (image))

FORWARD(GIF, GifFileType *, DGifOpenFileName, (const char *name, int *error), (name, error))
FORWARD(GIF, int, DGifSlurp, (GifFileType * file), (file))
FORWARD(GIF, int, DGifCloseFile, (GifFileType * file, int *error), (file, error))
FORWARD(GIF, int, DGifSavedExtensionToGCB,
        (GifFileType * file, int index, GraphicsControlBlock *block), (file, index, block))
FORWARD(GIF, const char *, GifErrorString, (int error), (error))

const char *clack_libpng_load_error(void) {
  static const char *const names[] = {
    "png_image_begin_read_from_file", "png_image_finish_read", "png_image_free", NULL};
  return check(&png, &png.once, open_png, names);
}

const char *clack_giflib_load_error(void) {
  static const char *const names[] = {
    "DGifOpenFileName", "DGifSlurp", "DGifCloseFile", "DGifSavedExtensionToGCB",
    "GifErrorString", NULL};
  return check(&gif, &gif.once, open_gif, names);
}
