import Foundation

/// Why a corpus file cannot be used at all (as opposed to a row that fails).
public enum CorpusError: Error, CustomStringConvertible {
    /// The file is missing or unreadable.
    case unreadable(path: String, reason: String)
    /// A required column is absent from the header.
    case missingColumn(path: String, column: String)
    /// The CSV is not well formed.
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read the file (\(reason))"
        case .missingColumn(let path, let column): "\(path): the header has no \"\(column)\" column"
        case .malformed(let path, let reason): "\(path): not a valid CSV file (\(reason))"
        }
    }
}

/// A CSV table in the corpus format (RFC 4180, UTF-8, a header row naming the columns;
/// see `TestData/README.md`), with every record kept, in order.
public struct CorpusTable: Sendable {
    /// Where the table came from (a path, or `-` for standard input).
    public let name: String
    /// Column names, in file order.
    public let header: [String]
    /// Records after the header, in file order, each as wide as the header.
    public let records: [[String]]
    /// Whether the bytes were not valid UTF-8 (invalid sequences became U+FFFD).
    public let hadInvalidUTF8: Bool

    /// Reads a file, or standard input when `path` is `-`.
    public init(contentsOf path: String) throws(CorpusError) {
        let data: Data
        do {
            if path == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        try self.init(data: data, name: path)
    }

    /// Reads CSV bytes (a leading byte-order mark is skipped). A malformed record — an
    /// unterminated quote, text after a closing quote, a field over 1 MiB, more or fewer
    /// fields than the header — makes the table unusable, reported with its line:
    /// corpora are test data, and a test row must mean exactly what it says. Invalid UTF-8
    /// is replaced (and flagged) rather than rejected, so that the rows around it still run;
    /// a NUL byte is kept (garbage.csv tests that the parser rejects it).
    public init(data: Data, name: String) throws(CorpusError) {
        var tokenizer = CSVTokenizer()
        var batch = CSVRecordBatch()
        data.withUnsafeBytes { raw in tokenizer.feed(raw.bindMemory(to: UInt8.self), into: &batch) }
        tokenizer.finish(into: &batch)
        guard batch.count > 0 else { throw .malformed(path: name, reason: "no header row") }
        let header = batch.fields(ofRecord: 0)
        guard !(header.count == 1 && header[0].isEmpty) else { throw .malformed(path: name, reason: "no header row") }
        var records: [[String]] = []
        records.reserveCapacity(batch.count - 1)
        var hadInvalidUTF8 = false
        for index in 0..<batch.count {
            // A NUL is test data here: the parser must reject it.
            if let bad = batch.badRow(index, expectedFieldCount: header.count, acceptingNUL: true) {
                guard bad.problem == .invalidUTF8 else { throw .malformed(path: name, reason: bad.description) }
                hadInvalidUTF8 = true
            }
            if index > 0 { records.append(batch.fields(ofRecord: index)) }
        }
        self.name = name
        self.header = header
        self.records = records
        self.hadInvalidUTF8 = hadInvalidUTF8
    }

    /// The position of a column, matched exactly.
    public func column(_ name: String) -> Int? {
        header.firstIndex(of: name)
    }
}
