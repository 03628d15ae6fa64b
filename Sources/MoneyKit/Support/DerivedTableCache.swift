import Foundation

/// MoneyKit's cache on disk of the tables it derives from ICU's data, so that a new process
/// reads them back instead of deriving them again. Off unless a directory is set, here or in
/// the `MONEYKIT_TABLE_CACHE` environment variable.
///
/// What it keeps: the tables that cost most to derive and that a whole language shares (a
/// language's name table: its currency names with the unit words and qualifier words derived
/// from them; its scale words and its number words, which ICU's spell-out rules give; its
/// compact affixes; its currencies' own formats), each currency-data bundle's own display
/// names, each locale's number facts (what ICU's number formatters say of it: opening them
/// was a quarter of a locale's first parse), and what a process builds once (the global
/// marker tables, the letter-folding table). The first locale of a language costs milliseconds to derive them (tens for
/// Russian, and tens more for its number words, which a parse builds when it meets letters
/// that are no marker) and a read of the cached tables a fraction of that;
/// Docs/ParsingRules.md never depends on whether a table was derived or read back.
///
/// How a stale or damaged file is kept out: each file records the ICU version, the number of
/// currencies ICU knows, the size and modification time of the running executable (so a
/// rebuilt program, whose derivation may differ, derives afresh) and its key in full, and
/// carries a checksum of its table; a file that differs in any of these, or whose table does
/// not read back whole and in bounds, is ignored and the table derived as without a cache.
/// Files are written to a temporary name and renamed, so processes sharing the directory
/// never read a half-written one. Failing to read or write the directory is never an error:
/// the tables are derived in memory as without a cache. A file's name says only its table's
/// kind and key, so a new ICU version or a new build replaces a file when it next derives
/// that table; the directory is not otherwise cleaned up. (fxparse turns the cache on by
/// default, in ``userCacheDirectory``; the library never does.)
///
/// ```swift
/// DerivedTableCache.directory = DerivedTableCache.userCacheDirectory
/// ```
public enum DerivedTableCache {
    /// The directory the tables are kept in, or nil when the cache is off (the default,
    /// unless the `MONEYKIT_TABLE_CACHE` environment variable names one). Set it before the
    /// first parse: tables already derived in this process stay in memory either way.
    public static var directory: String? {
        get { state.withLock { $0.directory } }
        set { state.withLock { $0.directory = newValue.flatMap { $0.isEmpty ? nil : $0 } } }
    }

    /// `moneykit/tables` in Foundation's user caches directory (`FileManager`'s
    /// `.cachesDirectory`: on Linux `$XDG_CACHE_HOME`, else `~/.cache`), or nil when there is
    /// none. The library never turns the cache on by itself; an app or tool that wants every
    /// run after the first to read a language's tables back instead of deriving them (under
    /// 1 ms instead of up to 10-18 ms for Russian's first amount with a word; BENCHMARKS.md,
    /// "Where issue 21 ends") sets it as the directory, as fxparse does:
    ///
    /// ```swift
    /// DerivedTableCache.directory = DerivedTableCache.userCacheDirectory
    /// ```
    public static var userCacheDirectory: String? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
            .appendingPathComponent("moneykit/tables", isDirectory: true).path
    }

    /// What the cache did in this process.
    public struct Statistics: Sendable, Equatable {
        /// Tables read back from the directory.
        public var read = 0
        /// Tables derived and written to the directory.
        public var written = 0
        /// Files found but ignored: written by another ICU version or build, or damaged.
        public var ignored = 0
    }

    /// What the cache did in this process so far.
    public static var statistics: Statistics { state.withLock { $0.statistics } }

    private struct State {
        var directory: String?
        var statistics = Statistics()
    }

    private static let state = Locked(State(directory: ProcessInfo.processInfo.environment["MONEYKIT_TABLE_CACHE"]
        .flatMap { $0.isEmpty ? nil : $0 }))

    /// The first bytes of every file, with the format's version.
    private static let magic = Array("MoneyKit tables 1\n".utf8)

    /// What a file must have been written by: ICU's version, the currencies it knows, and the
    /// running executable's size and modification time.
    private static let identity: String? = {
        guard 1.littleEndian == 1, let executable = Bundle.main.executablePath,
              let attributes = try? FileManager.default.attributesOfItem(atPath: executable),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return "icu \(ICU.version); \(CurrencyCatalog.shared.entries.count) currencies; \(executable) "
            + "\(size.int64Value) bytes, modified \(modified.timeIntervalSince1970)"
    }()

    /// The table for `key`: read from the directory when a valid file holds it, else built
    /// and written there. Without a directory, built.
    static func value<Table: StoredTable>(for key: String, orBuild build: () -> Table) -> Table {
        guard let directory else { return build() }
        return value(for: key, in: directory, orBuild: build)
    }

    /// ``value(for:orBuild:)`` with this directory.
    static func value<Table: StoredTable>(for key: String, in directory: String, orBuild build: () -> Table) -> Table {
        guard let identity else { return build() }
        switch lookup(Table.self, key: key, in: directory) {
        case .found(let table):
            state.withLock { $0.statistics.read += 1 }
            return table
        case .ignored:
            state.withLock { $0.statistics.ignored += 1 }
        case .absent:
            break
        }
        let table = build()
        if write(table, key: key, identity: identity, directory: directory) {
            state.withLock { $0.statistics.written += 1 }
        }
        return table
    }

    /// What the directory holds for a key.
    enum Lookup<Table> {
        /// A valid file: its table.
        case found(Table)
        /// A file written by another ICU version or build, for another key, or damaged.
        case ignored
        /// No file.
        case absent
    }

    /// The file of a key (its kind and a checksum of the key: the key itself is in the file).
    static func path<Table: StoredTable>(of _: Table.Type, key: String, in directory: String) -> String {
        "\(directory)/\(Table.storedKind)-\(hexadecimal(Array(key.utf8).withUnsafeBytes(checksum))).table"
    }

    /// Reads the table of a key from the directory, if a valid file holds it.
    static func lookup<Table: StoredTable>(_: Table.Type, key: String, in directory: String) -> Lookup<Table> {
        guard let identity, let bytes = contents(ofFile: path(of: Table.self, key: key, in: directory)) else { return .absent }
        // The table is read in place after the header: the file's bytes are copied once.
        var reader = TableReader(bytes)
        do {
            for byte in magic where try reader.read(UInt8.self) != byte { return .ignored }
            guard try reader.readString() == identity, try reader.readString() == key else { return .ignored }
            let sum = try reader.read(UInt64.self)
            guard try reader.readCount() == reader.bytesLeft, reader.withBytesLeft(checksum) == sum else { return .ignored }
            let table = try Table(reading: &reader)
            return reader.isAtEnd ? .found(table) : .ignored
        } catch {
            return .ignored
        }
    }

    /// A file's bytes read into one array (no `Data` in between), nil when it cannot be read.
    private static func contents(ofFile path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_size >= 0, status.st_size < 1 << 31 else { return nil }
        let size = Int(status.st_size)
        var complete = true
        let bytes = [UInt8](capacity: size) { buffer, initialized in
            while initialized < size {
                let count = read(file, buffer.baseAddress! + initialized, size - initialized)
                if count <= 0 {
                    if count < 0, errno == EINTR { continue }
                    complete = false
                    break
                }
                initialized += count
            }
        }
        return complete ? bytes : nil
    }

    private static func write<Table: StoredTable>(_ table: Table, key: String, identity: String, directory: String) -> Bool {
        let path = path(of: Table.self, key: key, in: directory)
        var payload = TableWriter()
        table.encode(to: &payload)
        var file = TableWriter()
        for byte in magic { file.write(byte) }
        file.write(identity)
        file.write(key)
        file.write(payload.bytes.withUnsafeBytes(checksum))
        file.write(payload.bytes)
        let temporary = "\(path).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: temporary))
            // rename(2) replaces the target at once: a reader sees the old file or the new one.
            guard rename(temporary, path) == 0 else {
                try? FileManager.default.removeItem(atPath: temporary)
                return false
            }
            return true
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
    }

    /// A 64-bit checksum of bytes (a damaged file, not an attacker, is what it must catch):
    /// four independent lanes of eight bytes, each word mixed in with a multiply and a
    /// rotation, then the lanes and the tail. (One lane took 1.9 million instructions for the
    /// global tables' megabyte, a tenth of the process's first general parse; the lanes let
    /// the processor run the multiplies side by side.)
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01B3
        func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 { ((hash ^ word) &* prime).rotateLeft(29) }
        var lanes = (0xCBF2_9CE4_8422_2325 ^ UInt64(raw.count), 0x9E37_79B9_7F4A_7C15 as UInt64,
                     0xC2B2_AE3D_27D4_EB4F as UInt64, 0x1656_67B1_9E37_79F9 as UInt64)
        var offset = 0
        while offset + 32 <= raw.count {
            lanes.0 = mix(lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= raw.count {
            hash = mix(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        while offset < raw.count {
            hash = mix(hash, UInt64(raw[offset]))
            offset += 1
        }
        return hash
    }

    private static func hexadecimal(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

private extension UInt64 {
    func rotateLeft(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}

extension DerivedCache where Key == String, Value: StoredTable {
    /// ``value(for:orBuild:)``, with the table cache on disk (``DerivedTableCache``) between
    /// this cache and the build: a miss here reads the table from disk when a valid file
    /// holds it, and writes it there when built.
    func storedValue(for key: String, orBuild build: () -> Value) -> Value {
        value(for: key) { DerivedTableCache.value(for: key, orBuild: build) }
    }
}
