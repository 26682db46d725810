// libxml2's pull parser (xmlreader), which reads the feeds live sources fetch
// (Sources/ClackSourceFormats). apt: libxml2-dev to build, libxml2 to run.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose header then clashes with the ICU Foundation carries.
// Clack never touches the encoding handler's ICU fields (the only thing that flag adds to
// the headers), so they are left out of this view of them.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
