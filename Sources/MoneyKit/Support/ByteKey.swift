/// Bytes (marker keys, words of names) as a dictionary or set key, hashed in one call:
/// `[UInt8]` and `ArraySlice<UInt8>` hash byte by byte, which made hashing a sizeable part of
/// building a locale's name table.
struct ByteKey: Hashable, Sendable {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
