// giflib (apt libgif-dev to build; libgif7 to run), through which Sources/ClackBoard reads GIF
// pictures, animated ones frame by frame. Not linked: Sources/CLibraryLoader opens the library
// the first time a picture is read.
#include <gif_lib.h>
