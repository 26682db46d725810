/*
 * The split-flap modules of the full-stack VM stage (scripts/vm-test.sh): for each module it
 * watches the four coil lines that `clack run` drives on a gpio-sim chip and turns an
 * emulated rotor by the half-step sequence (A, AB, B, BC, C, CD, D, DA; a change of more
 * than a full step is lost, as on the real motor); it feeds the module's hall-sensor line
 * (open collector: pulled low near the magnet) through the line's simulated pull. The same
 * mechanics as ClackSimHAL's StepperMotorModel and SplitFlapModuleModel, read from the
 * kernel's lines instead of the HAL's calls.
 *
 * Usage: rotor SIMDIR STEPS FLAPS WINDOW STATEFILE C0,C1,C2,C3:SENSOR@START ...
 *   SIMDIR     /sys/devices/platform/<dev>/<chip>: holds sim_gpioN/{value,pull}
 *   STEPS      half-steps per spool revolution
 *   FLAPS      flaps on the spool (flap f is shown f*STEPS/FLAPS steps after the magnet's edge)
 *   WINDOW     half-steps over which the sensor sees the magnet
 *   STATEFILE  rewritten on every step: "position flap" per module, one line each
 *   START      the rotor's position when the program starts (anything but home, to be found)
 * Runs until killed. Counts lost steps and invalid coil patterns in STATEFILE too.
 *
 * A real rotor follows every phase its coils are given. This program only sees a phase if it
 * looks while the phase is on, so it runs at SCHED_FIFO priority 90, above the daemon's
 * executor thread (80): whenever its next look is due it runs, however busy the VM is. The
 * full-stack script runs it on the executor's CPU, so that a stall of that CPU (the host
 * taking the vCPU away) stops the steps and the looks alike.
 */
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_MODULES 8

static const int sequence[8] = {0x1, 0x3, 0x2, 0x6, 0x4, 0xC, 0x8, 0x9};

struct module {
  int coil_fd[4];
  int pull_fd;
  int position; /* half-steps, kept within one revolution */
  int coils;
  int sensor_low; /* the level last fed to the sensor line: 1 = low (magnet) */
  int lost, invalid;
};

static int steps, flaps, window_steps;

static int open_line(const char *dir, int line, const char *file, int flags) {
  char path[512];
  snprintf(path, sizeof path, "%s/sim_gpio%d/%s", dir, line, file);
  int fd = open(path, flags);
  if (fd < 0) {
    perror(path);
    exit(2);
  }
  return fd;
}

static int read_level(int fd) {
  char c = '0';
  if (pread(fd, &c, 1, 0) != 1) return 0;
  return c == '1';
}

static void feed_sensor(struct module *m, int force) {
  int low = m->position < window_steps; /* the magnet's window starts at position 0 */
  if (!force && low == m->sensor_low) return;
  const char *pull = low ? "pull-down" : "pull-up";
  if (pwrite(m->pull_fd, pull, strlen(pull), 0) < 0) perror("pull");
  m->sensor_low = low;
}

static void step(struct module *m, int coils) {
  m->coils = coils;
  if (coils == 0) return;
  int target = -1;
  for (int i = 0; i < 8; i++)
    if (sequence[i] == coils) target = i;
  if (target < 0) {
    m->invalid++;
    return;
  }
  int delta = (target - m->position % 8 + 8) % 8;
  if (delta > 4) delta -= 8;
  if (delta == 0) return;
  if (delta > 2 || delta < -2) {
    m->lost++;
    return;
  }
  /* Positions stay multiples of 8 apart from the phase, so a revolution must be too. */
  m->position = ((m->position + delta) % steps + steps) % steps;
}

static void write_state(const char *file, struct module *modules, int count) {
  char text[1024];
  int length = 0;
  for (int i = 0; i < count; i++) {
    struct module *m = &modules[i];
    length += snprintf(text + length, sizeof text - length, "%d %d %d %d\n", m->position,
                       m->position * flaps / steps, m->lost, m->invalid);
  }
  char temporary[512];
  snprintf(temporary, sizeof temporary, "%s.new", file);
  int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  if (write(fd, text, length) != length) perror("state");
  close(fd);
  rename(temporary, file);
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: rotor SIMDIR STEPS FLAPS WINDOW STATEFILE C0,C1,C2,C3:S@START ...\n");
    return 2;
  }
  const char *dir = argv[1];
  steps = atoi(argv[2]);
  flaps = atoi(argv[3]);
  window_steps = atoi(argv[4]);
  const char *state = argv[5];
  if (steps % 8 != 0) {
    fprintf(stderr, "rotor: STEPS must be a multiple of 8\n");
    return 2;
  }
  struct sched_param priority = {.sched_priority = 90};
  if (sched_setscheduler(0, SCHED_FIFO, &priority) != 0) perror("rotor: SCHED_FIFO");
  if (mlockall(MCL_CURRENT | MCL_FUTURE) != 0) perror("rotor: mlockall");
  struct module modules[MAX_MODULES];
  int count = 0;
  for (int a = 6; a < argc && count < MAX_MODULES; a++, count++) {
    int c[4], sensor, start;
    if (sscanf(argv[a], "%d,%d,%d,%d:%d@%d", &c[0], &c[1], &c[2], &c[3], &sensor, &start) != 6) {
      fprintf(stderr, "rotor: cannot read module '%s'\n", argv[a]);
      return 2;
    }
    struct module *m = &modules[count];
    memset(m, 0, sizeof *m);
    for (int i = 0; i < 4; i++) m->coil_fd[i] = open_line(dir, c[i], "value", O_RDONLY);
    m->pull_fd = open_line(dir, sensor, "pull", O_WRONLY);
    /* The rotor rests in a detent of the phase its coils last held: a multiple of 8 plus 0. */
    m->position = (start / 8) * 8 % steps;
    feed_sensor(m, 1);
  }
  write_state(state, modules, count);
  struct timespec pause = {0, 200000}; /* 0.2 ms between looks: far faster than the steps */
  for (unsigned long looks = 0;; looks++) {
    int changed = 0;
    for (int i = 0; i < count; i++) {
      struct module *m = &modules[i];
      int coils = 0;
      for (int b = 0; b < 4; b++) coils |= read_level(m->coil_fd[b]) << b;
      if (coils != m->coils) {
        int before = m->position;
        step(m, coils);
        changed |= before != m->position;
        feed_sensor(m, 0);
      }
      /* The daemon's request may set the line's bias once; feed the level again now and then. */
      if (looks % 500 == 0) feed_sensor(m, 1);
    }
    if (changed) write_state(state, modules, count);
    nanosleep(&pause, NULL);
  }
}
