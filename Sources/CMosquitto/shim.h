// libmosquitto, the reference MQTT client (Debian libmosquitto-dev, 2.0.x). Clack drives its
// network loop from a thread of its own (ClackDaemon/MQTT/MosquittoTransport.swift).
#ifndef CLACK_MOSQUITTO_SHIM_H
#define CLACK_MOSQUITTO_SHIM_H

#include <mosquitto.h>

#endif
