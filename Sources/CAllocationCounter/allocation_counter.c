#include "allocation_counter.h"

#include <errno.h>
#include <stddef.h>
#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#endif

// Under a sanitizer the runtime owns malloc (it must see every allocation and free), so
// nothing is interposed and counting reports itself unavailable.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MK_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MK_SANITIZED 1
#endif

int mk_built_with_sanitizer(void) {
#if defined(MK_SANITIZED)
    return 1;
#else
    return 0;
#endif
}

#if defined(__GLIBC__) && defined(__linux__) && !defined(MK_SANITIZED)

// glibc's implementations, exported under these names for exactly this use.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Thread-local in the executable itself (local-exec TLS): reading it never allocates.
static _Thread_local uint64_t allocations;

void *malloc(size_t size) {
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    allocations++;
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations++;
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

int mk_allocation_counting_available(void) { return 1; }

uint64_t mk_thread_allocation_count(void) { return allocations; }

int64_t mk_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}

#else

int mk_allocation_counting_available(void) { return 0; }

uint64_t mk_thread_allocation_count(void) { return 0; }

int64_t mk_heap_bytes_in_use(void) { return -1; }

#endif
