/* Which functions of a program run, in the order they first run: for scripts/make-order-file.sh,
 * which turns the list into the linker's symbol ordering file (x86-64 Linux only; the list it
 * makes serves every architecture, as the names are the same).
 *
 * It starts PROGRAM under ptrace, puts a one-shot breakpoint (int3) on the first byte of every
 * function listed in FUNCTIONS ("hexaddress name" lines, addresses as `nm` prints them for a
 * position-independent executable), and on each first hit records the function, puts its byte
 * back and lets the thread go on. Every thread is followed. After SECONDS it sends the program
 * SIGTERM (its clean stop is traced too) and, once it has exited, writes the names of the
 * functions that ran to OUTPUT, one per line, first run first.
 *
 * Usage: first_calls FUNCTIONS OUTPUT SECONDS PROGRAM [ARGUMENTS...] */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct function {
  uint64_t address;  // in the running program
  char *name;
  unsigned char byte;  // the original first byte
  int hit;
};

static struct function *functions;
static size_t count;
static struct function **order;
static size_t hits;

static int by_address(const void *a, const void *b) {
  uint64_t x = ((const struct function *)a)->address, y = ((const struct function *)b)->address;
  return x < y ? -1 : x > y;
}

static struct function *find(uint64_t address) {
  size_t low = 0, high = count;
  while (low < high) {
    size_t middle = (low + high) / 2;
    if (functions[middle].address < address)
      low = middle + 1;
    else
      high = middle;
  }
  return low < count && functions[low].address == address ? &functions[low] : NULL;
}

static void die(const char *what) {
  perror(what);
  exit(1);
}

static void read_functions(const char *path) {
  FILE *file = fopen(path, "r");
  if (!file) die(path);
  size_t capacity = 1 << 16;
  functions = malloc(capacity * sizeof *functions);
  char line[4096];
  while (fgets(line, sizeof line, file)) {
    char *name = strchr(line, ' ');
    if (!name) continue;
    *name++ = 0;
    name[strcspn(name, "\n")] = 0;
    if (count == capacity) functions = realloc(functions, (capacity *= 2) * sizeof *functions);
    functions[count++] = (struct function){strtoull(line, NULL, 16), strdup(name), 0, 0};
  }
  fclose(file);
  qsort(functions, count, sizeof *functions, by_address);
  order = malloc(count * sizeof *order);
}

/* Where the program's first mapping (file offset 0) starts: a PIE's addresses are relative to
 * it. */
static uint64_t load_base(pid_t pid, const char *program) {
  char path[64], line[4096], resolved[4096];
  if (!realpath(program, resolved)) die(program);
  snprintf(path, sizeof path, "/proc/%d/maps", pid);
  FILE *maps = fopen(path, "r");
  if (!maps) die(path);
  uint64_t base = 0;
  while (fgets(line, sizeof line, maps)) {
    unsigned long start, offset;
    char file[4096] = "";
    if (sscanf(line, "%lx-%*x %*s %lx %*s %*s %4095s", &start, &offset, file) >= 2 &&
        offset == 0 && strcmp(file, resolved) == 0) {
      base = start;
      break;
    }
  }
  fclose(maps);
  if (!base) {
    fprintf(stderr, "first_calls: %s is not mapped in the child\n", resolved);
    exit(1);
  }
  return base;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: first_calls FUNCTIONS OUTPUT SECONDS PROGRAM [ARGUMENTS...]\n");
    return 2;
  }
  read_functions(argv[1]);
  double seconds = atof(argv[3]);
  pid_t child = fork();
  if (child == 0) {
    ptrace(PTRACE_TRACEME, 0, NULL, NULL);
    execv(argv[4], argv + 4);
    die(argv[4]);
  }
  int status;
  if (waitpid(child, &status, 0) < 0 || !WIFSTOPPED(status)) die("waiting for exec");
  uint64_t base = load_base(child, argv[4]);
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/mem", child);
  int memory = open(path, O_RDWR);
  if (memory < 0) die(path);
  const unsigned char trap = 0xCC;
  for (size_t k = 0; k < count; k++) {
    functions[k].address += base;
    if (pread(memory, &functions[k].byte, 1, (off_t)functions[k].address) != 1 ||
        pwrite(memory, &trap, 1, (off_t)functions[k].address) != 1)
      die("setting a breakpoint");
  }
  ptrace(PTRACE_SETOPTIONS, child, NULL,
         (void *)(PTRACE_O_TRACECLONE | PTRACE_O_EXITKILL));
  ptrace(PTRACE_CONT, child, NULL, NULL);

  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  int stopping = 0;
  for (;;) {
    pid_t thread = waitpid(-1, &status, __WALL | WNOHANG);
    if (thread == 0) {
      clock_gettime(CLOCK_MONOTONIC, &now);
      double elapsed = (double)(now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9;
      if (!stopping && elapsed >= seconds) {
        kill(child, SIGTERM);
        stopping = 1;
      }
      usleep(1000);
      continue;
    }
    if (thread < 0) {
      if (errno == ECHILD) break;
      die("waitpid");
    }
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      if (thread == child) break;
      continue;
    }
    if (!WIFSTOPPED(status)) continue;
    int signal = WSTOPSIG(status);
    int deliver = 0;
    if (signal == SIGTRAP && (status >> 16) == 0) {
      struct user_regs_struct registers;
      ptrace(PTRACE_GETREGS, thread, NULL, &registers);
      struct function *function = find(registers.rip - 1);
      if (function) {
        if (!function->hit) {
          function->hit = 1;
          order[hits++] = function;
          if (pwrite(memory, &function->byte, 1, (off_t)function->address) != 1)
            die("removing a breakpoint");
        }
        registers.rip -= 1;  // run the restored instruction
        ptrace(PTRACE_SETREGS, thread, NULL, &registers);
      } else {
        deliver = SIGTRAP;  // not ours
      }
    } else if (signal == SIGTRAP || signal == SIGSTOP) {
      deliver = 0;  // a ptrace event (a new thread) or a new thread's first stop
    } else {
      deliver = signal;
    }
    ptrace(PTRACE_CONT, thread, NULL, (void *)(intptr_t)deliver);
  }
  FILE *output = fopen(argv[2], "w");
  if (!output) die(argv[2]);
  // Every name a function has (aliases share its address, and the linker may know any).
  for (size_t k = 0; k < hits; k++) {
    struct function *first = order[k];
    while (first > functions && first[-1].address == order[k]->address) first--;
    for (; first < functions + count && first->address == order[k]->address; first++)
      fprintf(output, "%s\n", first->name);
  }
  fclose(output);
  fprintf(stderr, "first_calls: %zu of %zu functions ran\n", hits, count);
  return 0;
}
