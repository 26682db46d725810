// The mosquitto_* functions Clack uses, calling libmosquitto.so.1 through dlopen (see
// include/CMosquitto.h for why).
#include "CMosquitto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The library's soname: the ABI of libmosquitto 1.x and 2.x (Debian's libmosquitto1).
#define LIBRARY "libmosquitto.so.1"

static struct {
  int (*lib_init)(void);
  struct mosquitto *(*new_)(const char *, bool, void *);
  void (*destroy)(struct mosquitto *);
  int (*threaded_set)(struct mosquitto *, bool);
  void (*connect_callback_set)(struct mosquitto *, void (*)(struct mosquitto *, void *, int));
  void (*message_callback_set)(
    struct mosquitto *, void (*)(struct mosquitto *, void *, const struct mosquitto_message *));
  void (*publish_callback_set)(struct mosquitto *, void (*)(struct mosquitto *, void *, int));
  int (*will_set)(struct mosquitto *, const char *, int, const void *, int, bool);
  int (*username_pw_set)(struct mosquitto *, const char *, const char *);
  int (*tls_set)(struct mosquitto *, const char *, const char *, const char *, const char *,
                 int (*)(char *, int, int, void *));
  int (*tls_insecure_set)(struct mosquitto *, bool);
  int (*connect)(struct mosquitto *, const char *, int, int);
  int (*disconnect)(struct mosquitto *);
  int (*loop)(struct mosquitto *, int, int);
  int (*publish)(struct mosquitto *, int *, const char *, int, const void *, int, bool);
  int (*subscribe)(struct mosquitto *, int *, const char *, int);
  const char *(*strerror)(int);
  const char *(*connack_string)(int);
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool loaded;
static char load_error[512];

static void *find(void *handle, const char *name) {
  void *symbol = dlsym(handle, name);
  if (!symbol && !load_error[0]) {
    snprintf(load_error, sizeof load_error, "%s has no function %s", LIBRARY, name);
  }
  return symbol;
}

static void load(void) {
  void *handle = dlopen(LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    snprintf(load_error, sizeof load_error, "%s", why ? why : "cannot open " LIBRARY);
    return;
  }
  library.lib_init = find(handle, "mosquitto_lib_init");
  library.new_ = find(handle, "mosquitto_new");
  library.destroy = find(handle, "mosquitto_destroy");
  library.threaded_set = find(handle, "mosquitto_threaded_set");
  library.connect_callback_set = find(handle, "mosquitto_connect_callback_set");
  library.message_callback_set = find(handle, "mosquitto_message_callback_set");
  library.publish_callback_set = find(handle, "mosquitto_publish_callback_set");
  library.will_set = find(handle, "mosquitto_will_set");
  library.username_pw_set = find(handle, "mosquitto_username_pw_set");
  library.tls_set = find(handle, "mosquitto_tls_set");
  library.tls_insecure_set = find(handle, "mosquitto_tls_insecure_set");
  library.connect = find(handle, "mosquitto_connect");
  library.disconnect = find(handle, "mosquitto_disconnect");
  library.loop = find(handle, "mosquitto_loop");
  library.publish = find(handle, "mosquitto_publish");
  library.subscribe = find(handle, "mosquitto_subscribe");
  library.strerror = find(handle, "mosquitto_strerror");
  library.connack_string = find(handle, "mosquitto_connack_string");
  // Every function or none: a half-loaded library would fail later, and less clearly.
  loaded = !load_error[0];
}

bool clack_mosquitto_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *clack_mosquitto_load_error(void) { return load_error; }

// Until the library is loaded, each call fails as an unsupported feature would.
#define CALL(function, failure, ...) return loaded ? library.function(__VA_ARGS__) : (failure)
#define CALL_VOID(function, ...) \
  if (loaded) library.function(__VA_ARGS__)

int mosquitto_lib_init(void) { CALL(lib_init, MOSQ_ERR_NOT_SUPPORTED); }

struct mosquitto *mosquitto_new(const char *id, bool clean_session, void *obj) {
  CALL(new_, NULL, id, clean_session, obj);
}

void mosquitto_destroy(struct mosquitto *mosq) { CALL_VOID(destroy, mosq); }

int mosquitto_threaded_set(struct mosquitto *mosq, bool threaded) {
  CALL(threaded_set, MOSQ_ERR_NOT_SUPPORTED, mosq, threaded);
}

void mosquitto_connect_callback_set(struct mosquitto *mosq,
                                    void (*on_connect)(struct mosquitto *, void *, int)) {
  CALL_VOID(connect_callback_set, mosq, on_connect);
}

void mosquitto_message_callback_set(
  struct mosquitto *mosq,
  void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *)) {
  CALL_VOID(message_callback_set, mosq, on_message);
}

void mosquitto_publish_callback_set(struct mosquitto *mosq,
                                    void (*on_publish)(struct mosquitto *, void *, int)) {
  CALL_VOID(publish_callback_set, mosq, on_publish);
}

int mosquitto_will_set(struct mosquitto *mosq, const char *topic, int payloadlen,
                       const void *payload, int qos, bool retain) {
  CALL(will_set, MOSQ_ERR_NOT_SUPPORTED, mosq, topic, payloadlen, payload, qos, retain);
}

int mosquitto_username_pw_set(struct mosquitto *mosq, const char *username,
                              const char *password) {
  CALL(username_pw_set, MOSQ_ERR_NOT_SUPPORTED, mosq, username, password);
}

int mosquitto_tls_set(struct mosquitto *mosq, const char *cafile, const char *capath,
                      const char *certfile, const char *keyfile,
                      int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)) {
  CALL(tls_set, MOSQ_ERR_NOT_SUPPORTED, mosq, cafile, capath, certfile, keyfile, pw_callback);
}

int mosquitto_tls_insecure_set(struct mosquitto *mosq, bool value) {
  CALL(tls_insecure_set, MOSQ_ERR_NOT_SUPPORTED, mosq, value);
}

int mosquitto_connect(struct mosquitto *mosq, const char *host, int port, int keepalive) {
  CALL(connect, MOSQ_ERR_NOT_SUPPORTED, mosq, host, port, keepalive);
}

int mosquitto_disconnect(struct mosquitto *mosq) {
  CALL(disconnect, MOSQ_ERR_NOT_SUPPORTED, mosq);
}

int mosquitto_loop(struct mosquitto *mosq, int timeout, int max_packets) {
  CALL(loop, MOSQ_ERR_NOT_SUPPORTED, mosq, timeout, max_packets);
}

int mosquitto_publish(struct mosquitto *mosq, int *mid, const char *topic, int payloadlen,
                      const void *payload, int qos, bool retain) {
  CALL(publish, MOSQ_ERR_NOT_SUPPORTED, mosq, mid, topic, payloadlen, payload, qos, retain);
}

int mosquitto_subscribe(struct mosquitto *mosq, int *mid, const char *sub, int qos) {
  CALL(subscribe, MOSQ_ERR_NOT_SUPPORTED, mosq, mid, sub, qos);
}

const char *mosquitto_strerror(int mosq_errno) {
  CALL(strerror, "libmosquitto is not loaded", mosq_errno);
}

const char *mosquitto_connack_string(int connack_code) {
  CALL(connack_string, "libmosquitto is not loaded", connack_code);
}
