/// A compact, immutable byte trie for matching currency markers (and the other words of
/// the vocabulary) longest-first at a position of the input, with no allocation.
///
/// Keys are UTF-8 after ``MarkerKey`` normalization. The trie is laid out as a double array
/// (Aoe's layout, as in Darts and daachorse): node `n`'s child along byte `b` is slot
/// `base[n] + b` when that slot's `check` names `n`, so a step is one addition and two
/// loads, whatever the node's fan-out. (It replaced sorted edge lists searched by bisection:
/// the lexer's marker walk steps up to three tries per character, and the bisection with
/// its bookkeeping was 34 instructions a step.) A slot's base, check and value lie side by
/// side, so a step reads one cache line, not one per array (with three arrays, a parse in
/// words, which walks large tables, missed the L1 cache half again as often: BENCHMARKS.md). The class owns the memory; walks go through
/// a ``View``, a plain pointer that costs no reference counting to copy or read.
///
/// A missing node or value is -1, not nil: the arrays hold one Int32 per slot (an
/// Optional<Int32> would take twice the memory), and the lexer's marker walk, a quarter of a
/// parse's instructions, steps three tries per character on these values.
///
/// A subtree that is a single path (the rest of `united states dollar`, `dollars` once
/// `unit` has told it apart) is not laid out in the double array: its bytes are stored one
/// after the other in a tail (after Aoe's TAIL, here with the values of the keys that end
/// along it), one 2-byte cell a byte instead of a 12-byte slot, and the subtree's first
/// node marks where its tail begins. Most nodes of a name table are in such paths (88% of
/// every locale's name tables' nodes have one child and no value); see BENCHMARKS.md,
/// "Names in tails".
/// A node is a slot of the double array (below ``Storage/slotCount``) or a tail cell
/// (`slotCount` + the cell's index).
final class MarkerTrie: @unchecked Sendable {
    /// One slot of the double array.
    struct Slot {
        /// The offset its children's slots are found at (child along `b` in `base + b`),
        /// negative down to -255.
        var base: Int32
        /// The slot of its parent; -1 for a free slot, -2 for the root (no child).
        var check: Int32
        /// The value of the key that ends there, or -1.
        var value: Int32
    }

    /// A slot's base when its node begins a tail: `tailBase - cell` for the tail at `cell`.
    /// (A laid-out node's base is -255 or more, and a step from a tail's first node finds
    /// no child in the double array, so only a failed step tests for a tail.)
    static let tailBase: Int32 = -256

    /// A tail cell where a key ends and the tail goes on: the next two cells hold the key's
    /// value (low and high 16 bits), the cell after them the tail's next byte. Every cell
    /// that is not a value's holds a byte (0-255) or one of these two marks, so a step
    /// compares a cell with a byte.
    static let tailValue: UInt16 = 0x100

    /// A tail cell where a key ends with the tail: the next two cells hold its value.
    static let tailEnd: UInt16 = 0x101

    /// The trie's slots and tail cells, immutable after init and freed in deinit.
    struct Storage {
        let slots: UnsafeMutablePointer<Slot>
        /// The number of slots.
        let slotCount: Int
        /// The tails, one after the other: bytes and values (``tailValue``), ending with
        /// ``tailEnd`` and the last value.
        let cells: UnsafeMutablePointer<UInt16>
    }

    /// A borrowed view for walking the trie: valid while the trie lives. It steps into the
    /// tails of a trie that has them; ``DoubleArrayView`` walks a trie that has none.
    struct View: TrieWalk {
        let storage: UnsafePointer<Storage>

        /// The child of `node` along `byte`, or -1.
        @inline(__always)
        func child(of node: Int32, byte: UInt8) -> Int32 {
            let storage = storage.pointee
            let slotCount = storage.slotCount
            guard Int(node) < slotCount else {
                // In a tail: the next cell, if it holds this byte, or the one after a value.
                let cell = Int(node) &- slotCount
                let next = storage.cells[cell]
                if next == UInt16(byte) { return node &+ 1 }
                return next == MarkerTrie.tailValue && storage.cells[cell &+ 3] == UInt16(byte) ? node &+ 4 : -1
            }
            let base = storage.slots[Int(node)].base
            let slot = Int(base) &+ Int(byte)
            if UInt(bitPattern: slot) < UInt(bitPattern: slotCount) && storage.slots[slot].check == node {
                return Int32(truncatingIfNeeded: slot)
            }
            // A node that begins a tail has no child in the double array (and its own value,
            // if any, in its slot: its tail begins with a byte).
            guard base <= MarkerTrie.tailBase else { return -1 }
            let cell = Int(MarkerTrie.tailBase &- base)
            return storage.cells[cell] == UInt16(byte) ? Int32(truncatingIfNeeded: slotCount &+ cell &+ 1) : -1
        }

        /// The value stored at `node`, or -1 when no key ends there.
        @inline(__always)
        func value(at node: Int32) -> Int32 {
            let storage = storage.pointee
            guard Int(node) < storage.slotCount else {
                let cell = Int(node) &- storage.slotCount
                guard storage.cells[cell] >= MarkerTrie.tailValue else { return -1 }
                return Int32(storage.cells[cell + 1]) | Int32(storage.cells[cell + 2]) << 16
            }
            return storage.slots[Int(node)].value
        }
    }

    /// A borrowed view of a trie without tails (built with `tails: false`): a step is the
    /// double array's alone, without ``View``'s test for a tail. The lexer walks the global
    /// symbol and word tables with it, two of the three tables it steps on every character
    /// of a marker (tails in every trie, walked with ``View``, cost 233 instructions a
    /// parse: BENCHMARKS.md, "Names in tails"). On a trie with tails it would miss the keys
    /// there.
    struct DoubleArrayView: TrieWalk {
        let storage: UnsafePointer<Storage>

        /// The child of `node` along `byte`, or -1.
        @inline(__always)
        func child(of node: Int32, byte: UInt8) -> Int32 {
            let storage = storage.pointee
            // A base may be negative (down to -255), so the slot may be too: one unsigned
            // comparison bounds it on both sides. (Padding the arrays with 256 free slots
            // instead cost 26 MiB over every locale's tables.)
            let slot = Int(storage.slots[Int(node)].base) &+ Int(byte)
            return UInt(bitPattern: slot) < UInt(bitPattern: storage.slotCount) && storage.slots[slot].check == node
                ? Int32(truncatingIfNeeded: slot) : -1
        }

        /// The value stored at `node`, or -1 when no key ends there.
        @inline(__always)
        func value(at node: Int32) -> Int32 { storage.pointee.slots[Int(node)].value }
    }

    private let storage: UnsafeMutablePointer<Storage>

    /// A view for walking; the caller keeps the trie alive while using it.
    var view: View { View(storage: UnsafePointer(storage)) }

    /// A view for walking a trie built without tails (``DoubleArrayView``).
    var doubleArrayView: DoubleArrayView {
        assert(cellCount == 0, "a trie with tails walked by its double array alone")
        return DoubleArrayView(storage: UnsafePointer(storage))
    }

    /// The root node.
    static let root: Int32 = 0

    /// Builds a trie from keys and values; when a key repeats, the last value wins.
    ///
    /// The keys are sorted, then nodes are created walking them in order, sharing each
    /// key's common prefix with the previous one: a node's children are therefore created
    /// in ascending byte order, and laying edges out by parent in creation order keeps each
    /// node's edges contiguous and sorted. Linear after the sort, no per-node allocation.
    /// The nodes are then placed in the double array (``placeInDoubleArray``), the chains of
    /// one key in tails when `tails` is true (a trie to walk with ``view``, not
    /// ``doubleArrayView``).
    init(_ entries: [(key: [UInt8], value: Int32)], tails: Bool = false) {
        var order = entries.indices.filter { !entries[$0].key.isEmpty }
        order.sort { a, b in
            let left = entries[a].key, right = entries[b].key
            if left == right { return a < b }
            return left.lexicographicallyPrecedes(right)
        }
        var nodeValues: [Int32] = [-1]
        var nodeParents: [Int32] = [-1]
        var nodeBytes: [UInt8] = [0]
        var path: [Int32] = [0]  // path[d]: the node spelling the previous key's first d bytes
        var previous: [UInt8] = []
        for entry in order {
            let key = entries[entry].key
            var common = 0
            let limit = min(key.count, previous.count)
            while common < limit, key[common] == previous[common] { common += 1 }
            path.removeSubrange((common + 1)...)
            for depth in common..<key.count {
                nodeParents.append(path[path.count - 1])
                nodeBytes.append(key[depth])
                nodeValues.append(-1)
                path.append(Int32(nodeValues.count - 1))
            }
            nodeValues[Int(path[path.count - 1])] = entries[entry].value
            previous = key
        }
        let count = nodeValues.count
        let tails = tails ? MarkerTrie.tails(values: nodeValues, parents: nodeParents, bytes: nodeBytes)
            : (starts: [], cells: [], isInside: [Bool](repeating: false, count: count))
        // The edges of the double array: every child of a laid-out node (a tail's first node
        // is laid out, the rest of the tail is not).
        var edgeCount = [Int32](repeating: 0, count: count)
        for node in 1..<max(count, 1) where !tails.isInside[node] { edgeCount[Int(nodeParents[node])] += 1 }
        var edgeStart = [Int32](repeating: 0, count: count + 1)
        for node in 0..<count { edgeStart[node + 1] = edgeStart[node] + edgeCount[node] }
        // Children by parent, in creation order: ascending bytes within each parent.
        var children = [Int32](repeating: 0, count: Int(edgeStart[count]))
        var fill = edgeStart
        for node in 1..<max(count, 1) where !tails.isInside[node] {
            let parent = Int(nodeParents[node])
            children[Int(fill[parent])] = Int32(node)
            fill[parent] += 1
        }
        let layout = MarkerTrie.placeInDoubleArray(nodeCount: count, bytes: nodeBytes, edgeStart: edgeStart, children: children)
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: max(layout.slotCount, 1))
        for slot in 0..<layout.slotCount {
            (slots + slot).initialize(to: Slot(base: layout.base[slot], check: layout.check[slot], value: -1))
        }
        layout.base.deallocate()
        layout.check.deallocate()
        for node in 0..<count where layout.slotOfNode[node] >= 0 {
            slots[Int(layout.slotOfNode[node])].value = nodeValues[node]
        }
        for (node, cell) in tails.starts {
            slots[Int(layout.slotOfNode[Int(node)])].base = MarkerTrie.tailBase - cell
        }
        let cells = UnsafeMutablePointer<UInt16>.allocate(capacity: max(tails.cells.count, 1))
        cells.initialize(from: tails.cells, count: tails.cells.count)
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(slots: slots, slotCount: layout.slotCount, cells: cells))
        nodeCount = count
        slotCount = layout.slotCount
        cellCount = tails.cells.count
        byteSize = slotCount * (4 + 4 + 4) + cellCount * 2
    }

    /// Which nodes go to tails: a node other than the root whose subtree is a single path
    /// (each node one child at most) and which has a child begins a tail, unless its parent
    /// is in that path too. Returns, for each such node, the index of its tail's first cell;
    /// the cells (the bytes of the path's nodes below it, each key ending there followed by
    /// ``tailValue`` or, at the path's end, ``tailEnd``, and its value); and which nodes are
    /// inside a tail (below its first node, not laid out in the double array). Nodes are
    /// created in key order, so a parent comes before its children.
    private static func tails(values: [Int32], parents: [Int32], bytes: [UInt8])
        -> (starts: [(node: Int32, cell: Int32)], cells: [UInt16], isInside: [Bool]) {
        let count = values.count
        var childCount = [Int32](repeating: 0, count: count)
        var onlyChild = [Int32](repeating: -1, count: count)  // a child (the only one where childCount is 1)
        for node in 1..<max(count, 1) {
            childCount[Int(parents[node])] += 1
            onlyChild[Int(parents[node])] = Int32(node)
        }
        var isPath = [Bool](repeating: false, count: count)  // the subtree is a single path
        for node in stride(from: count - 1, through: 0, by: -1) {
            isPath[node] = childCount[node] == 0 || childCount[node] == 1 && isPath[Int(onlyChild[node])]
        }
        var starts: [(node: Int32, cell: Int32)] = []
        var cells: [UInt16] = []
        var isInside = [Bool](repeating: false, count: count)
        var isStart = [Bool](repeating: false, count: count)
        for node in 1..<max(count, 1) {
            let parent = Int(parents[node])
            if isStart[parent] || isInside[parent] {
                isInside[node] = true
            } else if isPath[node], childCount[node] > 0 {
                isStart[node] = true
                starts.append((Int32(node), Int32(cells.count)))
                var next = Int(onlyChild[node])
                while true {
                    cells.append(UInt16(bytes[next]))
                    let last = childCount[next] == 0
                    if values[next] >= 0 {
                        let value = UInt32(bitPattern: values[next])
                        cells.append(last ? tailEnd : tailValue)
                        cells.append(UInt16(truncatingIfNeeded: value))
                        cells.append(UInt16(truncatingIfNeeded: value >> 16))
                    }
                    if last { break }
                    next = Int(onlyChild[next])
                }
            }
        }
        return (starts, cells, isInside)
    }

    /// Writes the trie's arrays for the table cache on disk (``DerivedTableCache``): bases,
    /// checks and values (three arrays, as before the slots were laid side by side), then
    /// the tail cells.
    func encode(to writer: inout TableWriter) {
        let slots = UnsafeBufferPointer(start: storage.pointee.slots, count: slotCount)
        writer.write(nodeCount)
        writer.write(slots.map(\.base))
        writer.write(slots.map(\.check))
        writer.write(slots.map(\.value))
        writer.write(UnsafeBufferPointer(start: storage.pointee.cells, count: cellCount))
    }

    /// Reads a trie ``encode(to:)`` wrote, whose values index a table of `valueLimit`
    /// entries, and which may have tails only if `tails` is true. Any base and check are safe
    /// to walk (a step bounds its slot); values and tails are checked.
    init(reading reader: inout TableReader, valueLimit: Int, tails: Bool = false) throws(TableReader.Invalid) {
        let nodeCount = try reader.readCount()
        let base = try reader.readArray(of: Int32.self)
        let check = try reader.readArray(of: Int32.self)
        let values = try reader.readArray(of: Int32.self)
        let tailCells = try reader.readArray(of: UInt16.self)
        let count = base.count
        guard count >= 1, check.count == count, values.count == count, nodeCount <= count + tailCells.count,
              tails || tailCells.isEmpty, count + tailCells.count < Int(Int32.max),
              values.allSatisfy({ $0 >= -1 && Int($0) < valueLimit })
        else { throw TableReader.Invalid() }
        // The tails, read one by one: bytes, each value in range and followed by a byte,
        // the last at the end. A step from a tail's first node must land on a tail's first cell.
        var tailStarts = [Bool](repeating: false, count: tailCells.count)
        var cell = 0
        var atStart = true
        while cell < tailCells.count {
            let mark = tailCells[cell]
            if mark <= UInt8.max {
                tailStarts[cell] = atStart
                atStart = false
                cell += 1
                continue
            }
            guard !atStart, mark == MarkerTrie.tailValue || mark == MarkerTrie.tailEnd, cell + 2 < tailCells.count,
                  Int(tailCells[cell + 1]) | Int(tailCells[cell + 2]) << 16 < valueLimit
            else { throw TableReader.Invalid() }
            cell += 3
            atStart = mark == MarkerTrie.tailEnd
            if !atStart { guard cell < tailCells.count, tailCells[cell] <= UInt8.max else { throw TableReader.Invalid() } }
        }
        guard atStart else { throw TableReader.Invalid() }
        guard base.allSatisfy({ $0 > MarkerTrie.tailBase || Int(MarkerTrie.tailBase - $0) < tailCells.count
                                    && tailStarts[Int(MarkerTrie.tailBase - $0)] })
        else { throw TableReader.Invalid() }
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: count)
        for slot in 0..<count {
            (slots + slot).initialize(to: Slot(base: base[slot], check: check[slot], value: values[slot]))
        }
        let cells = UnsafeMutablePointer<UInt16>.allocate(capacity: max(tailCells.count, 1))
        cells.initialize(from: tailCells, count: tailCells.count)
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(slots: slots, slotCount: count, cells: cells))
        self.nodeCount = nodeCount
        slotCount = count
        cellCount = tailCells.count
        byteSize = slotCount * (4 + 4 + 4) + cellCount * 2
    }

    /// Places the nodes in a double array, in creation order (a parent is created before its
    /// children, and a key's nodes one after the other, so a walk along a key reads nearby
    /// slots): each node with children gets a base, negative or not, at which every child's
    /// slot (`base + byte`) is free: its first child in the first free slot when the others
    /// fit too (a node with one child, most of them, always does), else one past the last
    /// slot taken. About 1.02 slots a node over every locale's tries.
    private static func placeInDoubleArray(
        nodeCount: Int, bytes: [UInt8], edgeStart: [Int32], children: [Int32]
    ) -> (base: UnsafeMutablePointer<Int32>, check: UnsafeMutablePointer<Int32>, slotCount: Int, slotOfNode: [Int32]) {
        // Raw buffers, grown by hand: array writes in this loop cost a uniqueness check each.
        var capacity = nodeCount + nodeCount / 4 + 512
        var base = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        var check = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        base.initialize(repeating: 0, count: capacity)
        check.initialize(repeating: -1, count: capacity)
        var slotOfNode = [Int32](repeating: -1, count: nodeCount)
        var size = 0
        slotOfNode.withUnsafeMutableBufferPointer { slotOfNode in
            slotOfNode[0] = 0
            check[0] = -2  // the root's slot is taken, and matches no parent
            var used = 1  // one past the last slot taken
            var firstFree = 1
            for node in 0..<nodeCount {
                let first = Int(edgeStart[node]), end = Int(edgeStart[node + 1])
                guard first < end else { continue }
                let lowest = Int(bytes[Int(children[first])])
                // The first child in the first free slot from which every other child fits,
                // among the first few free slots, else one past the last slot taken, where every
                // slot is free. Bases may be negative, so any free slot takes any first child:
                // with bases kept at zero or more, a free slot below a child's byte value could
                // never be filled, the first free slot stuck early, every node went to the end,
                // and the gaps between a wide node's children stayed empty (4.3 slots a node in
                // the global symbol table). Trying the first free slot alone sufficed while
                // nodes of one child, which always fit there, filled the gaps; in tries with
                // tails few are left, and the name tables took 1.30 slots a laid-out node (1.06
                // trying up to 16 free slots within 256: BENCHMARKS.md, "Names in tails").
                var position = used
                var candidate = firstFree
                var tried = 0
                let window = min(used, firstFree + placementWindow)
                while candidate < window, tried < placementTries {
                    if check[candidate] == -1 {
                        if childrenFit(from: candidate - lowest, check, bytes, children[(first + 1)..<end]) {
                            position = candidate
                            break
                        }
                        tried += 1
                    }
                    candidate += 1
                }
                if position + 256 >= capacity {
                    let grown = max(capacity * 2, position + 512)
                    let newBase = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
                    let newCheck = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
                    newBase.moveInitialize(from: base, count: capacity)
                    newCheck.moveInitialize(from: check, count: capacity)
                    (newBase + capacity).initialize(repeating: 0, count: grown - capacity)
                    (newCheck + capacity).initialize(repeating: -1, count: grown - capacity)
                    base.deallocate()
                    check.deallocate()
                    base = newBase
                    check = newCheck
                    capacity = grown
                }
                let offset = position - lowest
                base[Int(slotOfNode[node])] = Int32(offset)
                for edge in first..<end {
                    let child = Int(children[edge])
                    let childSlot = offset + Int(bytes[child])
                    check[childSlot] = slotOfNode[node]
                    slotOfNode[child] = Int32(childSlot)
                    used = max(used, childSlot + 1)
                }
                while check[firstFree] != -1 { firstFree += 1 }
            }
            size = used
        }
        // The slots taken, copied out of the working buffers (whose spare capacity cost 26 MiB
        // over every locale's tables when kept).
        let trimmedBase = UnsafeMutablePointer<Int32>.allocate(capacity: max(size, 1))
        trimmedBase.initialize(from: base, count: size)
        let trimmedCheck = UnsafeMutablePointer<Int32>.allocate(capacity: max(size, 1))
        trimmedCheck.initialize(from: check, count: size)
        base.deallocate()
        check.deallocate()
        return (trimmedBase, trimmedCheck, size, slotOfNode)
    }

    /// How many free slots a node's placement tries before the end of the array, and within
    /// how many slots past the first free one: bounded, so that placing a node costs at most
    /// that many tests however full the array is.
    private static let placementTries = 16
    private static let placementWindow = 256

    /// Whether the slots of the children after the first are free at `offset`.
    @inline(__always)
    private static func childrenFit(
        from offset: Int, _ check: UnsafeMutablePointer<Int32>, _ bytes: [UInt8], _ others: ArraySlice<Int32>
    ) -> Bool {
        others.allSatisfy { check[offset + Int(bytes[Int($0)])] == -1 }
    }

    deinit {
        storage.pointee.slots.deallocate()
        storage.pointee.cells.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The child of `node` along `byte`, or -1.
    func child(of node: Int32, byte: UInt8) -> Int32 { view.child(of: node, byte: byte) }

    /// The node reached from `node` along the UTF-8 bytes of `scalar`, or -1.
    func child(of node: Int32, scalar: UInt32) -> Int32 { view.child(of: node, scalar: scalar) }

    /// The value stored at `node`, or -1 when no key ends there.
    func value(at node: Int32) -> Int32 { view.value(at: node) }

    /// The value stored for exactly `key`, or -1.
    func value(forKey key: [UInt8]) -> Int32 {
        var node = MarkerTrie.root
        for byte in key {
            node = child(of: node, byte: byte)
            if node < 0 { return -1 }
        }
        return value(at: node)
    }

    /// Number of nodes.
    let nodeCount: Int

    /// Number of slots of the double array (nodes and the free slots between them).
    let slotCount: Int

    /// Number of tail cells.
    let cellCount: Int

    /// Heap bytes held.
    let byteSize: Int
}

/// The steps of a walk over a ``MarkerTrie`` (its two views), and what they give.
protocol TrieWalk {
    /// The child of `node` along `byte`, or -1.
    func child(of node: Int32, byte: UInt8) -> Int32
    /// The value stored at `node`, or -1 when no key ends there.
    func value(at node: Int32) -> Int32
}

extension TrieWalk {
    /// The node reached from `node` along the UTF-8 bytes of `scalar`, or -1.
    @inline(__always)
    func child(of node: Int32, scalar: UInt32) -> Int32 {
        scalar < 0x80 ? child(of: node, byte: UInt8(scalar)) : child(of: node, multiByteScalar: scalar)
    }

    /// ``child(of:scalar:)`` for a scalar of two to four UTF-8 bytes. Out of line: inlined
    /// at each of the marker walk's three steps, its branches made the compiler keep a
    /// dozen copies of the walk's nodes, copied on every character.
    @inline(never)
    func child(of node: Int32, multiByteScalar scalar: UInt32) -> Int32 {
        if scalar < 0x800 {
            let next = child(of: node, byte: UInt8(0xC0 | scalar >> 6))
            return next < 0 ? -1 : child(of: next, byte: UInt8(0x80 | scalar & 0x3F))
        }
        if scalar < 0x10000 {
            var next = child(of: node, byte: UInt8(0xE0 | scalar >> 12))
            if next >= 0 { next = child(of: next, byte: UInt8(0x80 | scalar >> 6 & 0x3F)) }
            return next < 0 ? -1 : child(of: next, byte: UInt8(0x80 | scalar & 0x3F))
        }
        var next = child(of: node, byte: UInt8(0xF0 | scalar >> 18))
        if next >= 0 { next = child(of: next, byte: UInt8(0x80 | scalar >> 12 & 0x3F)) }
        if next >= 0 { next = child(of: next, byte: UInt8(0x80 | scalar >> 6 & 0x3F)) }
        return next < 0 ? -1 : child(of: next, byte: UInt8(0x80 | scalar & 0x3F))
    }

    /// Whether some key continues past `node`: a scan of the 256 bytes that could follow it.
    /// (Asked only while building a locale's tables, a few dozen times; a flag per slot cost
    /// 1.4 MiB over every locale's tries.)
    func hasChildren(_ node: Int32) -> Bool {
        (0...UInt8.max).contains { child(of: node, byte: $0) >= 0 }
    }
}

/// Collects marker keys, each with an info value (which currencies it denotes, and how),
/// then builds the trie whose values index those infos.
struct MarkerTableBuilder<Info> {
    private var ids: [ByteKey: Int32] = [:]
    private(set) var infos: [Info] = []
    private let empty: Info

    /// Starts an empty table; `empty` is the info of a key seen for the first time.
    init(empty: Info) {
        self.empty = empty
    }

    /// Changes the info of `key`, created empty on first use; returns the key's value in the
    /// trie ``build()`` makes.
    @discardableResult
    mutating func update(_ key: [UInt8], _ change: (inout Info) -> Void) -> Int32 {
        let id: Int
        if let known = ids[ByteKey(key)] {
            id = Int(known)
        } else {
            id = infos.count
            ids[ByteKey(key)] = Int32(id)
            infos.append(empty)
        }
        change(&infos[id])
        return Int32(id)
    }

    /// The info of a key collected, if any.
    func info(forKey key: [UInt8]) -> Info? {
        ids[ByteKey(key)].map { infos[Int($0)] }
    }

    /// Every key collected.
    var keys: [[UInt8]] { ids.keys.map { Array($0.bytes) } }

    /// Lets every key that ends in a period also match without it (Docs/ParsingRules.md §7),
    /// unless a key is spelled that way already: the shorter key shares the longer one's info.
    /// A one-letter abbreviation keeps its period (`r.`, Serbian for the Belarusian ruble, is
    /// a marker; `r` alone is a letter, too easily typed for anything).
    mutating func addPeriodlessVariants() {
        for (key, id) in ids where key.bytes.count > 1 && key.bytes.last == 0x2E {
            let shorter = ByteKey(key.bytes.dropLast())
            if ids[shorter] == nil, !MarkerKey.isSingleLetter(shorter.bytes) { ids[shorter] = id }
        }
    }

    /// The trie over every key, and the infos it indexes.
    func build(tails: Bool = false) -> (trie: MarkerTrie, infos: [Info]) {
        (MarkerTrie(ids.map { (Array($0.key.bytes), $0.value) }, tails: tails), infos)
    }
}

/// How marker text is normalized, identically for the keys in a ``MarkerTrie`` and for the
/// input walked against it (Docs/ParsingRules.md §2): ignorable marks are dropped, fullwidth forms,
/// spaces and apostrophes take their ordinary form, runs of spaces count as one, and in
/// folded keys letters are lower-cased.
enum MarkerKey {
    /// Whether a form also matches in any case (Docs/ParsingRules.md §7): it has three or more
    /// letters and nothing else but apostrophes and one final period (`LEI`, `Ksh.`, `so'm`);
    /// shorter forms (`kr`, `Rs`) match exactly.
    static func isCaseInsensitiveForm(_ text: String) -> Bool {
        isCaseInsensitiveASCIIForm(text) ?? isCaseInsensitiveFormByProperties(text)
    }

    /// Whether a symbol also matches in any case, as a folded key of the word table: a
    /// case-insensitive form with no mark that folding would remove (`LEI` for `lei`, but not
    /// `LEKE` for `Lekë`: symbols never lose their accents, Docs/ParsingRules.md §2).
    static func isFoldedSymbolForm(_ text: String) -> Bool {
        if let ascii = isCaseInsensitiveASCIIForm(text) { return ascii }
        return isCaseInsensitiveFormByProperties(text) && !hasFoldableMarks(text)
    }

    /// ``isCaseInsensitiveForm(_:)`` for any text, by the scalars' Unicode properties.
    static func isCaseInsensitiveFormByProperties(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars
        if scalars.last == "." { scalars.removeLast() }
        var letters = 0
        for scalar in scalars {
            if scalar.properties.isAlphabetic {
                if scalar.properties.generalCategory != .nonspacingMark { letters += 1 }
            } else if !Characters.isApostrophe(scalar.value) {
                return false
            }
        }
        return letters >= 3
    }

    /// ``isCaseInsensitiveForm(_:)`` for ASCII text, without Unicode property lookups (locale
    /// data asks it of every symbol of every bundle); nil for other text.
    static func isCaseInsensitiveASCIIForm(_ text: String) -> Bool? {
        var text = text
        // Over the contiguous UTF-8 (iterating a Substring's UTF-8 view was an eighth of the
        // global marker tables' build, which checks every symbol of every bundle).
        return text.withUTF8 { utf8 -> Bool? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            var count = utf8.count
            if count > 0, utf8[count - 1] == 0x2E { count -= 1 }  // one final period
            var letters = 0
            for byte in utf8[0..<count] {
                if Characters.isASCIILetter(byte) {
                    letters += 1
                } else if !Characters.isApostrophe(UInt32(byte)) {
                    return false
                }
            }
            return letters >= 3
        }
    }

    /// Whether key bytes spell a single letter (`r`, `р`).
    static func isSingleLetter(_ key: ArraySlice<UInt8>) -> Bool {
        guard !key.isEmpty else { return false }
        let scalars = String(decoding: key, as: UTF8.self).unicodeScalars
        return scalars.count == 1 && scalars.first!.properties.isAlphabetic
    }

    /// The normalized key bytes of a string, or an empty array when nothing is left.
    static func bytes(of text: String, folded: Bool) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes(ofUTF8: $0, folded: folded) }
    }

    /// The characters of a text's letterless pieces (between spaces, no letter, mark or
    /// numeral: ``Characters/isWordCharacter(_:)``) other than digits, as folded keys spell
    /// them: `&` of `Trinidad & Tobago dollar`, `(` `–` `)` of `(1990–2008)`, a whole name
    /// (`£` in Colognian). An input must hold one to spell a key without a letter derived
    /// from the text that does not begin with a digit (``WordCharacters``).
    /// Adds them to `found` (each once: few distinct characters, many repeats, so a list
    /// searched in order, not a hashed set).
    static func letterlessPieceCharacters(in utf8: UnsafeBufferPointer<UInt8>, into found: inout [UInt32]) {
        func add(_ scalar: UInt32) { if !found.contains(scalar) { found.append(scalar) } }
        // Pieces are found in one pass that stops classifying a piece at its first letter
        // (nearly every piece of a name has one); a letterless piece is walked again as keys
        // spell it. (Collecting every piece's characters as it went cost ga's first parse
        // 4 million instructions.)
        var pieceStart = 0
        var pieceHasLetter = false
        var index = 0
        func endPiece(at end: Int) {
            if !pieceHasLetter, end > pieceStart {
                var position = pieceStart
                var previousWasSpace = false
                while position < end {
                    guard let canonical = nextKeyScalar(utf8, at: &position, previousWasSpace: &previousWasSpace),
                          DigitSystems.digit(canonical) == nil else { continue }
                    if let folded = foldedScalar(canonical) { add(folded) } else { appendKeyScalars(of: canonical, add) }
                }
            }
            pieceHasLetter = false
        }
        while index < utf8.count {
            let (scalar, length) = utf8[index] < 0x80 ? (UInt32(utf8[index]), 1) : Characters.decode(utf8, at: index)
            if Characters.canonical(scalar) == 0x20 {
                endPiece(at: index)
                pieceStart = index + length
            } else if !pieceHasLetter, Characters.isWordCharacter(scalar) {
                pieceHasLetter = true
            }
            index += length
        }
        endPiece(at: utf8.count)
    }

    /// Feeds the scalars of the folded key of one canonical scalar to `body`.
    private static func appendKeyScalars(of canonical: UInt32, _ body: (UInt32) -> Void) {
        var bytes: [UInt8] = []
        appendKeyBytes(of: canonical, folded: true) { bytes.append($0) }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { body(scalar.value) }
    }

    /// Reads the scalar at `index` as marker keys spell it and moves `index` past it: nil for
    /// a scalar keys leave out (an ignorable mark, or a space after a space), else its
    /// canonical form (every §2 space is U+0020). Keys are built and input is matched
    /// through this one function, so the two always agree.
    @inline(__always)
    static func nextKeyScalar(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, previousWasSpace: inout Bool
    ) -> UInt32? {
        let (scalar, length) = Characters.decode(bytes, at: index)
        index += length
        if Characters.isIgnorable(scalar) { return nil }
        let canonical = Characters.canonical(scalar)
        if canonical == 0x20 {
            if previousWasSpace { return nil }
            previousWasSpace = true
        } else {
            previousWasSpace = false
        }
        return canonical
    }

    /// Whether a byte is printable ASCII other than the space: its own canonical form, never
    /// ignorable, one byte of a key (the marker walks step such bytes without decoding them).
    @inline(__always)
    static func isPlainASCIIKeyByte(_ byte: UInt8) -> Bool { byte &- 0x21 < 0x5E }

    /// The folded key byte of an ASCII byte: A-Z lower-cased, every other byte itself.
    @inline(__always)
    static func foldedASCII(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// The normalized key bytes of UTF-8 text.
    static func bytes(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, folded: Bool) -> [UInt8] {
        // Printable ASCII with no space (most codes and symbols): every byte is its own
        // canonical form, so the key is the text, with A-Z lower-cased when folded. (Building
        // the global tables normalizes about a hundred thousand keys.)
        if utf8.allSatisfy(isPlainASCIIKeyByte) {
            return folded ? utf8.map(foldedASCII) : Array(utf8)
        }
        var key: [UInt8] = []
        key.reserveCapacity(utf8.count + 4)
        var previousWasSpace = true  // drops leading spaces
        var index = 0
        while index < utf8.count {
            guard let canonical = nextKeyScalar(utf8, at: &index, previousWasSpace: &previousWasSpace) else { continue }
            appendKeyBytes(of: canonical, folded: folded) { key.append($0) }
        }
        while key.last == 0x20 { key.removeLast() }
        return key
    }

    /// Feeds the key bytes of one canonical scalar to `body` (none for a mark that folding
    /// removes).
    @inline(__always)
    static func appendKeyBytes(of canonical: UInt32, folded: Bool, _ body: (UInt8) -> Void) {
        if folded {
            if canonical < 0x80 {
                let byte = UInt8(canonical)
                body(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                return
            }
            if let entry = foldEntry(canonical) {
                switch entry {
                case removedMark: return
                case severalScalars: break
                default:
                    Characters.forEachUTF8Byte(of: letterVariant(entry) ?? entry, body)
                    return
                }
            }
            if let variant = MarkerKey.letterVariant(canonical) {
                Characters.forEachUTF8Byte(of: variant, body)
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

    /// The folded form of a canonical scalar when it is one scalar (nearly always); nil when
    /// folding gives several (`İ` lower-cased, a ligature), which ``appendKeyBytes(of:folded:_:)``
    /// handles, and for a mark that folding removes (check ``isRemovedByFolding(_:)`` first).
    @inline(__always)
    static func foldedScalar(_ canonical: UInt32) -> UInt32? {
        if canonical < 0x80 {
            return canonical &- 0x41 < 26 ? canonical | 0x20 : canonical
        }
        if let entry = foldEntry(canonical) {
            guard entry != removedMark, entry != severalScalars else { return nil }
            return letterVariant(entry) ?? entry
        }
        if let variant = letterVariant(canonical) { return variant }
        guard mayHaveCase(canonical) else { return canonical }
        guard let scalar = Unicode.Scalar(canonical), scalar.properties.changesWhenLowercased else { return canonical }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : nil
    }

    /// Whether folding removes a canonical scalar: a nonspacing mark of the Latin, Greek,
    /// Cyrillic, Hebrew or Arabic letters (an accent, a Hebrew point, an Arabic vowel sign), or
    /// an Indic nukta.
    /// Words and names skip it; symbols never fold.
    @inline(__always)
    static func isRemovedByFolding(_ canonical: UInt32) -> Bool {
        canonical >= 0x300 && foldEntry(canonical) == removedMark
    }

    /// The letter people type in place of another in names and words (Docs/ParsingRules.md §2):
    /// the Arabic alef forms `ٱ` for `ا` (the others fold to it by decomposition), Persian `ی`
    /// and Arabic `ى` for `ي`, Persian `ک` for `ك`, and the Hebrew geresh and gershayim `׳ ״`
    /// for `'` and `"`. Nil for other scalars.
    @inline(__always)
    static func letterVariant(_ canonical: UInt32) -> UInt32? {
        guard canonical >= 0x5F3, canonical <= 0x6CC else { return nil }
        switch canonical {
        case 0x622, 0x623, 0x625, 0x671: return 0x627
        case 0x6CC, 0x649: return 0x64A
        case 0x6A9: return 0x643
        case 0x5F3: return 0x27
        case 0x5F4: return 0x22
        default: return nil
        }
    }

    /// How each scalar of the fold ranges folds, read once from ICU (lower case, canonical
    /// decomposition, nonspacing marks removed, a Latin letter with a stroke made its base
    /// letter by its Unicode name: `é` is `e`, `Ё` is `е`, `ồ` is `o`, `ł` is `l`, `أ` is `ا`). The ranges are the Latin, IPA, Greek, Cyrillic, Armenian, Hebrew and Arabic
    /// blocks, the combining marks, and Latin and Greek extended: scripts whose marks are
    /// accents people leave out; and the Indic blocks, where only the nukta is left out
    /// (`फ्रैंक` for `फ़्रैंक`): their vowel signs spell the word, as Thai's marks and kana's
    /// voicing marks (outside the ranges) do. Entries: the folded scalar, ``removedMark``, or
    /// ``severalScalars`` (two sentinels, for a table read on the hot path). A raw buffer,
    /// never freed. Kept in the table cache on disk (``DerivedTableCache``) with the other
    /// derived tables: asking ICU costs 3.6 million instructions, once per process.
    nonisolated(unsafe) static let foldTable: UnsafeBufferPointer<UInt32> = {
        let entries = DerivedTableCache.value(for: "fold", orBuild: FoldTable.init).entries
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: entries.count)
        _ = buffer.initialize(from: entries)
        return UnsafeBufferPointer(buffer)
    }()

    /// The entries of ``foldTable``, as derived from ICU or read back from the table cache.
    struct FoldTable: StoredTable {
        let entries: [UInt32]

        static var storedKind: String { "fold" }

        /// Asks ICU how each scalar of the fold ranges folds.
        init() {
            let scalars = foldRanges.flatMap { $0.map { $0 } }
            let folded = ICU.foldedCodePoints(Array(scalars.prefix(accentedCount)))
                + ICU.foldedCodePoints(Array(scalars.dropFirst(accentedCount)), nuktasOnly: true)
            entries = folded.map { entry in
                switch entry {
                case .scalar(let scalar): scalar
                case .removed: removedMark
                case .several: severalScalars
                }
            }
        }

        func encode(to writer: inout TableWriter) {
            writer.write(entries)
        }

        /// Reads entries ``encode(to:)`` wrote: one per scalar of the ranges, each a Unicode
        /// scalar value or one of the two sentinels.
        init(reading reader: inout TableReader) throws(TableReader.Invalid) {
            entries = try reader.readArray()
            guard entries.count == foldRanges.reduce(0, { $0 + $1.count }),
                  entries.allSatisfy({ $0 == severalScalars || Unicode.Scalar($0) != nil })
            else { throw TableReader.Invalid() }
        }
    }

    /// The scalar ranges of ``foldTable``, in order: the accented scripts' (every mark
    /// removed), then the Indic blocks, Devanagari to Sinhala (only the nukta removed).
    static let foldRanges: [Range<UInt32>] = [0xC0..<0x700, 0x1AB0..<0x1B00, 0x1DC0..<0x2000, 0x900..<0xE00]
    /// How many scalars of ``foldRanges`` belong to the accented scripts' ranges.
    private static let accentedCount = 0x640 + 0x50 + 0x240

    /// How many marks that folding removes a word or name may begin with (ICU's names begin
    /// with two at most: Kashmiri vowel signs). A bound keeps a run of stray marks from
    /// being walked once per matcher (`1` followed by 500 combining accents).
    static let leadingMarksSkipped = 4

    /// ``foldTable`` entry of a scalar removed by folding.
    static let removedMark: UInt32 = 0
    /// ``foldTable`` entry of a scalar that folds to several.
    static let severalScalars: UInt32 = 0xFFFF_FFFF

    /// The ``foldTable`` entry of a canonical scalar in the fold ranges, else nil.
    @inline(__always)
    static func foldEntry(_ canonical: UInt32) -> UInt32? {
        if canonical < 0x700 {
            return canonical >= 0xC0 ? foldTable[Int(canonical - 0xC0)] : nil
        }
        if canonical >= 0x900 && canonical < 0xE00 { return foldTable[Int(canonical - 0x900) + accentedCount] }
        if canonical >= 0x1DC0 && canonical < 0x2000 { return foldTable[Int(canonical - 0x1DC0) + 0x640 + 0x50] }
        if canonical >= 0x1AB0 && canonical < 0x1B00 { return foldTable[Int(canonical - 0x1AB0) + 0x640] }
        return nil
    }

    /// Whether folding a text removes a mark from it or changes a letter beyond its case
    /// (`Lekë`, `сўм`): such a symbol stays exact (Docs/ParsingRules.md §2: symbols never fold).
    static func hasFoldableMarks(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            guard let entry = foldEntry(Characters.canonical(scalar.value)) else { return false }
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            return entry == removedMark || lower.count != 1 || lower.first!.value != entry
        }
    }

    /// Whether a non-ASCII scalar lies in a Unicode block that has cased letters (Latin,
    /// Greek, Cyrillic, Armenian, Georgian, Cherokee, Glagolitic, Coptic, Deseret, Adlam...).
    /// Outside them nothing changes when lower-cased, so the costly property lookup is
    /// skipped for symbols, CJK, Arabic, Indic scripts.
    @inline(__always)
    static func mayHaveCase(_ scalar: UInt32) -> Bool {
        // The common scripts without case first: symbols and punctuation, CJK, Hangul, Arabic, Indic.
        if scalar >= 0x2190 && scalar < 0x24B6 || scalar >= 0x2D30 && scalar < 0xA640 || scalar >= 0xABC0 && scalar < 0xFF21
            || scalar >= 0x590 && scalar < 0x10A0 || scalar >= 0x2000 && scalar < 0x2100 { return false }
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

    /// The node reached from `node` along the folded key bytes of a scalar that folds to
    /// several (rare: `İ` lower-cased, a ligature), or -1.
    @inline(never)
    static func stepBytes<Walk: TrieWalk>(of canonical: UInt32, from node: Int32, in trie: Walk) -> Int32 {
        var node = node
        appendKeyBytes(of: canonical, folded: true) { byte in
            if node >= 0 { node = trie.child(of: node, byte: byte) }
        }
        return node
    }

    /// The longest key of `trie` that the input spells from `start`, whose value `accept`
    /// takes and that does not cut a word (Docs/ParsingRules.md §7): the UTF-8 offset just
    /// past its last scalar, and its value; nil when none does.
    static func longestMatch(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, trie: MarkerTrie, folded: Bool,
        accepting accept: (Int32) -> Bool = { _ in true }
    ) -> (end: Int, value: Int32)? {
        // Walked through a view: the closure below captured the trie itself, a retain and a
        // release per character. A trie without tails (the compact affixes, on every parse's
        // path) takes the double array's step alone.
        trie.cellCount == 0
            ? longestMatch(in: bytes, from: start, walking: trie.doubleArrayView, folded: folded, accepting: accept)
            : longestMatch(in: bytes, from: start, walking: trie.view, folded: folded, accepting: accept)
    }

    private static func longestMatch<Walk: TrieWalk>(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, walking trie: Walk, folded: Bool,
        accepting accept: (Int32) -> Bool
    ) -> (end: Int, value: Int32)? {
        var node = MarkerTrie.root
        var index = start
        var best: (end: Int, value: Int32)?
        var previousWasSpace = false
        var leadingMarks = 0
        while index < bytes.count {
            let canonical: UInt32
            let lead = bytes[index]
            if isPlainASCIIKeyByte(lead) {
                index += 1
                previousWasSpace = false
                canonical = UInt32(lead)
                node = trie.child(of: node, byte: folded ? foldedASCII(lead) : lead)
            } else {
                guard let scalar = nextKeyScalar(bytes, at: &index, previousWasSpace: &previousWasSpace) else { continue }
                canonical = scalar
                // A mark that folding removes adds no key bytes, wherever it stands: also a few
                // before a key's first letter (ICU's Kashmiri names begin with vowel signs).
                if folded, isRemovedByFolding(canonical) {
                    if node == MarkerTrie.root {
                        leadingMarks += 1
                        if leadingMarks > leadingMarksSkipped { break }
                        continue
                    }
                } else if !folded {
                    node = trie.child(of: node, scalar: canonical)
                } else if let one = foldedScalar(canonical) {
                    node = trie.child(of: node, scalar: one)
                } else {
                    node = stepBytes(of: canonical, from: node, in: trie)
                }
            }
            if node < 0 { break }
            let value = trie.value(at: node)
            if value >= 0, accept(value),
               !(Characters.isWordLetter(canonical) && Characters.wordLetterFollows(bytes, at: index)) {
                best = (index, value)
            }
        }
        return best
    }
}
