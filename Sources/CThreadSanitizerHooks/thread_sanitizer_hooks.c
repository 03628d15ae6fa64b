#include "thread_sanitizer_hooks.h"

// Defined by the ThreadSanitizer runtime (compiler-rt's tsan_interface.h) when it is linked
// in; weak, so that they are null in every other build.
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

void mk_tsan_acquired(const void *address) {
    if (__tsan_acquire) __tsan_acquire((void *)address);
}

void mk_tsan_releasing(const void *address) {
    if (__tsan_release) __tsan_release((void *)address);
}
