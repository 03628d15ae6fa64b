/// A table MoneyKit derives from ICU's data that can be kept in the table cache on disk
/// (``DerivedTableCache``) and read back instead of derived again.
///
/// `init(reading:)` must refuse (throw) anything ``encode(to:)`` could not have written:
/// every count is checked against the bytes left, every index into another array against
/// that array, so that a damaged file is rebuilt, never trusted.
protocol StoredTable: Sendable {
    /// The file-name prefix of this kind of table (`names`, `scale`).
    static var storedKind: String { get }
    /// Writes the table.
    func encode(to writer: inout TableWriter)
    /// Reads a table ``encode(to:)`` wrote.
    init(reading reader: inout TableReader) throws(TableReader.Invalid)
}

/// Writes a stored table as fixed-width values and counted arrays, in the machine's byte
/// order (the cache is used on little-endian machines only, ``DerivedTableCache``).
struct TableWriter {
    private(set) var bytes: [UInt8] = []

    /// Writes a count or index.
    mutating func write(_ value: Int) {
        write(UInt64(bitPattern: Int64(value)))
    }

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ flag: Bool) {
        bytes.append(flag ? 1 : 0)
    }

    mutating func write(_ text: String) {
        write(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func write(_ set: CurrencySet) {
        set.encode(to: &self)
    }

    /// Writes an array of integers with its count (one copy of their bytes: the tables are
    /// megabytes of them).
    mutating func write<T: FixedWidthInteger & BitwiseCopyable>(_ values: UnsafeBufferPointer<T>) {
        write(values.count)
        bytes.append(contentsOf: UnsafeRawBufferPointer(values))
    }

    mutating func write<T: FixedWidthInteger & BitwiseCopyable>(_ values: [T]) {
        values.withUnsafeBufferPointer { write($0) }
    }

    mutating func write(_ sets: [CurrencySet]) {
        write(sets.count)
        for set in sets { write(set) }
    }
}

/// Reads what a ``TableWriter`` wrote, refusing anything out of bounds.
struct TableReader {
    /// The bytes do not hold a table of the expected shape.
    struct Invalid: Error {}

    private let bytes: [UInt8]
    private var offset = 0
    /// The number of currencies ICU knows: no set read may name one beyond.
    private let currencyCount = CurrencyCatalog.shared.entries.count

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    /// How many bytes are left to read.
    var bytesLeft: Int { bytes.count - offset }

    /// Hands the bytes left to read to `body` (without reading them).
    func withBytesLeft<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
    }

    /// The next `size` bytes, handed to `body` and read: one bounds check for a block of
    /// fixed size (a currency set's words).
    mutating func readBlock<R>(size: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(Invalid) -> R {
        guard bytes.count - offset >= size else { throw Invalid() }
        let start = offset
        offset += size
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<(start + size)])) }
    }

    mutating func read<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type = T.self) throws(Invalid) -> T {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { throw Invalid() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        offset += size
        return T(littleEndian: value)
    }

    /// A count, or an index below `limit`.
    mutating func readCount(below limit: Int = .max) throws(Invalid) -> Int {
        let value = Int64(bitPattern: try read(UInt64.self))
        guard value >= 0, value < limit else { throw Invalid() }
        return Int(value)
    }

    /// A count of items each written in at least `size` bytes: refused when the bytes left
    /// cannot hold them, so that a damaged count cannot make its reader reserve gigabytes.
    mutating func readCount(ofItemsOfAtLeast size: Int) throws(Invalid) -> Int {
        let count = try readCount()
        guard count <= (bytes.count - offset) / size else { throw Invalid() }
        return count
    }

    mutating func readBool() throws(Invalid) -> Bool {
        switch try read(UInt8.self) {
        case 0: false
        case 1: true
        default: throw Invalid()
        }
    }

    mutating func readString() throws(Invalid) -> String {
        let count = try readCount(ofItemsOfAtLeast: 1)
        defer { offset += count }
        guard let text = String(validating: bytes[offset..<(offset + count)], as: UTF8.self) else { throw Invalid() }
        return text
    }

    mutating func readSet() throws(Invalid) -> CurrencySet {
        try CurrencySet(reading: &self, limit: currencyCount)
    }

    /// An array written by ``TableWriter/write(_:)-([T])``.
    mutating func readArray<T: FixedWidthInteger & BitwiseCopyable>(of _: T.Type = T.self) throws(Invalid) -> [T] {
        let size = MemoryLayout<T>.stride
        let count = try readCount(ofItemsOfAtLeast: size)
        let values = [T](capacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count * size)]))
            }
            initialized = count
        }
        offset += count * size
        return values
    }

    mutating func readSets() throws(Invalid) -> [CurrencySet] {
        let count = try readCount(ofItemsOfAtLeast: MemoryLayout<CurrencySet>.size)
        var sets: [CurrencySet] = []
        sets.reserveCapacity(count)
        for _ in 0..<count { sets.append(try readSet()) }
        return sets
    }
}
