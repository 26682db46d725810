/* Concurrent HTTP clients for scripts/bench-daemon.sh (loopback only): CLIENTS threads, each on
 * one keep-alive connection, POST COUNT messages one after the other to /api/v1/messages, each
 * waiting for its 201 before sending the next. Prints the seconds the whole burst took.
 *
 * Why C and not Python: on a Pi the senders are other machines on the LAN. Here they share the
 * test machine's two cores with the daemon, and a Python client spends about a millisecond of
 * CPU per request, which the benchmark would then count against the daemon. This client spends
 * a few microseconds.
 *
 * Usage: post_burst PORT KEY CLIENTS COUNT FIRST NOT_BEFORE
 * Message k (FIRST <= k < FIRST + CLIENTS * COUNT) is "QUEUED k" from sender "sk". */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int port, count;
static const char *key, *not_before;

struct client {
  pthread_t thread;
  long first;
  int failed;
};

static void fail(const char *what, long message) {
  fprintf(stderr, "post_burst: message %ld: %s\n", message, what);
}

static int send_all(int fd, const char *data, size_t length) {
  while (length > 0) {
    ssize_t sent = send(fd, data, length, MSG_NOSIGNAL);
    if (sent <= 0) return -1;
    data += sent;
    length -= (size_t)sent;
  }
  return 0;
}

/* Reads one response (headers, then Content-Length bytes of body); returns its status. */
static int read_response(int fd, char *buffer, size_t size) {
  size_t used = 0;
  char *end = NULL;
  while (!end) {
    if (used == size - 1) return -1;
    ssize_t got = recv(fd, buffer + used, size - 1 - used, 0);
    if (got <= 0) return -1;
    used += (size_t)got;
    buffer[used] = 0;
    end = strstr(buffer, "\r\n\r\n");
  }
  int status = 0;
  if (sscanf(buffer, "HTTP/1.1 %d", &status) != 1) return -1;
  const char *length_field = strcasestr(buffer, "\r\ncontent-length:");
  size_t body = length_field ? strtoul(length_field + 17, NULL, 10) : 0;
  size_t have = used - (size_t)(end + 4 - buffer);
  while (have < body) {
    ssize_t got = recv(fd, buffer, size - 1, 0);
    if (got <= 0) return -1;
    have += (size_t)got;
  }
  return status;
}

static void *run(void *argument) {
  struct client *client = argument;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  int on = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    fail("cannot connect", client->first);
    client->failed = 1;
    return NULL;
  }
  char body[256], request[1024], response[8192];
  for (long index = client->first; index < client->first + count; index++) {
    int body_length = snprintf(body, sizeof body,
                               "{\"text\":\"QUEUED %ld\",\"sender\":\"s%ld\",\"not_before\":\"%s\"}",
                               index, index, not_before);
    int length = snprintf(request, sizeof request,
                          "POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Content-Type: application/json\r\nX-Clack-Key: %s\r\n"
                          "Content-Length: %d\r\n\r\n%s",
                          key, body_length, body);
    if (send_all(fd, request, (size_t)length) != 0) {
      fail("send failed", index);
      client->failed = 1;
      break;
    }
    int status = read_response(fd, response, sizeof response);
    if (status != 201) {
      fprintf(stderr, "post_burst: message %ld: answered %d, not 201\n", index, status);
      client->failed = 1;
      break;
    }
  }
  close(fd);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: post_burst PORT KEY CLIENTS COUNT FIRST NOT_BEFORE\n");
    return 2;
  }
  port = atoi(argv[1]);
  key = argv[2];
  int clients = atoi(argv[3]);
  count = atoi(argv[4]);
  long first = atol(argv[5]);
  not_before = argv[6];
  struct client *all = calloc((size_t)clients, sizeof *all);
  struct timespec start, stop;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int k = 0; k < clients; k++) {
    all[k].first = first + (long)k * count;
    pthread_create(&all[k].thread, NULL, run, &all[k]);
  }
  int failed = 0;
  for (int k = 0; k < clients; k++) {
    pthread_join(all[k].thread, NULL);
    failed |= all[k].failed;
  }
  clock_gettime(CLOCK_MONOTONIC, &stop);
  printf("%.6f\n", (double)(stop.tv_sec - start.tv_sec) + (stop.tv_nsec - start.tv_nsec) / 1e9);
  free(all);
  return failed;
}
