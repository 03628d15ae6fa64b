/// An incremental RFC 4180 reader over bytes: feed it blocks of any size as they arrive and it
/// appends every complete record to a ``CSVRecordBatch``, with the line where it starts and
/// what is wrong with it. Memory stays bounded whatever the input: a field never holds more
/// than `maxFieldSize` bytes, and one unclosed quote costs one record, not the rest of the
/// input (Docs/Streaming.md, "Malformed CSV (bad rows)").
///
/// The format: fields separated by `,`; records ended by LF, CRLF or CR; a field that starts
/// with `"` is quoted and may hold `,`, line breaks and doubled quotes (`""`); a quote inside
/// an unquoted field is an ordinary character (`5" screen`), as in most CSV readers. A leading
/// UTF-8 byte-order mark is skipped. An empty line is a record with one empty field; the line
/// break at the end of the input does not start another record.
public struct CSVTokenizer: Sendable {
    private enum State: Sendable {
        /// Before the first byte of a record.
        case recordStart
        /// After a `,`: a field begins.
        case fieldStart
        case unquoted
        case quoted
        /// A `"` inside a quoted field: the next byte says whether it closed the field.
        case quoteInQuoted
        /// After a CR that ended a record: an LF right after it belongs to the same break.
        case afterCR
        /// Dropping the rest of a line whose quoted field outgrew the limit.
        case skippingLine
    }

    /// The longest field kept, in bytes.
    public let maxFieldSize: Int
    private var state = State.recordStart
    /// The line being read (1-based).
    private var line = 1
    private var recordLine = 1
    private var problem: CSVProblem?
    /// The field in progress passed `maxFieldSize`: its text is dropped.
    private var fieldOverflowed = false
    /// Inside a quoted field: the line where the quote opened, the raw bytes since (to
    /// recover the lines after an unterminated quote; at most twice `maxFieldSize`, as the
    /// field overflows first), and whether the last byte was a CR.
    private var quoteLine = 1
    private var quotedRaw: [UInt8] = []
    private var quotedAfterCR = false
    private var atStreamStart = true
    private var byteOrderMarkMatched = 0
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A reader whose fields hold at most `maxFieldSize` bytes (1 MiB by default).
    public init(maxFieldSize: Int = 1 << 20) {
        precondition(maxFieldSize > 0, "maxFieldSize must be positive")
        self.maxFieldSize = maxFieldSize
    }

    /// Reads `input`, appending the records it completes to `batch`. The record in progress
    /// stays in `batch` (see ``CSVRecordBatch/takeCompleteRecords()``) until a later call
    /// or ``finish(into:)`` completes it.
    public mutating func feed(_ input: UnsafeBufferPointer<UInt8>, into batch: inout CSVRecordBatch) {
        var index = 0
        let count = input.count
        if atStreamStart {
            // A byte-order mark, matched byte by byte: it may arrive split across feeds.
            while index < count, byteOrderMarkMatched < 3, input[index] == CSVTokenizer.byteOrderMark[byteOrderMarkMatched] {
                byteOrderMarkMatched += 1
                index += 1
            }
            if index == count, byteOrderMarkMatched < 3 { return }
            atStreamStart = false
            if byteOrderMarkMatched < 3 {
                // Not a mark after all: its first bytes are data.
                CSVTokenizer.byteOrderMark[..<byteOrderMarkMatched].withUnsafeBufferPointer { feed($0, into: &batch) }
            }
        }
        while index < count {
            let byte = input[index]
            switch state {
            case .recordStart, .fieldStart, .unquoted, .afterCR:
                if state == .afterCR {
                    state = .recordStart
                    if byte == 0x0A { index += 1; continue }
                }
                if byte == 0x22, state != .unquoted {  // an opening quote
                    state = .quoted
                    quoteLine = line
                    quotedRaw.removeAll(keepingCapacity: true)
                    quotedAfterCR = false
                    index += 1
                    continue
                }
                // The common case: a run of ordinary bytes, appended at once.
                let runStart = index
                while index < count, !CSVTokenizer.isSpecial(input[index]) { index += 1 }
                if index > runStart {
                    state = .unquoted
                    appendToField(UnsafeBufferPointer(rebasing: input[runStart..<index]), in: &batch)
                    continue
                }
                index += 1
                switch byte {
                case 0x2C:  // ,
                    endField(in: &batch)
                    state = .fieldStart
                case 0x0A, 0x0D:
                    endField(in: &batch)
                    endRecord(in: &batch)
                    line += 1
                    state = byte == 0x0D ? .afterCR : .recordStart
                case 0x22:  // a quote inside an unquoted field: an ordinary byte
                    state = .unquoted
                    appendToField(byte, in: &batch)
                default:  // NUL
                    state = .unquoted
                    appendNUL(in: &batch)
                }
            case .quoted:
                // The common case: a run of ordinary bytes, appended at once.
                let runStart = index
                while index < count, !CSVTokenizer.isSpecialInQuotes(input[index]) { index += 1 }
                if index > runStart {
                    let run = UnsafeBufferPointer(rebasing: input[runStart..<index])
                    quotedRaw.append(contentsOf: run)
                    quotedAfterCR = false
                    appendToField(run, in: &batch)
                    if fieldOverflowed { recoverFromOpenQuote(in: &batch, atEnd: false) }
                    continue
                }
                index += 1
                quotedRaw.append(byte)
                switch byte {
                case 0x22:
                    state = .quoteInQuoted
                case 0x0D:
                    line += 1
                    quotedAfterCR = true
                    appendToField(byte, in: &batch)
                case 0x0A:
                    if !quotedAfterCR { line += 1 }
                    quotedAfterCR = false
                    appendToField(byte, in: &batch)
                case 0x00:
                    quotedAfterCR = false
                    appendNUL(in: &batch)
                default:
                    quotedAfterCR = false
                    appendToField(byte, in: &batch)
                }
                if fieldOverflowed {
                    // Most likely a quote that never closes: stop before it swallows the input.
                    recoverFromOpenQuote(in: &batch, atEnd: false)
                }
            case .quoteInQuoted:
                switch byte {
                case 0x22:  // a doubled quote: one quote of text
                    index += 1
                    quotedRaw.append(byte)
                    state = .quoted
                    appendToField(byte, in: &batch)
                case 0x2C, 0x0A, 0x0D:  // the quote closed the field
                    state = .unquoted  // ends like an unquoted field, at this byte
                default:
                    if quoteLine < line {
                        // The "closing" quote is lines after the opening one, and text
                        // follows it: the opening quote was never closed.
                        recoverFromOpenQuote(in: &batch, atEnd: false)
                        continue
                    }
                    // `"12"34`: text after the closing quote is kept, the record is bad.
                    setProblem(.strayQuote)
                    state = .unquoted
                }
            case .skippingLine:
                while index < count, input[index] != 0x0A, input[index] != 0x0D { index += 1 }
                if index < count {
                    state = .unquoted  // the line break ends the record as usual
                }
            }
        }
    }

    /// Ends the input: completes the record in progress, if any, and recovers the lines after
    /// a quote that never closed.
    public mutating func finish(into batch: inout CSVRecordBatch) {
        if atStreamStart {
            // The input was the start of a byte-order mark and nothing more: it is data.
            atStreamStart = false
            CSVTokenizer.byteOrderMark[..<byteOrderMarkMatched].withUnsafeBufferPointer { feed($0, into: &batch) }
        }
        switch state {
        case .recordStart, .afterCR:
            break
        case .quoted:
            recoverFromOpenQuote(in: &batch, atEnd: true)
            finish(into: &batch)
        case .fieldStart, .unquoted, .quoteInQuoted, .skippingLine:
            endField(in: &batch)
            endRecord(in: &batch)
            state = .recordStart
        }
    }

    // MARK: Steps

    /// `,` LF CR `"` NUL: the bytes that end a run of ordinary field text.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte <= 0x2C && (byte == 0x2C || byte == 0x0A || byte == 0x0D || byte == 0x22 || byte == 0x00)
    }

    /// `"` LF CR NUL: the bytes that end a run of ordinary text in a quoted field.
    @inline(__always)
    private static func isSpecialInQuotes(_ byte: UInt8) -> Bool {
        byte <= 0x22 && (byte == 0x22 || byte == 0x0A || byte == 0x0D || byte == 0x00)
    }

    private mutating func appendToField(_ bytes: UnsafeBufferPointer<UInt8>, in batch: inout CSVRecordBatch) {
        guard !fieldOverflowed else { return }
        batch.bytes.append(contentsOf: bytes)
        checkFieldSize(in: &batch)
    }

    private mutating func appendToField(_ byte: UInt8, in batch: inout CSVRecordBatch) {
        guard !fieldOverflowed else { return }
        batch.bytes.append(byte)
        checkFieldSize(in: &batch)
    }

    /// A NUL is kept (a parser corpus may test it) and makes the record bad.
    private mutating func appendNUL(in batch: inout CSVRecordBatch) {
        setProblem(.nulByte)
        appendToField(0, in: &batch)
    }

    private mutating func checkFieldSize(in batch: inout CSVRecordBatch) {
        if batch.bytes.count - batch.currentFieldStart > maxFieldSize {
            batch.bytes.removeSubrange(batch.currentFieldStart...)
            fieldOverflowed = true
            setProblem(.fieldTooLong)
        }
    }

    private mutating func setProblem(_ found: CSVProblem) {
        // A structural problem says more than a NUL seen earlier in the record.
        if problem == nil || (problem == .nulByte && found != .nulByte) { problem = found }
    }

    private mutating func endField(in batch: inout CSVRecordBatch) {
        batch.fieldEnds.append(batch.bytes.count)
        fieldOverflowed = false
    }

    private mutating func endRecord(in batch: inout CSVRecordBatch) {
        batch.records.append(.init(fieldLimit: batch.fieldEnds.count, line: recordLine, lastLine: line, problem: problem))
        problem = nil
        recordLine = line + 1
    }

    /// A quoted field outgrew the limit, the input ended inside it, or its closing quote came
    /// lines later with text right after it (`"5.00,en_US` ... `6,"12"34`). The record is cut at
    /// the end of the line where the quote opened (the field keeps that line's text) and the
    /// bytes after that line break are read again as records of their own, so that one stray
    /// quote costs one row, not the rest of the file. When that first line is itself longer
    /// than the limit, the field is dropped and the rest of the line skipped.
    private mutating func recoverFromOpenQuote(in batch: inout CSVRecordBatch, atEnd: Bool) {
        let raw = quotedRaw
        quotedRaw.removeAll(keepingCapacity: true)
        batch.bytes.removeSubrange(batch.currentFieldStart...)
        fieldOverflowed = false
        line = quoteLine
        guard let lineBreak = raw.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
            if atEnd {
                // The rest of the input is one line: it is this field.
                batch.bytes.append(contentsOf: raw)
                problem = .unterminatedQuote
                state = .unquoted
            } else {
                problem = .fieldTooLong
                state = .skippingLine
            }
            return
        }
        batch.bytes.append(contentsOf: raw[..<lineBreak])
        problem = .unterminatedQuote
        endField(in: &batch)
        endRecord(in: &batch)
        line += 1
        state = .recordStart
        var rest = lineBreak + 1
        if raw[lineBreak] == 0x0D, rest < raw.count, raw[rest] == 0x0A { rest += 1 }
        raw[rest...].withUnsafeBufferPointer { feed($0, into: &batch) }
    }
}
