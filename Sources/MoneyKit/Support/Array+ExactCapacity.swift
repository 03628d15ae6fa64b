extension Array {
    /// The elements in storage of exactly their count: for tables built by appending that then
    /// live as long as the process (an appended array keeps up to twice the room it needs:
    /// 1.5 MB over every locale's name and qualifier tables, measured with heaptrack).
    var exactlySized: [Element] {
        guard capacity > count else { return self }
        return [Element](capacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }

    /// `Array(unsafeUninitializedCapacity:initializingWith:)` that stays correct for a
    /// capacity of zero. With zero, the optimized standard-library initializer stores the count
    /// into the one empty-array storage the whole process shares, and ThreadSanitizer reports
    /// that store as a data race with every thread reading any empty array (seen in
    /// `make sanitize` on the release build); zero returns the empty literal, which stores nothing.
    init(capacity: Int, initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) -> Void) {
        guard capacity > 0 else {
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
    }
}
