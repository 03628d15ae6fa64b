/// A short byte string held inline (a separator, a currency symbol, an ISO code): the
/// common-shape reader compares input against these on the hot path, where an array would
/// be a heap reference to retain and an indirection per byte.
struct InlineBytes: Sendable {
    /// The most bytes one holds (longer texts are not made into one: see ``init(_:)``).
    static let capacity = 16

    /// The bytes, first byte lowest, in two words (no array: nothing to retain or bounds-check).
    private let low: UInt64
    private let high: UInt64
    /// How many bytes are used.
    let count: Int

    /// No bytes (an unused slot of ``ByteAlternatives``).
    static let none = InlineBytes(low: 0, high: 0, count: 0)

    private init(low: UInt64, high: UInt64, count: Int) {
        (self.low, self.high, self.count) = (low, high, count)
    }

    /// The UTF-8 of a text, or nil when it is empty or longer than ``capacity``.
    init?(_ text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count <= InlineBytes.capacity else { return nil }
        var words: (low: UInt64, high: UInt64) = (0, 0)
        for (offset, byte) in utf8.enumerated() {
            if offset < 8 {
                words.low |= UInt64(byte) << (8 * offset)
            } else {
                words.high |= UInt64(byte) << (8 * (offset - 8))
            }
        }
        (low, high, count) = (words.low, words.high, utf8.count)
    }

    /// The first byte.
    @inline(__always)
    var first: UInt8 { UInt8(truncatingIfNeeded: low) }

    /// The byte at `offset` (below ``count``).
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < 8 ? UInt8(truncatingIfNeeded: low >> (8 * offset)) : UInt8(truncatingIfNeeded: high >> (8 * (offset - 8)))
    }

    /// Whether the bytes occur in `text` at `index`.
    @inline(__always)
    func occurs(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard text.count - index >= count, text[index] == first else { return false }
        var offset = 1
        while offset < count {
            guard text[index &+ offset] == byte(at: offset) else { return false }
            offset &+= 1
        }
        return true
    }

    /// The bytes, for building tables and for tests.
    var bytes: [UInt8] { (0..<count).map(byte(at:)) }
}

/// A few byte strings any of which may stand at a place (the spaces, the apostrophes, a
/// currency's symbols and code), held inline like ``InlineBytes``, with the set of their
/// first bytes so that a byte that begins none of them is turned away in one test.
///
/// A class: as a value (184 bytes) it was copied whole into every call that matches
/// against it (one `memcpy` per call, measured with callgrind); a class is reached through
/// one pointer.
final class ByteAlternatives: Sendable {
    /// The most alternatives one holds.
    static let capacity = 6

    private let storage: InlineArray<6, InlineBytes>
    /// How many alternatives are held.
    let count: Int
    /// Bit b of word b / 64: some alternative begins with byte b.
    private let firstBytes: (UInt64, UInt64, UInt64, UInt64)

    /// The alternatives, duplicates and those that do not fit dropped (in order).
    init(_ texts: [String]) {
        var storage = InlineArray<6, InlineBytes>(repeating: .none)
        var count = 0
        var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var seen: Set<String> = []
        for text in texts where count < ByteAlternatives.capacity && seen.insert(text).inserted {
            guard let bytes = InlineBytes(text) else { continue }
            storage[count] = bytes
            count += 1
            let bit = UInt64(1) << (bytes.first & 63)
            switch bytes.first >> 6 {
            case 0: firstBytes.0 |= bit
            case 1: firstBytes.1 |= bit
            case 2: firstBytes.2 |= bit
            default: firstBytes.3 |= bit
            }
        }
        (self.storage, self.count, self.firstBytes) = (storage, count, firstBytes)
    }

    /// Whether some alternative begins with the byte.
    @inline(__always)
    func mayBegin(with byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = firstBytes.0
        case 1: word = firstBytes.1
        case 2: word = firstBytes.2
        default: word = firstBytes.3
        }
        return word >> (byte & 63) & 1 != 0
    }

    /// The length of the longest alternative that occurs in `text` at `index`; 0 when none does.
    @inline(__always)
    func longestMatch(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index < text.count, mayBegin(with: text[index]) else { return 0 }
        var longest = 0
        for slot in 0..<count {
            let alternative = storage[slot]
            if alternative.count > longest, alternative.occurs(in: text, at: index) { longest = alternative.count }
        }
        return longest
    }

    /// Whether one alternative is exactly the text from `index` to its end.
    @inline(__always)
    func isRest(of text: UnsafeBufferPointer<UInt8>, from index: Int) -> Bool {
        guard index < text.count, mayBegin(with: text[index]) else { return false }
        for slot in 0..<count {
            let alternative = storage[slot]
            if alternative.count == text.count - index, alternative.occurs(in: text, at: index) { return true }
        }
        return false
    }

    /// The alternatives' bytes, for tests.
    var all: [[UInt8]] { (0..<count).map { storage[$0].bytes } }
}
