import CThreadSanitizerHooks
import Foundation
import Synchronization

/// A value behind a lock: the standard library's `Mutex`, announced to ThreadSanitizer.
///
/// On Linux `Mutex` waits with futex system calls, which ThreadSanitizer does not see: it
/// reports every access a `Mutex` orders as a data race (a four-thread program that only
/// touches a dictionary inside `withLock` gets four reports). `Locked` tells the sanitizer
/// about the lock's acquire and release through its annotation interface, so that a report
/// under `--sanitize=thread` means a real race. In ordinary builds the hooks are a call and
/// a branch on a null symbol.
final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    init(_ initialValue: sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
            let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            mk_tsan_acquired(address)
            defer { mk_tsan_releasing(address) }
            return try body(&value)
        }
    }
}

extension Locked {
    /// The value of a slot filled on first use: built by the first caller, under the lock
    /// (callers asking at once wait for that one build), then returned to every caller.
    func value<Built>(orBuild build: () -> Built) -> Built where Value == Built? {
        withLock { slot in
            if let built = slot { return built }
            let built = build()
            slot = built
            return built
        }
    }
}

/// A value one thread is building and others wait for, so that threads asking for the same
/// cold entry at once (parallel workers meeting a new locale) build it once, not once each,
/// while readers of other entries go on. A pthread condition, which ThreadSanitizer sees.
final class PendingBuild<Built: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var built: Built?

    init() {}

    /// Waits until the building thread has finished, and returns what it built.
    func wait() -> Built {
        condition.lock()
        defer { condition.unlock() }
        while built == nil { condition.wait() }
        return built!
    }

    /// Hands the value to every waiting thread.
    func finish(_ value: Built) {
        condition.lock()
        built = value
        condition.broadcast()
        condition.unlock()
    }
}
