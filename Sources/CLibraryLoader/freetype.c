// The FreeType functions Clack calls to rasterise a TrueType or OpenType font at a pixel
// panel's size (Sources/ClackBoard/TrueTypeFont.swift), defined here to call the library
// through dlopen the first time such a font is read: a daemon whose board uses a bitmap font
// never maps it. Each definition is checked against FreeType's own header.
#include "CLibraryLoader.h"
#include "library_support.h"

#include <ft2build.h>
#include FT_FREETYPE_H

static Library freetype = {"libfreetype.so.6", "libfreetype6", PTHREAD_ONCE_INIT, NULL, ""};

static void open_freetype(void) { open_library(&freetype); }

#define FT(name) resolve(&freetype, &freetype.once, open_freetype, #name)

FORWARD(FT, FT_Error, FT_Init_FreeType, (FT_Library *library), (library))
FORWARD(FT, FT_Error, FT_Done_FreeType, (FT_Library library), (library))
FORWARD(FT, FT_Error, FT_New_Face,
        (FT_Library library, const char *path, FT_Long index, FT_Face *face),
        (library, path, index, face))
FORWARD(FT, FT_Error, FT_Done_Face, (FT_Face face), (face))
FORWARD(FT, FT_Error, FT_Set_Pixel_Sizes, (FT_Face face, FT_UInt width, FT_UInt height),
        (face, width, height))
FORWARD(FT, FT_Error, FT_Load_Char, (FT_Face face, FT_ULong code, FT_Int32 flags),
        (face, code, flags))
FORWARD(FT, FT_ULong, FT_Get_First_Char, (FT_Face face, FT_UInt *index), (face, index))
FORWARD(FT, FT_ULong, FT_Get_Next_Char, (FT_Face face, FT_ULong code, FT_UInt *index),
        (face, code, index))

const char *clack_freetype_load_error(void) {
  static const char *const names[] = {
    "FT_Init_FreeType", "FT_Done_FreeType", "FT_New_Face", "FT_Done_Face",
    "FT_Set_Pixel_Sizes", "FT_Load_Char", "FT_Get_First_Char", "FT_Get_Next_Char", NULL};
  return check(&freetype, &freetype.once, open_freetype, names);
}
