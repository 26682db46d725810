// libpng's simplified reading API (apt libpng-dev to build; libpng16-16 to run), through which
// Sources/ClackBoard reads PNG pictures. Not linked: Sources/CLibraryLoader opens the library
// the first time a picture is read.
#include <png.h>
