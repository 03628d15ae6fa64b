import Foundation

/// Which locales' first parse a worker of ``RowParser`` has under way, shared by the
/// workers of one run, so that a worker meeting a locale another is preparing sets the row
/// aside and goes on with its batch instead of waiting.
///
/// A locale's first parse builds its tables (its profile, and the marker tables a general
/// parse needs: a fraction of a millisecond read back from the table cache, tens of
/// milliseconds derived), and MoneyKit builds each once, making a second thread that asks
/// wait for the first. A file whose rows mix many locales meets most of them in every batch
/// at its start, so without claims the second worker waited on the first through the whole
/// start (the first 10,000 rows of the file in every ICU locale took 0.32-0.38 s at two
/// jobs, 0.38 s at one). With them each worker builds the locales the other has not
/// claimed (0.25-0.32 s).
///
/// An `NSLock` rather than the standard library's `Mutex`, as in this module's other shared
/// state: ThreadSanitizer sees pthread locks, not the futex calls `Mutex` waits with on Linux
/// (it reported the claims guarded by a `Mutex` as races).
final class FirstParseClaims: @unchecked Sendable {
    /// What a worker may do with a locale it has no parser for yet.
    enum Claim {
        /// Its first parse is done: parse.
        case done
        /// Nobody has begun it: this worker does (and calls ``finish(_:)`` after its parse).
        case claimed
        /// Another worker's first parse of it is under way.
        case busy
    }

    private let lock = NSLock()
    /// The locales met, by their bytes: true once their first parse is done. Guarded by `lock`.
    private var locales: [[UInt8]: Bool] = [:]

    /// Locales remembered at most; past it the finished ones are forgotten (a file of endless
    /// distinct junk locale values must not grow this), which only costs a claim again.
    static let limit = 4096

    /// Claims the first parse of a locale, or says who has it.
    func claim(_ locale: UnsafeBufferPointer<UInt8>) -> Claim {
        let key = Array(locale)
        lock.lock()
        defer { lock.unlock() }
        switch locales[key] {
        case true?: return .done
        case false?: return .busy
        case nil:
            if locales.count >= Self.limit { locales = locales.filter { !$0.value } }
            locales[key] = false
            return .claimed
        }
    }

    /// Marks a claimed locale's first parse done.
    func finish(_ locale: UnsafeBufferPointer<UInt8>) {
        let key = Array(locale)
        lock.lock()
        locales[key] = true
        lock.unlock()
    }
}
