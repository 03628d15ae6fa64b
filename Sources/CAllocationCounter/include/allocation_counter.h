// Counts heap allocations made by the calling thread, for the benchmark's
// "allocations per parse" column and the zero-allocation test.
//
// Linked into an executable (parsebench, the test runner), the functions below
// interpose glibc's malloc family: each call is counted in a thread-local
// counter and forwarded to glibc's own implementation. Nothing else changes.
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// 1 when this code was built with AddressSanitizer or ThreadSanitizer, else 0.
int mk_built_with_sanitizer(void);

/// 1 when allocations are being counted (glibc), 0 elsewhere.
int mk_allocation_counting_available(void);

/// Heap allocations (malloc, calloc, realloc, aligned allocations) made so far
/// by the calling thread.
uint64_t mk_thread_allocation_count(void);

/// Bytes of heap memory in use by the whole process (glibc's `mallinfo2`: small and
/// mmapped blocks), or -1 where that is not available.
int64_t mk_heap_bytes_in_use(void);

#endif
