// FreeType's headers (apt libfreetype-dev to build; libfreetype6 to run), through which
// Sources/ClackBoard rasterises TrueType and OpenType fonts at a panel's size. Not linked:
// Sources/CLibraryLoader opens the library the first time such a font is read.
#include <ft2build.h>
#include FT_FREETYPE_H
