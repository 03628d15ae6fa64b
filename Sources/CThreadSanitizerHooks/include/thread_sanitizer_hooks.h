// Tells ThreadSanitizer about synchronization it cannot see.
//
// Swift's Synchronization.Mutex waits with futex system calls on Linux, which the sanitizer
// does not intercept, so it reports every access a Mutex orders as a race. MoneyKit's lock
// wrapper calls these two functions while it holds the lock; they forward to the sanitizer's
// public annotation interface when the process runs under ThreadSanitizer and do nothing
// otherwise.
#ifndef THREAD_SANITIZER_HOOKS_H
#define THREAD_SANITIZER_HOOKS_H

/// The lock at `address` was just acquired: what its last holder did happened before.
void mk_tsan_acquired(const void *address);

/// The lock at `address` is about to be released: what this holder did happens before
/// the next acquisition.
void mk_tsan_releasing(const void *address);

#endif
