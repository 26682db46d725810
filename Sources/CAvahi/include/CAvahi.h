// DNS-SD over mDNS through avahi-daemon (docs/discovery.md): the daemon advertising itself,
// and `clack find` browsing for daemons. Avahi's callbacks and threads stay in dnssd.c; Swift
// sees these few calls (Sources/ClackDiscovery). The library is opened on first use
// (Sources/CLibraryLoader/avahi.c).
#ifndef CLACK_AVAHI_H
#define CLACK_AVAHI_H

#include <stddef.h>
#include <stdint.h>

// One service to advertise: its type ("_clack._tcp"), port and TXT strings ("key=value").
typedef struct {
  const char *type;
  uint16_t port;
  const char *const *txt;
  int txt_count;
} clack_dnssd_service;

typedef struct clack_dnssd_publisher clack_dnssd_publisher;

// Starts advertising `services` under the instance name `name` ("{host}" in it becomes the
// host name Avahi advertises; renamed "name #2" and so on when another host has it), on a thread of Avahi's own. If avahi-daemon is not running it
// waits for it. NULL, with `error` filled, when the library cannot be loaded or the thread
// cannot start.
clack_dnssd_publisher *clack_dnssd_publish(const char *name, const clack_dnssd_service *services,
                                           int count, char *error, size_t error_size);

// What the publisher is doing: 1 advertised, 0 on its way (or waiting for avahi-daemon),
// -1 failed; the name in use, and in words why not advertised.
int clack_dnssd_state(clack_dnssd_publisher *publisher, char *name, size_t name_size,
                      char *message, size_t message_size);

// Withdraws the services and frees the publisher.
void clack_dnssd_stop(clack_dnssd_publisher *publisher);

// A service found: its instance name, host, address (IPv4 or IPv6 text), port and TXT strings.
typedef struct {
  const char *name;
  const char *host;
  const char *address;
  int ipv6;
  uint16_t port;
  const char *const *txt;
  int txt_count;
} clack_dnssd_found;

typedef void (*clack_dnssd_found_callback)(void *context, const clack_dnssd_found *found);

// Browses the LAN for `type` for `milliseconds`, calling `found` for each service resolved
// (once per address family it answers on). 0, or -1 with `error` filled (the library, or
// avahi-daemon not running).
int clack_dnssd_browse(const char *type, int milliseconds, clack_dnssd_found_callback found,
                       void *context, char *error, size_t error_size);

#endif
