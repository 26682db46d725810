// The libxml2 and libical functions Clack's live sources call (Sources/ClackSourceFormats),
// defined here to call the libraries through dlopen, the first time a feed or a calendar is
// read. Linked as usual, the two libraries and the ICU they bring in are mapped by every
// daemon, 2.5 MiB resident before any feed or calendar is configured (docs/performance.md);
// CMosquitto does the same for MQTT. Each definition is checked against the library's own
// header, so a signature that differs from the installed library does not compile.
#include "CLibraryLoader.h"
#include "library_support.h"

#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED  // as in Sources/CLibXML2/shim.h
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libical/ical.h>

static Library xml2 = {"libxml2.so.2", "libxml2", PTHREAD_ONCE_INIT, NULL, ""};
static Library ical = {"libical.so.3", "libical3", PTHREAD_ONCE_INIT, NULL, ""};

static void open_xml2(void) { open_library(&xml2); }
static void open_ical(void) { open_library(&ical); }

#define XML(name) resolve(&xml2, &xml2.once, open_xml2, #name)
#define ICAL(name) resolve(&ical, &ical.once, open_ical, #name)

// ---- libxml2: the pull parser that reads feeds ----

FORWARD_VOID(XML, xmlInitParser, (void), ())
FORWARD(XML, xmlTextReaderPtr, xmlReaderForMemory,
        (const char *buffer, int size, const char *URL, const char *encoding, int options),
        (buffer, size, URL, encoding, options))
FORWARD_VOID(XML, xmlFreeTextReader, (xmlTextReaderPtr reader), (reader))
FORWARD(XML, int, xmlTextReaderRead, (xmlTextReaderPtr reader), (reader))
FORWARD(XML, int, xmlTextReaderNodeType, (xmlTextReaderPtr reader), (reader))
FORWARD(XML, int, xmlTextReaderDepth, (xmlTextReaderPtr reader), (reader))
FORWARD(XML, int, xmlTextReaderIsEmptyElement, (xmlTextReaderPtr reader), (reader))
FORWARD(XML, const xmlChar *, xmlTextReaderConstLocalName, (xmlTextReaderPtr reader), (reader))
FORWARD(XML, const xmlChar *, xmlTextReaderConstValue, (xmlTextReaderPtr reader), (reader))
FORWARD(XML, int, xmlTextReaderMoveToAttribute, (xmlTextReaderPtr reader, const xmlChar *name),
        (reader, name))
FORWARD(XML, int, xmlTextReaderMoveToElement, (xmlTextReaderPtr reader), (reader))
#if LIBXML_VERSION >= 21200
FORWARD(XML, const xmlError *, xmlGetLastError, (void), ())
#else
FORWARD(XML, xmlErrorPtr, xmlGetLastError, (void), ())
#endif
FORWARD_VOID(XML, xmlResetLastError, (void), ())

const char *clack_libxml2_load_error(void) {
  static const char *const names[] = {
    "xmlInitParser", "xmlReaderForMemory", "xmlFreeTextReader", "xmlTextReaderRead",
    "xmlTextReaderNodeType", "xmlTextReaderDepth", "xmlTextReaderIsEmptyElement",
    "xmlTextReaderConstLocalName", "xmlTextReaderConstValue", "xmlTextReaderMoveToAttribute",
    "xmlTextReaderMoveToElement", "xmlGetLastError", "xmlResetLastError", NULL};
  return check(&xml2, &xml2.once, open_xml2, names);
}

// ---- libical: iCalendar files, recurrences and time zones ----

FORWARD_VOID(ICAL, icalerror_set_errors_are_fatal, (int fatal), (fatal))
FORWARD(ICAL, icalcomponent *, icalparser_parse_string, (const char *str), (str))
FORWARD_VOID(ICAL, icalcomponent_free, (icalcomponent *component), (component))
FORWARD(ICAL, icalcomponent_kind, icalcomponent_isa, (const icalcomponent *component),
        (component))
FORWARD(ICAL, icalcomponent *, icalcomponent_get_first_component,
        (icalcomponent *component, icalcomponent_kind kind), (component, kind))
FORWARD(ICAL, icalcomponent *, icalcomponent_get_next_component,
        (icalcomponent *component, icalcomponent_kind kind), (component, kind))
FORWARD(ICAL, icalproperty *, icalcomponent_get_first_property,
        (icalcomponent *component, icalproperty_kind kind), (component, kind))
FORWARD(ICAL, icalproperty *, icalcomponent_get_next_property,
        (icalcomponent *component, icalproperty_kind kind), (component, kind))
FORWARD(ICAL, struct icaltimetype, icalcomponent_get_dtstart, (icalcomponent *comp), (comp))
FORWARD(ICAL, struct icaltimetype, icalcomponent_get_dtend, (icalcomponent *comp), (comp))
FORWARD(ICAL, struct icaltimetype, icalcomponent_get_recurrenceid, (icalcomponent *comp), (comp))
FORWARD(ICAL, enum icalproperty_status, icalcomponent_get_status, (icalcomponent *comp), (comp))
FORWARD(ICAL, const char *, icalcomponent_get_summary, (icalcomponent *comp), (comp))
FORWARD(ICAL, const char *, icalcomponent_get_location, (icalcomponent *comp), (comp))
FORWARD(ICAL, const char *, icalcomponent_get_uid, (icalcomponent *comp), (comp))
FORWARD(ICAL, struct icaltimetype, icalproperty_get_exdate, (const icalproperty *prop), (prop))
FORWARD(ICAL, struct icaldatetimeperiodtype, icalproperty_get_rdate, (const icalproperty *prop),
        (prop))
FORWARD(ICAL, struct icalrecurrencetype, icalproperty_get_rrule, (const icalproperty *prop),
        (prop))
FORWARD(ICAL, icalrecur_iterator *, icalrecur_iterator_new,
        (struct icalrecurrencetype rule, struct icaltimetype dtstart), (rule, dtstart))
FORWARD(ICAL, int, icalrecur_iterator_set_start,
        (icalrecur_iterator *impl, struct icaltimetype start), (impl, start))
FORWARD(ICAL, struct icaltimetype, icalrecur_iterator_next, (icalrecur_iterator *impl), (impl))
FORWARD_VOID(ICAL, icalrecur_iterator_free, (icalrecur_iterator *impl), (impl))
FORWARD(ICAL, time_t, icaltime_as_timet_with_zone,
        (const struct icaltimetype tt, const icaltimezone *zone), (tt, zone))
FORWARD(ICAL, struct icaltimetype, icaltime_from_timet_with_zone,
        (const time_t tm, const int is_date, const icaltimezone *zone), (tm, is_date, zone))
FORWARD(ICAL, int, icaltime_is_null_time, (const struct icaltimetype t), (t))

const char *clack_libical_load_error(void) {
  static const char *const names[] = {
    "icalerror_set_errors_are_fatal", "icalparser_parse_string", "icalcomponent_free",
    "icalcomponent_isa", "icalcomponent_get_first_component", "icalcomponent_get_next_component",
    "icalcomponent_get_first_property", "icalcomponent_get_next_property",
    "icalcomponent_get_dtstart", "icalcomponent_get_dtend", "icalcomponent_get_recurrenceid",
    "icalcomponent_get_status", "icalcomponent_get_summary", "icalcomponent_get_location",
    "icalcomponent_get_uid", "icalproperty_get_exdate", "icalproperty_get_rdate",
    "icalproperty_get_rrule", "icalrecur_iterator_new", "icalrecur_iterator_set_start",
    "icalrecur_iterator_next", "icalrecur_iterator_free", "icaltime_as_timet_with_zone",
    "icaltime_from_timet_with_zone", "icaltime_is_null_time", NULL};
  return check(&ical, &ical.once, open_ical, names);
}
