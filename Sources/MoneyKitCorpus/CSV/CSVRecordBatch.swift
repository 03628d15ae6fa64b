/// Consecutive CSV records as ``CSVTokenizer`` read them: the fields' unescaped bytes in one
/// buffer, so that a batch of thousands of records costs three allocations, not one per field.
/// Batches are the unit of work that `fxparse parse` hands to its parallel workers.
public struct CSVRecordBatch: Sendable, Equatable {
    /// One record's place in the batch and in the input.
    public struct Record: Sendable, Equatable {
        /// The index in `fieldEnds` one past the record's last field.
        var fieldLimit: Int
        /// The input line (1-based) where the record starts.
        public var line: Int
        /// The input line where it ends (later than `line` when a quoted field holds line breaks).
        public var lastLine: Int
        /// What the reader found wrong with the record's structure (ragged rows and invalid
        /// UTF-8 are for the consumer to see: the reader knows neither the header nor the text).
        public var problem: CSVProblem?
    }

    /// The unescaped bytes of every field, one after the other.
    var bytes: [UInt8] = []
    /// Where each field ends in `bytes`; a field starts where the one before ends.
    var fieldEnds: [Int] = []
    /// The complete records, in input order.
    public internal(set) var records: [Record] = []

    /// An empty batch.
    public init() {}

    /// The number of complete records.
    public var count: Int { records.count }

    /// The byte size of the fields read so far (complete records and the one in progress).
    public var byteCount: Int { bytes.count }

    /// The number of fields of record `index`.
    public func fieldCount(ofRecord index: Int) -> Int {
        records[index].fieldLimit - firstField(ofRecord: index)
    }

    /// Calls `body` with the bytes of field `field` of record `index`.
    public func withField<R>(record index: Int, field: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let position = firstField(ofRecord: index) + field
        let start = position == 0 ? 0 : fieldEnds[position - 1]
        return try bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[start..<fieldEnds[position]]))
        }
    }

    /// Where field `field` of record `index` lies in the batch's bytes (see ``withBytes(_:)``).
    public func byteRange(record index: Int, field: Int) -> Range<Int> {
        let position = firstField(ofRecord: index) + field
        return (position == 0 ? 0 : fieldEnds[position - 1])..<fieldEnds[position]
    }

    /// Calls `body` with all the batch's field bytes.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// The fields of record `index` as strings (invalid UTF-8 read as U+FFFD).
    public func fields(ofRecord index: Int) -> [String] {
        (0..<fieldCount(ofRecord: index)).map { field in
            withField(record: index, field: field) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// What is wrong with record `index`, if anything (Docs/Streaming.md, "Malformed CSV (bad
    /// rows)"): what the reader found (a quote problem, a long field, a NUL), else a field
    /// count other than `expectedFieldCount`, else invalid UTF-8. The one judge of a record,
    /// for `fxparse parse`, its header, and corpus tables.
    ///
    /// - Parameter acceptingNUL: Passes a NUL and looks on (parser corpora test NULs).
    public func badRow(_ index: Int, expectedFieldCount: Int, acceptingNUL: Bool = false) -> BadRow? {
        let record = records[index]
        let fieldCount = self.fieldCount(ofRecord: index)
        var problem = record.problem == .nulByte && acceptingNUL ? nil : record.problem
        if problem == nil, fieldCount != expectedFieldCount { problem = .raggedRow }
        if problem == nil, !isASCII(record: index),
           (0..<fieldCount).contains(where: { !withField(record: index, field: $0, CSVEncoding.isValidUTF8) }) {
            problem = .invalidUTF8
        }
        return problem.map {
            BadRow(line: record.line, lastLine: record.lastLine, problem: $0, fieldCount: fieldCount,
                   expectedFieldCount: expectedFieldCount)
        }
    }

    /// Whether every byte of record `index` is ASCII (so valid UTF-8), checked eight bytes
    /// at a time.
    private func isASCII(record index: Int) -> Bool {
        let first = firstField(ofRecord: index)
        let start = first == 0 ? 0 : fieldEnds[first - 1]
        let end = records[index].fieldLimit == 0 ? 0 : fieldEnds[records[index].fieldLimit - 1]
        return bytes.withUnsafeBytes { raw in
            var offset = start
            while offset + 8 <= end {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                offset += 8
            }
            while offset < end {
                if raw[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }
    }

    private func firstField(ofRecord index: Int) -> Int {
        index == 0 ? 0 : records[index - 1].fieldLimit
    }

    /// Moves the complete records out, leaving only the record in progress (its fields
    /// so far) in `self`.
    public mutating func takeCompleteRecords() -> CSVRecordBatch {
        guard let last = records.last else { return CSVRecordBatch() }
        let byteEnd = last.fieldLimit == 0 ? 0 : fieldEnds[last.fieldLimit - 1]
        // The next batch will be about this one's size: reserve it, rather than grow the
        // arrays by doubling (their copies were 4% of `fxparse parse`).
        var rest = CSVRecordBatch()
        rest.bytes.reserveCapacity(bytes.count + bytes.count / 4)
        rest.bytes += bytes[byteEnd...]
        rest.fieldEnds.reserveCapacity(fieldEnds.count + fieldEnds.count / 4)
        rest.fieldEnds += fieldEnds[last.fieldLimit...].lazy.map { $0 - byteEnd }
        rest.records.reserveCapacity(records.count + records.count / 4)
        bytes.removeSubrange(byteEnd...)
        fieldEnds.removeSubrange(last.fieldLimit...)
        let complete = self
        self = rest
        return complete
    }

    // MARK: Building (CSVTokenizer)

    /// The byte offset where the field in progress starts.
    var currentFieldStart: Int { fieldEnds.last ?? 0 }
}
