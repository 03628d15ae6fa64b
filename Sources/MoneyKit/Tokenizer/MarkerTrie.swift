/// A compact, immutable byte trie for matching currency markers (and, later, other words)
/// longest-first at a position of the input, with no allocation.
///
/// Keys are UTF-8 after ``MarkerKey`` normalization. Nodes keep their outgoing edges
/// contiguous and sorted by byte, so a step is a short search in two flat arrays. A class:
/// walks only borrow one reference instead of copying (and retaining) five arrays.
final class MarkerTrie: @unchecked Sendable {
    // Immutable after init and freed in deinit; raw buffers so that a walk costs no
    // reference counting (reading an array held by a class retains its buffer).
    private let edgeStart: UnsafeMutableBufferPointer<Int32>
    private let edgeCount: UnsafeMutableBufferPointer<UInt16>
    private let values: UnsafeMutableBufferPointer<Int32>
    private let edgeBytes: UnsafeMutableBufferPointer<UInt8>
    private let edgeTargets: UnsafeMutableBufferPointer<Int32>
    /// Direct lookup of the root's children by first byte (-1 = none).
    private let rootChildren: UnsafeMutableBufferPointer<Int32>

    /// The root node.
    static let root: Int32 = 0

    /// Builds a trie from keys and values; when a key repeats, the last value wins.
    init(_ entries: [(key: [UInt8], value: Int32)]) {
        var unique: [[UInt8]: Int32] = [:]
        for entry in entries where !entry.key.isEmpty {
            unique[entry.key] = entry.value
        }
        let sorted = unique.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var builder = Builder()
        builder.build(keys: sorted.map(\.key), values: sorted.map(\.value), range: 0..<sorted.count, depth: 0)
        var rootChildren = [Int32](repeating: -1, count: 256)
        for edge in 0..<Int(builder.edgeCount[0]) {
            let index = Int(builder.edgeStart[0]) + edge
            rootChildren[Int(builder.edgeBytes[index])] = builder.edgeTargets[index]
        }
        func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
            let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
            _ = buffer.initialize(from: array)
            return buffer
        }
        edgeStart = copy(builder.edgeStart)
        edgeCount = copy(builder.edgeCount)
        values = copy(builder.values)
        edgeBytes = copy(builder.edgeBytes)
        edgeTargets = copy(builder.edgeTargets)
        self.rootChildren = copy(rootChildren)
        nodeCount = builder.values.count
        byteSize = builder.edgeStart.count * 4 + builder.edgeCount.count * 2 + builder.values.count * 4
            + builder.edgeBytes.count + builder.edgeTargets.count * 4 + 256 * 4
    }

    deinit {
        edgeStart.deallocate()
        edgeCount.deallocate()
        values.deallocate()
        edgeBytes.deallocate()
        edgeTargets.deallocate()
        rootChildren.deallocate()
    }

    /// Flattens sorted keys into node and edge arrays.
    private struct Builder {
        var edgeStart: [Int32] = []
        var edgeCount: [UInt16] = []
        var values: [Int32] = []
        var edgeBytes: [UInt8] = []
        var edgeTargets: [Int32] = []

        /// Builds the node for keys[range], which all share their first `depth` bytes;
        /// returns the node's index.
        @discardableResult
        mutating func build(keys: [[UInt8]], values keyValues: [Int32], range: Range<Int>, depth: Int) -> Int32 {
            let node = Int32(values.count)
            var lower = range.lowerBound
            var value: Int32 = -1
            if lower < range.upperBound, keys[lower].count == depth {
                value = keyValues[lower]
                lower += 1
            }
            values.append(value)
            edgeStart.append(Int32(edgeBytes.count))
            edgeCount.append(0)
            // Group the remaining keys by their byte at `depth`.
            var groups: [(byte: UInt8, range: Range<Int>)] = []
            var start = lower
            while start < range.upperBound {
                let byte = keys[start][depth]
                var end = start + 1
                while end < range.upperBound, keys[end][depth] == byte { end += 1 }
                groups.append((byte, start..<end))
                start = end
            }
            let firstEdge = edgeBytes.count
            edgeStart[Int(node)] = Int32(firstEdge)
            edgeCount[Int(node)] = UInt16(groups.count)
            for group in groups {
                edgeBytes.append(group.byte)
                edgeTargets.append(-1)
            }
            for (offset, group) in groups.enumerated() {
                let child = build(keys: keys, values: keyValues, range: group.range, depth: depth + 1)
                edgeTargets[firstEdge + offset] = child
            }
            return node
        }
    }

    /// The child of `node` along `byte`, or -1.
    @inline(__always)
    func child(of node: Int32, byte: UInt8) -> Int32 {
        if node == 0 { return rootChildren[Int(byte)] }
        var low = Int(edgeStart[Int(node)])
        var high = low + Int(edgeCount[Int(node)])
        while low < high {
            let middle = (low + high) >> 1
            let candidate = edgeBytes[middle]
            if candidate == byte { return edgeTargets[middle] }
            if candidate < byte { low = middle + 1 } else { high = middle }
        }
        return -1
    }

    /// The value stored at `node`, or -1 when no key ends there.
    @inline(__always)
    func value(at node: Int32) -> Int32 { values[Int(node)] }

    /// The value stored for exactly `key`, or -1.
    func value(forKey key: [UInt8]) -> Int32 {
        var node = MarkerTrie.root
        for byte in key {
            node = child(of: node, byte: byte)
            if node < 0 { return -1 }
        }
        return value(at: node)
    }

    /// Number of nodes (for memory reports).
    let nodeCount: Int

    /// Heap bytes held.
    let byteSize: Int
}

/// Collects marker keys, each with an info value (which currencies it denotes, and how),
/// then builds the trie whose values index those infos.
struct MarkerTableBuilder<Info> {
    private var ids: [[UInt8]: Int32] = [:]
    private(set) var infos: [Info] = []
    private let empty: Info

    /// Starts an empty table; `empty` is the info of a key seen for the first time.
    init(empty: Info) {
        self.empty = empty
    }

    /// Changes the info of `key`, created empty on first use.
    mutating func update(_ key: [UInt8], _ change: (inout Info) -> Void) {
        let id: Int
        if let known = ids[key] {
            id = Int(known)
        } else {
            id = infos.count
            ids[key] = Int32(id)
            infos.append(empty)
        }
        change(&infos[id])
    }

    /// Every key collected.
    var keys: Dictionary<[UInt8], Int32>.Keys { ids.keys }

    /// The trie over every key, and the infos it indexes.
    func build() -> (trie: MarkerTrie, infos: [Info]) {
        (MarkerTrie(ids.map { ($0.key, $0.value) }), infos)
    }
}

/// How marker text is normalized, identically for the keys in a ``MarkerTrie`` and for the
/// input walked against it (SPEC section 3): ignorable marks are dropped, fullwidth forms,
/// spaces and apostrophes take their ordinary form, runs of spaces count as one, and in
/// folded keys letters are lower-cased.
enum MarkerKey {
    /// The normalized key bytes of a string, or an empty array when nothing is left.
    static func bytes(of text: String, folded: Bool) -> [UInt8] {
        var key: [UInt8] = []
        var previousWasSpace = true  // drops leading spaces
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if Characters.isIgnorable(value) { continue }
            let canonical = Characters.canonical(value)
            if canonical == 0x20 {
                if previousWasSpace { continue }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
            appendKeyBytes(of: canonical, folded: folded) { key.append($0) }
        }
        while key.last == 0x20 { key.removeLast() }
        return key
    }

    /// Feeds the key bytes of one canonical scalar to `body`.
    @inline(__always)
    static func appendKeyBytes(of canonical: UInt32, folded: Bool, _ body: (UInt8) -> Void) {
        if folded {
            if canonical < 0x80 {
                let byte = UInt8(canonical)
                body(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                return
            }
            if MarkerKey.mayHaveCase(canonical), let scalar = Unicode.Scalar(canonical),
               scalar.properties.changesWhenLowercased {
                for byte in scalar.properties.lowercaseMapping.utf8 { body(byte) }
                return
            }
        }
        Characters.forEachUTF8Byte(of: canonical, body)
    }

    /// Whether a non-ASCII scalar lies in a Unicode block that has cased letters (Latin,
    /// Greek, Cyrillic, Armenian, Georgian, Cherokee, Glagolitic, Coptic, Deseret, Adlam...).
    /// Outside them nothing changes when lower-cased, so the costly property lookup is
    /// skipped for symbols, CJK, Arabic, Indic scripts.
    @inline(__always)
    static func mayHaveCase(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0x58F, 0x10A0...0x10FF, 0x13A0...0x13FF, 0x1C80...0x1CBF, 0x1E00...0x1FFF, 0x2100...0x218F,
             0x24B6...0x24E9, 0x2C00...0x2D2F, 0xA640...0xA69F, 0xA720...0xA7FF, 0xAB70...0xABBF, 0xFF21...0xFF3A,
             0x10400...0x104FF, 0x10570...0x105BF, 0x10C80...0x10CFF, 0x118A0...0x118FF, 0x16E40...0x16E9F,
             0x1E900...0x1E95F:
            return true
        default:
            return false
        }
    }

    /// The longest key of `trie` that the input spells from `start` and whose value `accept`
    /// takes: the UTF-8 offset just past its last scalar, and its value; nil when none does.
    static func longestMatch(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, trie: MarkerTrie, folded: Bool,
        accepting accept: (Int32) -> Bool = { _ in true }
    ) -> (end: Int, value: Int32)? {
        var node = MarkerTrie.root
        var index = start
        var best: (end: Int, value: Int32)?
        var previousWasSpace = false
        while index < bytes.count {
            let (scalar, length) = Characters.decode(bytes, at: index)
            index += length
            if Characters.isIgnorable(scalar) { continue }
            let canonical = Characters.canonical(scalar)
            if canonical == 0x20 {
                if previousWasSpace { continue }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
            var alive = true
            appendKeyBytes(of: canonical, folded: folded) { byte in
                guard alive else { return }
                let next = trie.child(of: node, byte: byte)
                if next < 0 { alive = false } else { node = next }
            }
            if !alive { break }
            let value = trie.value(at: node)
            if value >= 0, accept(value) { best = (index, value) }
        }
        return best
    }
}
