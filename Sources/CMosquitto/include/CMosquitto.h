// libmosquitto, the reference MQTT client (Debian libmosquitto-dev, 2.0.x), loaded only when
// MQTT is configured. Clack drives its network loop from a thread of its own
// (ClackMQTT/MosquittoTransport.swift).
//
// The binary does not link libmosquitto: mosquitto_loader.c defines the mosquitto_* functions
// Clack calls, and they call the library's through pointers found when
// `clack_mosquitto_load` opens libmosquitto.so.1. A board without MQTT then never maps
// libmosquitto, nor the OpenSSL libraries it pulls in (about 1.7 MiB of resident memory).
#ifndef CLACK_MOSQUITTO_H
#define CLACK_MOSQUITTO_H

#include <mosquitto.h>
#include <stdbool.h>

// Opens libmosquitto.so.1 and finds its functions, once; true if every one was found. Call it
// before any mosquitto_* function: until it has succeeded they fail (MOSQ_ERR_NOT_SUPPORTED,
// or NULL).
bool clack_mosquitto_load(void);

// Why the last clack_mosquitto_load failed (the loader's own words), or "" if it did not.
const char *clack_mosquitto_load_error(void);

#endif
