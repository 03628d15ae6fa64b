import Synchronization

/// An object built on first use, once, then read with one atomic load: what a locale
/// profile holds for the parts it may never need (a locale whose amounts the common shape
/// reads never builds its marker tables and compact affixes; see `CommonShape.swift`).
///
/// The first reader builds under a lock, so that threads asking at the same time wait for
/// one build; later reads take no lock (an acquiring load pairs with the releasing store
/// that published the object).
final class LazyReference<Value: AnyObject & Sendable>: Sendable {
    /// The built object, retained, or nil before the first read.
    private let slot = Atomic<Unmanaged<Value>?>(nil)
    /// Held while building.
    private let building = Locked(())
    private let build: @Sendable () -> Value

    /// A reference that `build` fills on first read.
    init(_ build: @escaping @Sendable () -> Value) {
        self.build = build
    }

    /// The object, built now if no read has built it yet.
    var value: Value {
        if let built = slot.load(ordering: .acquiring) { return built.takeUnretainedValue() }
        return building.withLock { _ in
            if let built = slot.load(ordering: .acquiring) { return built.takeUnretainedValue() }
            let value = build()
            slot.store(Unmanaged.passRetained(value), ordering: .releasing)
            return value
        }
    }

    /// The object, built now if no read has built it yet, unretained: for a hot path that
    /// keeps this reference's owner alive and reads the object through
    /// `_withUnsafeGuaranteedRef`, with no reference counting (``value`` returns the object
    /// retained, and its caller releases it).
    /// (Inlined, with the build out of line: called through a profile on every general parse,
    /// the call kept its owner retained across it.)
    @inline(__always)
    var unmanagedValue: Unmanaged<Value> {
        if let built = slot.load(ordering: .acquiring) { return built }
        return buildUnmanaged()
    }

    @inline(never)
    private func buildUnmanaged() -> Unmanaged<Value> { Unmanaged.passUnretained(value) }

    /// Whether the object was built (for tests and memory reports).
    var isBuilt: Bool { slot.load(ordering: .acquiring) != nil }

    deinit {
        slot.load(ordering: .acquiring)?.release()
    }
}
