// The Avahi functions Clack calls to advertise the daemon and find others on the LAN with
// DNS-SD over mDNS (Sources/CAvahi/dnssd.c), defined here to call libavahi-client and
// libavahi-common through dlopen the first time: a daemon with discovery off never maps them
// (nor libdbus). Each definition is checked against Avahi's own headers.
#include "CLibraryLoader.h"
#include "library_support.h"

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/address.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/simple-watch.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>

static Library avahi_common_library = {"libavahi-common.so.3", "libavahi-common3", PTHREAD_ONCE_INIT, NULL, ""};
static Library avahi_client_library = {"libavahi-client.so.3", "libavahi-client3", PTHREAD_ONCE_INIT, NULL, ""};

static void open_common(void) { open_library(&avahi_common_library); }
static void open_client(void) { open_library(&avahi_client_library); }

#define COMMON(name) resolve(&avahi_common_library, &avahi_common_library.once, open_common, #name)
#define CLIENT(name) resolve(&avahi_client_library, &avahi_client_library.once, open_client, #name)

FORWARD(COMMON, AvahiThreadedPoll *, avahi_threaded_poll_new, (void), ())
FORWARD_VOID(COMMON, avahi_threaded_poll_free, (AvahiThreadedPoll * p), (p))
FORWARD(COMMON, const AvahiPoll *, avahi_threaded_poll_get, (AvahiThreadedPoll * p), (p))
FORWARD(COMMON, int, avahi_threaded_poll_start, (AvahiThreadedPoll * p), (p))
FORWARD(COMMON, int, avahi_threaded_poll_stop, (AvahiThreadedPoll * p), (p))
FORWARD_VOID(COMMON, avahi_threaded_poll_lock, (AvahiThreadedPoll * p), (p))
FORWARD_VOID(COMMON, avahi_threaded_poll_unlock, (AvahiThreadedPoll * p), (p))
FORWARD(COMMON, AvahiSimplePoll *, avahi_simple_poll_new, (void), ())
FORWARD_VOID(COMMON, avahi_simple_poll_free, (AvahiSimplePoll * s), (s))
FORWARD(COMMON, const AvahiPoll *, avahi_simple_poll_get, (AvahiSimplePoll * s), (s))
FORWARD(COMMON, int, avahi_simple_poll_iterate, (AvahiSimplePoll * s, int sleep_time),
        (s, sleep_time))
FORWARD(COMMON, const char *, avahi_strerror, (int error), (error))
FORWARD(COMMON, char *, avahi_alternative_service_name, (const char *s), (s))
FORWARD_VOID(COMMON, avahi_free, (void *p), (p))
FORWARD(COMMON, AvahiStringList *, avahi_string_list_add, (AvahiStringList * l, const char *text),
        (l, text))
FORWARD_VOID(COMMON, avahi_string_list_free, (AvahiStringList * l), (l))
FORWARD(COMMON, AvahiStringList *, avahi_string_list_get_next, (AvahiStringList * l), (l))
FORWARD(COMMON, uint8_t *, avahi_string_list_get_text, (AvahiStringList * l), (l))
FORWARD(COMMON, size_t, avahi_string_list_get_size, (AvahiStringList * l), (l))
FORWARD(COMMON, char *, avahi_address_snprint,
        (char *ret_s, size_t length, const AvahiAddress *a), (ret_s, length, a))

FORWARD(CLIENT, AvahiClient *, avahi_client_new,
        (const AvahiPoll *poll_api, AvahiClientFlags flags, AvahiClientCallback callback,
         void *userdata, int *error),
        (poll_api, flags, callback, userdata, error))
FORWARD_VOID(CLIENT, avahi_client_free, (AvahiClient * c), (c))
FORWARD(CLIENT, int, avahi_client_errno, (AvahiClient * c), (c))
FORWARD(CLIENT, const char *, avahi_client_get_host_name, (AvahiClient * c), (c))
FORWARD(CLIENT, AvahiEntryGroup *, avahi_entry_group_new,
        (AvahiClient * c, AvahiEntryGroupCallback callback, void *userdata), (c, callback, userdata))
FORWARD(CLIENT, int, avahi_entry_group_free, (AvahiEntryGroup * g), (g))
FORWARD(CLIENT, AvahiClient *, avahi_entry_group_get_client, (AvahiEntryGroup * g), (g))
FORWARD(CLIENT, int, avahi_entry_group_commit, (AvahiEntryGroup * g), (g))
FORWARD(CLIENT, int, avahi_entry_group_reset, (AvahiEntryGroup * g), (g))
FORWARD(CLIENT, int, avahi_entry_group_add_service_strlst,
        (AvahiEntryGroup * group, AvahiIfIndex interface, AvahiProtocol protocol,
         AvahiPublishFlags flags, const char *name, const char *type, const char *domain,
         const char *host, uint16_t port, AvahiStringList *txt),
        (group, interface, protocol, flags, name, type, domain, host, port, txt))
FORWARD(CLIENT, AvahiServiceBrowser *, avahi_service_browser_new,
        (AvahiClient * client, AvahiIfIndex interface, AvahiProtocol protocol, const char *type,
         const char *domain, AvahiLookupFlags flags, AvahiServiceBrowserCallback callback,
         void *userdata),
        (client, interface, protocol, type, domain, flags, callback, userdata))
FORWARD(CLIENT, int, avahi_service_browser_free, (AvahiServiceBrowser * b), (b))
FORWARD(CLIENT, AvahiServiceResolver *, avahi_service_resolver_new,
        (AvahiClient * client, AvahiIfIndex interface, AvahiProtocol protocol, const char *name,
         const char *type, const char *domain, AvahiProtocol aprotocol, AvahiLookupFlags flags,
         AvahiServiceResolverCallback callback, void *userdata),
        (client, interface, protocol, name, type, domain, aprotocol, flags, callback, userdata))
FORWARD(CLIENT, int, avahi_service_resolver_free, (AvahiServiceResolver * r), (r))

const char *clack_avahi_load_error(void) {
  static const char *const common_names[] = {
    "avahi_threaded_poll_new", "avahi_threaded_poll_free", "avahi_threaded_poll_get",
    "avahi_threaded_poll_start", "avahi_threaded_poll_stop", "avahi_threaded_poll_lock",
    "avahi_threaded_poll_unlock", "avahi_simple_poll_new", "avahi_simple_poll_free",
    "avahi_simple_poll_get", "avahi_simple_poll_iterate", "avahi_strerror",
    "avahi_alternative_service_name", "avahi_free", "avahi_string_list_add",
    "avahi_string_list_free", "avahi_string_list_get_next", "avahi_string_list_get_text",
    "avahi_string_list_get_size", "avahi_address_snprint", NULL};
  static const char *const client_names[] = {
    "avahi_client_new", "avahi_client_free", "avahi_client_errno", "avahi_client_get_host_name",
    "avahi_entry_group_new",
    "avahi_entry_group_free", "avahi_entry_group_get_client", "avahi_entry_group_commit", "avahi_entry_group_reset",
    "avahi_entry_group_add_service_strlst", "avahi_service_browser_new",
    "avahi_service_browser_free", "avahi_service_resolver_new", "avahi_service_resolver_free",
    NULL};
  const char *error = check(&avahi_common_library, &avahi_common_library.once, open_common, common_names);
  return error ? error : check(&avahi_client_library, &avahi_client_library.once, open_client, client_names);
}
