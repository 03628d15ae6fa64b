import CSV
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
    /// Records after the header, in file order, each padded to the header's width.
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

    /// Reads CSV bytes. A leading byte-order mark is skipped; invalid UTF-8 is replaced
    /// (and flagged) rather than rejected, so that no record is lost.
    public init(data: Data, name: String) throws(CorpusError) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let valid = String(validating: bytes, as: UTF8.self)
        let text = valid ?? String(decoding: bytes, as: UTF8.self)
        try self.init(text: text, name: name, hadInvalidUTF8: valid == nil)
    }

    /// Reads CSV text.
    public init(text: String, name: String, hadInvalidUTF8: Bool = false) throws(CorpusError) {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true, trimFields: false)
        } catch {
            throw .malformed(path: name, reason: "\(error)")
        }
        guard let header = reader.headerRow, !(header.count == 1 && header[0].isEmpty) else {
            throw .malformed(path: name, reason: "no header row")
        }
        var records: [[String]] = []
        while let record = reader.next() {
            records.append(record.count < header.count
                ? record + Array(repeating: "", count: header.count - record.count)
                : record)
        }
        if let error = reader.error {
            throw .malformed(path: name, reason: "\(error)")
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
