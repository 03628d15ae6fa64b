import Foundation
import MoneyKit

/// Where `fxparse parse` reads and writes its columns: the input header (from the file, or
/// `--columns` for headerless chunks) and the output header, which appends `amount`, `code`,
/// `error`, `error_offset`, `error_message` and any extension columns (conversion) that the
/// input lacks. A column the input already has is overwritten in place, so a result can be
/// parsed again.
public struct ParseLayout: Sendable, Equatable {
    /// Why a header cannot be parsed against.
    public enum Problem: Error, CustomStringConvertible, Equatable {
        /// The header has no `input` column.
        case missingInputColumn
        /// The header has no `locale` column and no default locale was given.
        case missingLocale

        public var description: String {
            switch self {
            case .missingInputColumn: "the header has no \"input\" column"
            case .missingLocale: "no locale column; pass --locale"
            }
        }
    }

    /// The input's column names.
    public let inputHeader: [String]
    /// The output's column names.
    public let outputHeader: [String]
    let input: Int
    let locale: Int?
    let currency: Int?
    let amount: Int
    let code: Int
    let error: Int
    let errorOffset: Int
    let errorMessage: Int
    /// The output positions of the extension's columns.
    let extensionColumns: [Int]
    /// What fills each output column, in order.
    let sources: [ColumnSource]

    /// Where an output column's value comes from.
    enum ColumnSource: Equatable {
        case input(Int)
        case amount
        case code
        case error
        case errorOffset
        case errorMessage
        case extensionValue(Int)
    }

    /// The layout of `header`, with `extensionColumns` after the parse result's columns.
    ///
    /// - Parameter hasDefaultLocale: whether rows without a locale column get a default.
    public init(header: [String], extensionColumns: [String] = [], hasDefaultLocale: Bool) throws(Problem) {
        guard let input = header.firstIndex(of: "input") else { throw .missingInputColumn }
        let locale = header.firstIndex(of: "locale")
        if locale == nil && !hasDefaultLocale { throw .missingLocale }
        var output = header
        func place(_ column: String) -> Int {
            if let existing = output.firstIndex(of: column) { return existing }
            output.append(column)
            return output.count - 1
        }
        self.inputHeader = header
        self.input = input
        self.locale = locale
        self.currency = header.firstIndex(of: "currency")
        self.amount = place("amount")
        self.code = place("code")
        self.error = place("error")
        self.errorOffset = place("error_offset")
        self.errorMessage = place("error_message")
        self.extensionColumns = extensionColumns.map(place)
        self.outputHeader = output
        var sources = output.indices.map { ColumnSource.input($0) }
        sources[amount] = .amount
        sources[code] = .code
        sources[error] = .error
        sources[errorOffset] = .errorOffset
        sources[errorMessage] = .errorMessage
        for (position, column) in self.extensionColumns.enumerated() { sources[column] = .extensionValue(position) }
        self.sources = sources
    }
}

/// What to do with a malformed CSV record (Docs/Streaming.md, "Malformed CSV (bad rows)").
public enum BadRowPolicy: String, Sendable, CaseIterable {
    /// Write it, with its problem in `error`: every input row comes out.
    case error
    /// Leave it out of the output; it is reported on standard error with its line.
    case skipWithReport = "skip-with-report"
    /// Stop before it: the output ends with the row before it.
    case stop
}

/// Counts of what happened to the rows (the header is not a row).
public struct RowCounts: Sendable, Equatable {
    /// Rows read from the input.
    public var read = 0
    /// Rows whose amount parsed, converted or not.
    public var parsed = 0
    /// Well-formed rows whose amount did not parse (or whose locale or currency hint is unusable).
    public var failed = 0
    /// Malformed CSV records.
    public var bad = 0
    /// With a row extension (`--to`): parsed rows it computed.
    public var extended = 0
    /// With a row extension: parsed rows it could not compute (no exchange rate); they count
    /// as parsed too, and carry the extension's error.
    public var notExtended = 0

    public init() {}

    public static func += (counts: inout RowCounts, other: RowCounts) {
        counts.read += other.read
        counts.parsed += other.parsed
        counts.failed += other.failed
        counts.bad += other.bad
        counts.extended += other.extended
        counts.notExtended += other.notExtended
    }
}

/// How output records are written.
public enum RecordFormat: String, Sendable, CaseIterable {
    /// CSV with a header row (none for headerless input).
    case csv
    /// JSON Lines: one object per record, keyed by the output columns' names (``JSONLines``).
    case jsonl
}

/// Extra columns computed from each parsed amount (`fxparse parse --to` adds conversion).
public struct RowExtension: Sendable {
    /// What the extension makes of one amount.
    public enum Outcome: Sendable {
        /// The values of its columns, in order.
        case values([String])
        /// Why it could not: the error's stable name (the `error` column) and a sentence for
        /// people (`error_message`). Its columns stay empty; the amount is kept.
        case failure(kind: String, message: String)
    }

    /// The columns it fills.
    public let columns: [String]
    /// Computes them.
    public let compute: @Sendable (Money) -> Outcome

    /// An extension filling `columns` by `compute`.
    public init(columns: [String], compute: @escaping @Sendable (Money) -> Outcome) {
        self.columns = columns
        self.compute = compute
    }
}

/// The output of one batch: its CSV bytes, in input order, and what happened.
public struct ParsedBatch: Sendable {
    /// The output records.
    public var output: [UInt8] = []
    public var counts = RowCounts()
    /// The malformed records met, in order.
    public var badRows: [BadRow] = []
    /// Under ``BadRowPolicy/stop``, the batch ended at its last bad row (not written).
    public var stopped = false
}

/// Parses the `input` column of CSV records and writes each record back with `amount`,
/// `code` and `error` (what `fxparse parse` does, one batch at a time). Each record is on its
/// own: the output for a batch depends on nothing but its records and the settings, which
/// is what lets batches run in parallel and chunks run on other machines.
///
/// A value type with its own cache of parsers: give each thread its own copy.
public struct RowParser: Sendable {
    public let layout: ParseLayout
    let options: MoneyParser.Options
    public let policy: BadRowPolicy
    public let format: RecordFormat
    let rowExtension: RowExtension?
    /// For JSON Lines: each output column's `"name":` bytes.
    private let memberPrefixes: [[UInt8]]
    /// Parsers by their row's locale and currency hint bytes (see ``parserEntry(_:of:mayWait:)``).
    private var parsers = ParserTable()
    /// The locales whose first parse a worker has under way, shared by every copy of this
    /// parser (the workers of one run).
    let claims = FirstParseClaims()
    /// The locale and currency hint of rows without their own, as bytes.
    private let defaultLocaleBytes: [UInt8]
    private let defaultCurrencyBytes: [UInt8]

    /// What a locale and hint pair gives: a parser, or the row's error (its name and sentence).
    private enum ParserEntry {
        case parser(SharedParser)
        case failure(kind: String, message: String)
    }

    /// A parser behind a reference: handing one out per row is a retain, where copying the
    /// `MoneyParser` value (its options included) cost 4% of `fxparse parse`.
    private final class SharedParser: Sendable {
        private let parser: MoneyParser

        init(_ parser: MoneyParser) {
            self.parser = parser
        }

        /// Parses in place: reaching through to `parser.parse` from outside the class copied
        /// the `MoneyParser` value for every row (1.4% of `fxparse parse`). The bytes are a
        /// field of a record whose UTF-8 the reader's judge has checked.
        func parse(validUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(MoneyParseError) -> Money {
            try parser.parse(validUTF8: bytes)
        }
    }

    /// The parsers a worker has made, by the FNV-1a hash of their locale and hint bytes: open
    /// addressing over a power-of-two table probed linearly, which a row reaches with no
    /// further hashing (a `Dictionary` rehashed the key with SipHash on every row).
    ///
    /// Flat, for the memory a row touches: a slot is a hash, a key range and an entry, each in
    /// an array of its own, and the keys' bytes lie side by side in one array. (Each slot was
    /// an object holding two byte arrays: finding a row's parser read three objects scattered
    /// on the heap, and stalled on them for 5.5% of `fxparse parse --jobs 1` over the file
    /// that mixes every ICU locale, perf; 1.6% flat.)
    private struct ParserTable {
        /// Where a slot's key lies in ``keys``: the locale's bytes, then the currency's.
        private struct KeyRange {
            var start: Int
            var localeCount: Int
            var currencyCount: Int
        }

        /// A power of two: twice ``RowParser/maximumParsers``, so at most half full.
        private static let capacity = 2 * RowParser.maximumParsers
        private var hashes = [UInt64](repeating: 0, count: ParserTable.capacity)
        /// Each slot's key; nil for an empty slot.
        private var keyRanges = [KeyRange?](repeating: nil, count: ParserTable.capacity)
        private var entries = [ParserEntry?](repeating: nil, count: ParserTable.capacity)
        /// The keys' bytes.
        private var keys: [UInt8] = []
        private var count = 0

        func entry(hash: UInt64, locale: UnsafeBufferPointer<UInt8>, currency: UnsafeBufferPointer<UInt8>) -> ParserEntry? {
            let mask = ParserTable.capacity - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while let range = keyRanges[index] {
                if hashes[index] == hash, range.localeCount == locale.count, range.currencyCount == currency.count,
                   keys.withUnsafeBufferPointer({ keys in
                       Self.equal(keys, from: range.start, locale) && Self.equal(keys, from: range.start + locale.count, currency)
                   }) {
                    return entries[index]
                }
                index = (index + 1) & mask
            }
            return nil
        }

        /// Whether the key bytes from `start` are `bytes`, by `memcmp` (the generic
        /// `elementsEqual` stepped an iterator per byte).
        private static func equal(_ keys: UnsafeBufferPointer<UInt8>, from start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let stored = keys.baseAddress, let given = bytes.baseAddress, !bytes.isEmpty else { return true }
            return memcmp(stored + start, given, bytes.count) == 0
        }

        /// Adds a pair known to be absent; a full table (a file with endless distinct locale
        /// values: junk) is emptied first rather than grown.
        mutating func add(hash: UInt64, locale: UnsafeBufferPointer<UInt8>, currency: UnsafeBufferPointer<UInt8>,
                          entry: ParserEntry) {
            if count >= RowParser.maximumParsers {
                keyRanges = [KeyRange?](repeating: nil, count: ParserTable.capacity)
                entries = [ParserEntry?](repeating: nil, count: ParserTable.capacity)
                keys = []
                count = 0
            }
            let mask = ParserTable.capacity - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while keyRanges[index] != nil { index = (index + 1) & mask }
            hashes[index] = hash
            keyRanges[index] = KeyRange(start: keys.count, localeCount: locale.count, currencyCount: currency.count)
            entries[index] = entry
            keys.append(contentsOf: locale)
            keys.append(contentsOf: currency)
            count += 1
        }
    }

    /// The most parsers (one per distinct locale and currency hint pair) a row parser keeps;
    /// past it the cache starts again empty.
    public static let maximumParsers = 1024

    /// - Parameters:
    ///   - layout: The columns (from ``ParseLayout/init(header:extensionColumns:hasDefaultLocale:)``
    ///     with the extension's columns).
    ///   - locale: The locale of rows with no `locale` value.
    ///   - currency: The currency hint of rows with no `currency` value.
    ///   - options: Parsing options for every row.
    ///   - policy: What to do with malformed records.
    ///   - rowExtension: Extra columns computed from each amount.
    ///   - format: CSV or JSON Lines.
    public init(layout: ParseLayout, locale: String?, currency: String?, options: MoneyParser.Options,
                policy: BadRowPolicy = .error, rowExtension: RowExtension? = nil, format: RecordFormat = .csv) {
        precondition(rowExtension?.columns.count ?? 0 == layout.extensionColumns.count,
                     "the layout must be made with the extension's columns")
        self.layout = layout
        self.options = options
        self.policy = policy
        self.format = format
        self.memberPrefixes = layout.outputHeader.map(JSONLines.memberPrefix)
        self.rowExtension = rowExtension
        self.defaultLocaleBytes = Array((locale ?? "").utf8)
        self.defaultCurrencyBytes = Array((currency ?? "").utf8)
    }

    /// The header line of the output: CSV's; JSON Lines has none (each object names its keys).
    public var headerRecord: [UInt8] {
        guard format == .csv else { return [] }
        var output: [UInt8] = []
        CSVEncoding.appendRecord(layout.outputHeader, to: &output)
        return output
    }

    /// Parses records `first...` of `batch` and writes their output records, in order.
    ///
    /// A record whose locale another worker is parsing for the first time (building its
    /// tables, ``FirstParseClaims``) is set aside and parsed after the others, by then
    /// without waiting; its output still comes out in its place.
    public mutating func parse(_ batch: CSVRecordBatch, from first: Int = 0) -> ParsedBatch {
        var result = ParsedBatch()
        result.output.reserveCapacity(batch.byteCount + batch.count * 24)
        // Once a record is set aside: where the output before it ends, and where each later
        // record's output ends.
        var setAside: [Int] = []
        var prefixEnd = 0
        var laterEnds: [(record: Int, end: Int)] = []
        for index in first..<batch.count {
            if let bad = batch.badRow(index, expectedFieldCount: layout.inputHeader.count) {
                result.counts.read += 1
                result.counts.bad += 1
                result.badRows.append(bad)
                switch policy {
                case .error: writeBadRecord(index, of: batch, problem: bad.problem, to: &result.output)
                case .skipWithReport: break
                case .stop:
                    result.stopped = true
                }
                if result.stopped { break }
            } else {
                guard let outcome = parseRecord(index, of: batch, mayWait: false) else {
                    if setAside.isEmpty { prefixEnd = result.output.count }
                    setAside.append(index)
                    continue
                }
                result.counts.read += 1
                count(outcome, in: &result.counts)
                writeRecord(index, of: batch, outcome: outcome, to: &result.output)
            }
            if !setAside.isEmpty { laterEnds.append((index, result.output.count)) }
        }
        if !setAside.isEmpty { parseSetAside(setAside, of: batch, prefixEnd: prefixEnd, laterEnds: laterEnds, into: &result) }
        return result
    }

    /// Parses the records set aside (waiting for another worker's first parse where it is
    /// still under way) and puts their output in place among the records after them.
    private mutating func parseSetAside(_ setAside: [Int], of batch: CSVRecordBatch, prefixEnd: Int,
                                        laterEnds: [(record: Int, end: Int)], into result: inout ParsedBatch) {
        var output: [UInt8] = []
        var records: [(record: Int, range: Range<Int>)] = []
        for index in setAside {
            // (Waits, if need be: the other worker's first parse is under way, not stalled.)
            guard let outcome = parseRecord(index, of: batch, mayWait: true) else { preconditionFailure("a parse that may wait") }
            result.counts.read += 1
            count(outcome, in: &result.counts)
            let start = output.count
            writeRecord(index, of: batch, outcome: outcome, to: &output)
            records.append((index, start..<output.count))
        }
        // The records before the first one set aside are in place; the rest merge by record.
        var merged: [UInt8] = []
        merged.reserveCapacity(result.output.count + output.count)
        merged.append(contentsOf: result.output[..<prefixEnd])
        var start = prefixEnd
        var aside = records.startIndex
        for (record, end) in laterEnds {
            while aside < records.endIndex, records[aside].record < record {
                merged.append(contentsOf: output[records[aside].range])
                aside += 1
            }
            merged.append(contentsOf: result.output[start..<end])
            start = end
        }
        for (_, range) in records[aside...] { merged.append(contentsOf: output[range]) }
        result.output = merged
    }

    /// Counts a record's outcome.
    private func count(_ outcome: RecordOutcome, in counts: inout RowCounts) {
        switch outcome {
        case .failed: counts.failed += 1
        case .parsed(_, _, let extra):
            counts.parsed += 1
            switch extra {
            case .values?: counts.extended += 1
            case .failure?: counts.notExtended += 1
            case nil: break
            }
        }
    }

    // MARK: One record

    private enum RecordOutcome {
        /// The amount, and the extension's values or its error (a missing exchange rate keeps
        /// the parsed amount: only the conversion failed).
        case parsed(amount: String, code: String, extra: RowExtension.Outcome?)
        /// The error's stable name, its UTF-8 offset in the input field, and its sentence.
        case failed(kind: String, offset: Int?, message: String)
    }

    /// Parses a record; nil when `mayWait` is false and another worker's first parse of the
    /// record's locale is under way.
    private mutating func parseRecord(_ index: Int, of batch: CSVRecordBatch, mayWait: Bool) -> RecordOutcome? {
        guard let (entry, claimed) = parserEntry(index, of: batch, mayWait: mayWait) else { return nil }
        // The first parse of a claimed locale (this one) is over when this record is.
        defer { if claimed { finishFirstParse(index, of: batch) } }
        let parser: SharedParser
        switch entry {
        case .parser(let found): parser = found
        case .failure(let kind, let message): return .failed(kind: kind, offset: nil, message: message)
        }
        // A well-formed record (``CSVRecordBatch/badRow(_:expectedFieldCount:acceptingNUL:)``
        // passed it): its fields are valid UTF-8, read in place rather than as strings.
        let parsed = batch.withField(record: index, field: layout.input) { field in
            Result { () throws(MoneyParseError) in try parser.parse(validUTF8: field) }
        }
        let money: Money
        switch parsed {
        case .success(let value): money = value
        case .failure(let error): return .failed(kind: error.kind.name, offset: error.offset, message: error.description)
        }
        return .parsed(amount: money.amount.plainText, code: money.currency.code, extra: rowExtension?.compute(money))
    }

    /// The parser for a record's locale and currency hint (the defaults where its fields are
    /// empty), found by the fields' bytes: no strings are built and no hint is looked up for
    /// a pair met before, which is nearly every row. For a pair this worker meets first:
    /// whether it claimed the locale's first parse (``FirstParseClaims``); nil when another
    /// worker has it under way and `mayWait` is false.
    private mutating func parserEntry(_ index: Int, of batch: CSVRecordBatch,
                                      mayWait: Bool) -> (entry: ParserEntry, claimed: Bool)? {
        let localeRange = layout.locale.map { batch.byteRange(record: index, field: $0) }
        let currencyRange = layout.currency.map { batch.byteRange(record: index, field: $0) }
        return batch.withBytes { bytes -> (entry: ParserEntry, claimed: Bool)? in
            let locale = localeRange.flatMap { $0.isEmpty ? nil : UnsafeBufferPointer(rebasing: bytes[$0]) }
            let currency = currencyRange.flatMap { $0.isEmpty ? nil : UnsafeBufferPointer(rebasing: bytes[$0]) }
            return defaultLocaleBytes.withUnsafeBufferPointer { defaultLocale in
                defaultCurrencyBytes.withUnsafeBufferPointer { defaultCurrency in
                    parserEntry(locale: locale ?? defaultLocale, currency: currency ?? defaultCurrency, mayWait: mayWait)
                }
            }
        }
    }

    /// Marks the first parse of a record's locale done (the record's parse claimed it).
    private func finishFirstParse(_ index: Int, of batch: CSVRecordBatch) {
        let localeRange = layout.locale.map { batch.byteRange(record: index, field: $0) }
        batch.withBytes { bytes in
            if let localeRange, !localeRange.isEmpty {
                claims.finish(UnsafeBufferPointer(rebasing: bytes[localeRange]))
            } else {
                defaultLocaleBytes.withUnsafeBufferPointer { claims.finish($0) }
            }
        }
    }

    private mutating func parserEntry(locale: UnsafeBufferPointer<UInt8>, currency: UnsafeBufferPointer<UInt8>,
                                      mayWait: Bool) -> (entry: ParserEntry, claimed: Bool)? {
        // FNV-1a over the locale, a separator byte no UTF-8 text holds, and the currency.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in locale { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
        for byte in currency { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        if let known = parsers.entry(hash: hash, locale: locale, currency: currency) { return (known, false) }
        var claimed = false
        switch claims.claim(locale) {
        case .done: break
        case .claimed: claimed = true
        case .busy: if !mayWait { return nil }
        }
        let entry = Self.entry(locale: String(decoding: locale, as: UTF8.self), currency: String(decoding: currency, as: UTF8.self),
                               options: options)
        parsers.add(hash: hash, locale: locale, currency: currency, entry: entry)
        return (entry, claimed)
    }

    private static func entry(locale: String, currency code: String, options: MoneyParser.Options) -> ParserEntry {
        guard !locale.isEmpty else {
            return .failure(kind: "missingLocale", message: "The row has no locale and no default locale was given (--locale).")
        }
        var hint: Currency?
        if !code.isEmpty {
            do {
                hint = try Currency(code: code)
            } catch {
                return .failure(kind: "unknownCurrency", message: error.description)
            }
        }
        return .parser(SharedParser(MoneyParser(locale: Locale(identifier: locale), currency: hint, options: options)))
    }

    // MARK: Writing

    private func writeRecord(_ index: Int, of batch: CSVRecordBatch, outcome: RecordOutcome, to output: inout [UInt8]) {
        // The computed values, taken out of the outcome once per record.
        var amount = ""
        var code = ""
        var error = ""
        var errorOffset = ""
        var errorMessage = ""
        var extensionValues: [String] = []
        switch outcome {
        case .parsed(let parsedAmount, let parsedCode, let extra):
            amount = parsedAmount
            code = parsedCode
            switch extra {
            case .values(let values)?: extensionValues = values
            case .failure(let kind, let message)?: (error, errorMessage) = (kind, message)
            case nil: break
            }
        case .failed(let kind, let offset, let message):
            (error, errorOffset, errorMessage) = (kind, offset.map(String.init) ?? "", message)
        }
        let values = ComputedValues(amount: amount, code: code, error: error, errorOffset: errorOffset,
                                    errorMessage: errorMessage, extensionValues: extensionValues)
        batch.withBytes { bytes in
            switch format {
            case .csv: writeCSV(values, input: { UnsafeBufferPointer(rebasing: bytes[batch.byteRange(record: index, field: $0)]) }, to: &output)
            case .jsonl: writeJSON(values, input: { UnsafeBufferPointer(rebasing: bytes[batch.byteRange(record: index, field: $0)]) }, to: &output)
            }
        }
    }

    /// What the parse computed for a record, as text (empty where nothing was computed).
    private struct ComputedValues {
        let amount: String
        let code: String
        let error: String
        let errorOffset: String
        let errorMessage: String
        let extensionValues: [String]

        func value(_ source: ParseLayout.ColumnSource) -> String {
            switch source {
            case .input: ""
            case .amount: amount
            case .code: code
            case .error: error
            case .errorOffset: errorOffset
            case .errorMessage: errorMessage
            case .extensionValue(let position): position < extensionValues.count ? extensionValues[position] : ""
            }
        }
    }

    /// One CSV record: the input's fields as they are, the computed ones after them.
    @inline(__always)
    private func writeCSV(_ values: ComputedValues, input: (Int) -> UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        for (column, source) in layout.sources.enumerated() {
            if column > 0 { output.append(0x2C) }
            if case .input(let field) = source {
                CSVEncoding.append(input(field), to: &output)
            } else {
                let value = values.value(source)
                if !value.isEmpty { CSVEncoding.append(value, to: &output) }
            }
        }
        output.append(0x0A)
    }

    /// One JSON object: input fields as strings; of the computed values, an absent one is
    /// null and the offset a number.
    private func writeJSON(_ values: ComputedValues, input: (Int) -> UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(0x7B)
        for (column, source) in layout.sources.enumerated() {
            if column > 0 { output.append(0x2C) }
            output.append(contentsOf: memberPrefixes[column])
            if case .input(let field) = source {
                JSONLines.appendString(input(field), to: &output)
                continue
            }
            let value = values.value(source)
            if value.isEmpty {
                output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
            } else if source == .errorOffset {
                output.append(contentsOf: value.utf8)
            } else {
                JSONLines.appendString(value, to: &output)
            }
        }
        output.append(contentsOf: [0x7D, 0x0A])
    }

    /// A malformed record under ``BadRowPolicy/error``: its fields as read (invalid UTF-8 and
    /// NUL as U+FFFD), padded to the header's width; the fields past the header's width stay in
    /// its last column as CSV text (`d,"e,f"`), so that nothing is lost. No amount; the
    /// problem's name in `error`.
    private func writeBadRecord(_ index: Int, of batch: CSVRecordBatch, problem: CSVProblem, to output: inout [UInt8]) {
        // Scalar by scalar: a NUL followed by a combining mark is one Character, which
        // `replacingOccurrences(of: "\0", ...)` does not match (found by fuzz-csv).
        var fields = batch.fields(ofRecord: index).map { field in
            String(String.UnicodeScalarView(field.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
        }
        let inputWidth = layout.inputHeader.count
        if fields.count > inputWidth {
            var rest: [UInt8] = []
            for (offset, field) in fields[(inputWidth - 1)...].enumerated() {
                if offset > 0 { rest.append(0x2C) }
                CSVEncoding.append(field, to: &rest)
            }
            fields[inputWidth - 1] = String(decoding: rest, as: UTF8.self)
            fields.removeSubrange(inputWidth...)
        }
        var record = Array(repeating: "", count: layout.outputHeader.count)
        for (column, field) in fields.enumerated() { record[column] = field }
        record[layout.amount] = ""
        record[layout.code] = ""
        for column in layout.extensionColumns { record[column] = "" }
        record[layout.error] = problem.name
        record[layout.errorOffset] = ""
        record[layout.errorMessage] = "Malformed CSV record: \(problem.summary)."
        switch format {
        case .csv: CSVEncoding.appendRecord(record, to: &output)
        case .jsonl:
            // As in writeJSON: an empty computed value is null.
            let values = record.enumerated().map { column, value -> JSONLines.Value in
                if case .input = layout.sources[column] { return .string(value) }
                return value.isEmpty ? .null : .string(value)
            }
            JSONLines.appendObject(keys: layout.outputHeader, values: values, to: &output)
        }
    }
}
