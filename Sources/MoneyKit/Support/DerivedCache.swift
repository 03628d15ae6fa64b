/// Values derived from ICU's data, cached by key for the life of the process: the one cache
/// type behind every table MoneyKit builds (locale profiles, currency names, name tables,
/// compact patterns and affixes, scale words, name sides, compiled ICU sets), with one reset
/// (``DerivedCaches/resetAll()``).
///
/// Modeled on swift-foundation's `FormatterCache`: a value is built outside the lock, so that
/// a slow build (a cold locale: milliseconds of ICU calls) never blocks readers of other
/// keys. Unlike it, a thread that asks for a key another thread is building waits for that
/// build instead of repeating it (`fxparse parse --jobs 2` built every locale twice), and a
/// full cache forgets its oldest entry rather than all of them.
final class DerivedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var values: [Key: Value] = [:]
        /// Keys oldest first, for eviction.
        var order: [Key] = []
        var building: [Key: PendingBuild<Value>] = [:]
    }

    /// What a lookup does once it leaves the lock.
    private enum Step {
        case cached(Value)
        case waitFor(PendingBuild<Value>)
        case build(PendingBuild<Value>)
    }

    private let state = Locked(State())
    /// Most entries kept; beyond it the oldest is forgotten (and rebuilt if asked for again).
    let limit: Int

    /// A cache of at most `limit` entries, forgotten with the others by ``DerivedCaches/resetAll()``.
    init(limit: Int = 4096) {
        self.limit = limit
        DerivedCaches.register(self)
    }

    /// The value for `key`, built by `build` on a miss (outside the lock; once, however many
    /// threads ask at the same time).
    func value(for key: Key, orBuild build: () -> Value) -> Value {
        let step = state.withLock { state -> Step in
            if let cached = state.values[key] { return .cached(cached) }
            if let pending = state.building[key] { return .waitFor(pending) }
            let pending = PendingBuild<Value>()
            state.building[key] = pending
            return .build(pending)
        }
        switch step {
        case .cached(let value):
            return value
        case .waitFor(let pending):
            return pending.wait()
        case .build(let pending):
            let built = build()
            state.withLock { state in
                state.building[key] = nil
                if state.order.count >= limit {
                    state.values[state.order.removeFirst()] = nil
                }
                state.values[key] = built
                state.order.append(key)
            }
            pending.finish(built)
            return built
        }
    }

    /// How many values are cached.
    var count: Int { state.withLock { $0.values.count } }

    /// Whether the value for `key` is cached or being built.
    func holdsValue(for key: Key) -> Bool {
        state.withLock { $0.values[key] != nil || $0.building[key] != nil }
    }

    /// Forgets every value (builds under way finish and are kept).
    func removeAll() {
        state.withLock { state in
            state.values = [:]
            state.order = []
        }
    }
}

/// Every ``DerivedCache`` made so far (they are static properties: made once, never freed),
/// for the one reset.
enum DerivedCaches {
    private static let caches = Locked<[@Sendable () -> Void]>([])

    fileprivate static func register<Key, Value>(_ cache: DerivedCache<Key, Value>) {
        caches.withLock { $0.append { cache.removeAll() } }
    }

    /// Forgets the values of every derived cache: tests and benchmarks start from cold
    /// caches with it (objects already handed out, such as profiles in parsers, stay valid).
    static func resetAll() {
        for removeAll in caches.withLock({ $0 }) { removeAll() }
    }
}
