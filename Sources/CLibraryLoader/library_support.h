// What each of Clack's dlopen loaders shares (source_formats.c, freetype.c): a library opened
// once, on first use, and its functions found by name. A function called before its library
// was checked is a bug in Clack, said and stopped rather than jumped to nowhere.
#ifndef CLACK_LIBRARY_SUPPORT_H
#define CLACK_LIBRARY_SUPPORT_H

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  const char *soname;
  const char *apt;
  pthread_once_t once;
  void *handle;
  char error[512];
} Library;

static inline void open_library(Library *library) {
  library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
  if (!library->handle) {
    const char *why = dlerror();
    snprintf(library->error, sizeof library->error, "%s (apt install %s) could not be loaded: %s",
             library->soname, library->apt, why ? why : "not found");
  }
}

// The library's function `name`; a missing one is said once, in `library->error`.
static inline void *find(Library *library, const char *name) {
  void *symbol = library->handle ? dlsym(library->handle, name) : NULL;
  if (!symbol && !library->error[0]) {
    snprintf(library->error, sizeof library->error, "%s has no function %s", library->soname,
             name);
  }
  return symbol;
}

static inline void *resolve(Library *library, pthread_once_t *once, void (*opener)(void),
                            const char *name) {
  pthread_once(once, opener);
  void *symbol = find(library, name);
  if (!symbol) {
    fprintf(stderr, "clack: %s\n", library->error);
    abort();
  }
  return symbol;
}

// A function of `lib` (a macro that resolves a name): its pointer, found once, then each
// call goes through it.
#define FORWARD(lib, ret, name, params, args)                         \
  ret name params {                                                   \
    static ret(*pointer) params;                                      \
    ret(*function) params = __atomic_load_n(&pointer, __ATOMIC_ACQUIRE); \
    if (!function) {                                                  \
      function = (ret(*) params)lib(name);                            \
      __atomic_store_n(&pointer, function, __ATOMIC_RELEASE);         \
    }                                                                 \
    return function args;                                             \
  }
#define FORWARD_VOID(lib, name, params, args)                         \
  void name params {                                                  \
    static void(*pointer) params;                                     \
    void(*function) params = __atomic_load_n(&pointer, __ATOMIC_ACQUIRE); \
    if (!function) {                                                  \
      function = (void(*) params)lib(name);                           \
      __atomic_store_n(&pointer, function, __ATOMIC_RELEASE);         \
    }                                                                 \
    function args;                                                    \
  }

// NULL once every function in `names` (NULL-terminated) is there, else why not.
static inline const char *check(Library *library, pthread_once_t *once, void (*opener)(void),
                                const char *const *names) {
  pthread_once(once, opener);
  for (; *names; names++) find(library, *names);
  return library->error[0] ? library->error : NULL;
}

#endif
