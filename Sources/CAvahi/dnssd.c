// DNS-SD through avahi-daemon: the publisher runs on Avahi's threaded poll and renames itself
// on a collision; the browser runs a simple poll for a given time. See include/CAvahi.h.
#include "CAvahi.h"

#include <CLibraryLoader.h>
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
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct clack_dnssd_publisher {
  AvahiThreadedPoll *poll;
  AvahiClient *client;
  AvahiEntryGroup *group;
  char *name;
  int count;
  char **types;
  uint16_t *ports;
  AvahiStringList **txt;
  pthread_mutex_t lock;
  int state;
  char message[256];
};

static void set_state(clack_dnssd_publisher *p, int state, const char *message) {
  pthread_mutex_lock(&p->lock);
  p->state = state;
  snprintf(p->message, sizeof p->message, "%s", message ? message : "");
  pthread_mutex_unlock(&p->lock);
}

static void add_services(clack_dnssd_publisher *p);

static void group_changed(AvahiEntryGroup *group, AvahiEntryGroupState state, void *user) {
  clack_dnssd_publisher *p = user;
  p->group = group;
  switch (state) {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      set_state(p, 1, "");
      break;
    case AVAHI_ENTRY_GROUP_COLLISION: {
      // Another host has the name: take the next one ("name #2"), as Avahi suggests.
      char *next = avahi_alternative_service_name(p->name);
      pthread_mutex_lock(&p->lock);
      free(p->name);
      p->name = strdup(next);
      pthread_mutex_unlock(&p->lock);
      avahi_free(next);
      avahi_entry_group_reset(group);
      add_services(p);
      break;
    }
    case AVAHI_ENTRY_GROUP_FAILURE:
      set_state(p, -1, avahi_strerror(avahi_client_errno(avahi_entry_group_get_client(group))));
      break;
    default:
      break;
  }
}

// The instance name with "{host}" replaced by the host name Avahi advertises.
static void expand_host(clack_dnssd_publisher *p) {
  char *mark = strstr(p->name, "{host}");
  const char *host = avahi_client_get_host_name(p->client);
  if (!mark || !host) return;
  size_t size = strlen(p->name) - 6 + strlen(host) + 1;
  char *name = malloc(size);
  snprintf(name, size, "%.*s%s%s", (int)(mark - p->name), p->name, host, mark + 6);
  // DNS-SD's instance names are at most 63 bytes; the host's name is what is cut.
  if (strlen(name) > 63) name[63] = 0;
  pthread_mutex_lock(&p->lock);
  free(p->name);
  p->name = name;
  pthread_mutex_unlock(&p->lock);
}

static void add_services(clack_dnssd_publisher *p) {
  expand_host(p);
  if (!p->group) p->group = avahi_entry_group_new(p->client, group_changed, p);
  if (!p->group) {
    set_state(p, -1, avahi_strerror(avahi_client_errno(p->client)));
    return;
  }
  for (int i = 0; i < p->count; i++) {
    int rc = avahi_entry_group_add_service_strlst(p->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0,
                                                  p->name, p->types[i], NULL, NULL, p->ports[i],
                                                  p->txt[i]);
    if (rc == AVAHI_ERR_COLLISION) {
      group_changed(p->group, AVAHI_ENTRY_GROUP_COLLISION, p);
      return;
    }
    if (rc < 0) {
      char message[200];
      snprintf(message, sizeof message, "%s: %s", p->types[i], avahi_strerror(rc));
      set_state(p, -1, message);
      return;
    }
  }
  int rc = avahi_entry_group_commit(p->group);
  if (rc < 0) set_state(p, -1, avahi_strerror(rc));
}

static void client_changed(AvahiClient *client, AvahiClientState state, void *user) {
  clack_dnssd_publisher *p = user;
  p->client = client;
  switch (state) {
    case AVAHI_CLIENT_S_RUNNING:
      if (!p->group) add_services(p);
      break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
      // The host's own name is being settled: the services go again once it is.
      if (p->group) avahi_entry_group_reset(p->group);
      set_state(p, 0, "the host's name is being registered");
      break;
    case AVAHI_CLIENT_CONNECTING:
      set_state(p, 0, "waiting for avahi-daemon (is it installed and running?)");
      break;
    case AVAHI_CLIENT_FAILURE:
      set_state(p, -1, avahi_strerror(avahi_client_errno(client)));
      break;
  }
}

clack_dnssd_publisher *clack_dnssd_publish(const char *name, const clack_dnssd_service *services,
                                           int count, char *error, size_t error_size) {
  const char *load = clack_avahi_load_error();
  if (load) {
    snprintf(error, error_size, "%s", load);
    return NULL;
  }
  clack_dnssd_publisher *p = calloc(1, sizeof *p);
  pthread_mutex_init(&p->lock, NULL);
  p->name = strdup(name);
  p->count = count;
  p->types = calloc(count, sizeof *p->types);
  p->ports = calloc(count, sizeof *p->ports);
  p->txt = calloc(count, sizeof *p->txt);
  for (int i = 0; i < count; i++) {
    p->types[i] = strdup(services[i].type);
    p->ports[i] = services[i].port;
    for (int j = 0; j < services[i].txt_count; j++) {
      p->txt[i] = avahi_string_list_add(p->txt[i], services[i].txt[j]);
    }
  }
  set_state(p, 0, "starting");
  p->poll = avahi_threaded_poll_new();
  int rc = 0;
  if (p->poll) {
    // NO_FAIL: without avahi-daemon the client waits for it rather than failing.
    p->client = avahi_client_new(avahi_threaded_poll_get(p->poll), AVAHI_CLIENT_NO_FAIL,
                                 client_changed, p, &rc);
  }
  if (!p->poll || !p->client || avahi_threaded_poll_start(p->poll) < 0) {
    snprintf(error, error_size, "Avahi: %s%s", p->client ? "its thread did not start"
                                               : avahi_strerror(rc),
             p->client ? "" : " (is avahi-daemon installed and running? apt install avahi-daemon)");
    clack_dnssd_stop(p);
    return NULL;
  }
  return p;
}

int clack_dnssd_state(clack_dnssd_publisher *p, char *name, size_t name_size, char *message,
                      size_t message_size) {
  pthread_mutex_lock(&p->lock);
  int state = p->state;
  snprintf(name, name_size, "%s", p->name);
  snprintf(message, message_size, "%s", p->message);
  pthread_mutex_unlock(&p->lock);
  return state;
}

void clack_dnssd_stop(clack_dnssd_publisher *p) {
  if (!p) return;
  if (p->poll) avahi_threaded_poll_stop(p->poll);
  // Freeing the client withdraws its entry group from the LAN.
  if (p->client) avahi_client_free(p->client);
  if (p->poll) avahi_threaded_poll_free(p->poll);
  for (int i = 0; i < p->count; i++) {
    free(p->types[i]);
    avahi_string_list_free(p->txt[i]);
  }
  free(p->types);
  free(p->ports);
  free(p->txt);
  free(p->name);
  pthread_mutex_destroy(&p->lock);
  free(p);
}

// MARK: - Browsing

typedef struct {
  AvahiClient *client;
  clack_dnssd_found_callback found;
  void *context;
} Browse;

static void resolved(AvahiServiceResolver *resolver, AvahiIfIndex interface,
                     AvahiProtocol protocol, AvahiResolverEvent event, const char *name,
                     const char *type, const char *domain, const char *host,
                     const AvahiAddress *address, uint16_t port, AvahiStringList *txt,
                     AvahiLookupResultFlags flags, void *user) {
  (void)interface, (void)type, (void)domain, (void)flags;
  Browse *browse = user;
  if (event == AVAHI_RESOLVER_FOUND) {
    char text[AVAHI_ADDRESS_STR_MAX];
    avahi_address_snprint(text, sizeof text, address);
    int count = 0;
    for (AvahiStringList *l = txt; l; l = avahi_string_list_get_next(l)) count++;
    char **strings = calloc(count ? count : 1, sizeof *strings);
    int i = 0;
    for (AvahiStringList *l = txt; l; l = avahi_string_list_get_next(l)) {
      size_t size = avahi_string_list_get_size(l);
      strings[i] = malloc(size + 1);
      memcpy(strings[i], avahi_string_list_get_text(l), size);
      strings[i++][size] = 0;
    }
    clack_dnssd_found found = {name, host, text, protocol == AVAHI_PROTO_INET6, port,
                               (const char *const *)strings, count};
    browse->found(browse->context, &found);
    for (i = 0; i < count; i++) free(strings[i]);
    free(strings);
  }
  avahi_service_resolver_free(resolver);
}

static void browsed(AvahiServiceBrowser *browser, AvahiIfIndex interface, AvahiProtocol protocol,
                    AvahiBrowserEvent event, const char *name, const char *type,
                    const char *domain, AvahiLookupResultFlags flags, void *user) {
  (void)browser, (void)flags;
  Browse *browse = user;
  if (event == AVAHI_BROWSER_NEW) {
    avahi_service_resolver_new(browse->client, interface, protocol, name, type, domain,
                               protocol, 0, resolved, browse);
  }
}

static long long milliseconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

int clack_dnssd_browse(const char *type, int milliseconds, clack_dnssd_found_callback found,
                       void *context, char *error, size_t error_size) {
  const char *load = clack_avahi_load_error();
  if (load) {
    snprintf(error, error_size, "%s", load);
    return -1;
  }
  AvahiSimplePoll *poll = avahi_simple_poll_new();
  if (!poll) {
    snprintf(error, error_size, "Avahi: out of memory");
    return -1;
  }
  Browse browse = {NULL, found, context};
  int rc = 0;
  browse.client = avahi_client_new(avahi_simple_poll_get(poll), 0, NULL, NULL, &rc);
  if (!browse.client) {
    snprintf(error, error_size, "%s: is avahi-daemon installed and running? (apt install avahi-daemon)",
             avahi_strerror(rc));
    avahi_simple_poll_free(poll);
    return -1;
  }
  AvahiServiceBrowser *browser = avahi_service_browser_new(
    browse.client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, type, NULL, 0, browsed, &browse);
  if (!browser) {
    snprintf(error, error_size, "%s", avahi_strerror(avahi_client_errno(browse.client)));
    avahi_client_free(browse.client);
    avahi_simple_poll_free(poll);
    return -1;
  }
  long long end = milliseconds_now() + milliseconds;
  for (long long left = milliseconds; left > 0; left = end - milliseconds_now()) {
    if (avahi_simple_poll_iterate(poll, (int)left) != 0) break;
  }
  avahi_service_browser_free(browser);
  // Freeing the client frees the resolvers still on their way.
  avahi_client_free(browse.client);
  avahi_simple_poll_free(poll);
  return 0;
}
