#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MoneyKit

/// `fxparse parse` over a stream: reads CSV from a file descriptor as it arrives, parses the
/// rows on `jobs` threads in batches, and writes the output records in input order as they
/// are ready. Memory is bounded by a few batches in flight, whatever the input's length
/// (Docs/Streaming.md).
public struct StreamingParse: Sendable {
    /// How the stream is read and parsed.
    public struct Settings: Sendable {
        /// Worker threads.
        public var jobs: Int
        /// The input's column names when it has no header row (`--no-header --columns`);
        /// nil when its first record is the header.
        public var columns: [String]?
        /// The locale and currency hint of rows without their own.
        public var locale: String?
        public var currency: String?
        public var options: MoneyParser.Options
        public var policy: BadRowPolicy
        public var rowExtension: RowExtension?
        /// The longest field kept, in bytes.
        public var maxFieldSize: Int
        /// Records per batch: the unit of work of one thread.
        public var batchSize: Int
        /// CSV (with a header unless the input is headerless) or JSON Lines.
        public var format: RecordFormat

        public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, columns: [String]? = nil,
                    locale: String? = nil, currency: String? = nil, options: MoneyParser.Options = .init(),
                    policy: BadRowPolicy = .error, rowExtension: RowExtension? = nil,
                    maxFieldSize: Int = 1 << 20, batchSize: Int = 8192, format: RecordFormat = .csv) {
            self.jobs = jobs
            self.columns = columns
            self.locale = locale
            self.currency = currency
            self.options = options
            self.policy = policy
            self.rowExtension = rowExtension
            self.maxFieldSize = maxFieldSize
            self.batchSize = batchSize
            self.format = format
        }
    }

    /// Why the stream could not be parsed (as opposed to rows that fail or are malformed).
    public enum Failure: Error, CustomStringConvertible {
        /// The input is empty where a header row was expected.
        case noHeader
        /// The header row is itself malformed.
        case badHeader(BadRow)
        /// The header lacks a column the parse needs.
        case layout(ParseLayout.Problem)
        case readFailed(String)
        case writeFailed(String)

        public var description: String {
            switch self {
            case .noHeader: "no header row (the input is empty; for headerless input pass --no-header)"
            case .badHeader(let bad): "the header row is malformed: \(bad)"
            case .layout(let problem): "\(problem)"
            case .readFailed(let reason): "cannot read the input: \(reason)"
            case .writeFailed(let reason): "cannot write the output: \(reason)"
            }
        }
    }

    /// What a run did.
    public struct Summary: Sendable {
        public var counts = RowCounts()
        /// Under ``BadRowPolicy/stop``: the run stopped at a malformed row.
        public var stoppedAt: BadRow?
    }

    /// How far a run has got, for a progress line.
    public struct Progress: Sendable {
        /// Rows written (or skipped) so far.
        public var rows: Int
        /// Input bytes read so far.
        public var bytesRead: Int
    }

    public let settings: Settings

    public init(settings: Settings) {
        self.settings = settings
    }

    /// Reads `input` to its end and writes the result to `output`.
    ///
    /// - Parameters:
    ///   - input: A readable file descriptor.
    ///   - output: A writable file descriptor.
    ///   - report: Called with each malformed row, in input order (on the writer thread).
    ///   - progress: Called after each batch is written (on the writer thread).
    public func run(input: Int32, output: Int32,
                    report: @escaping @Sendable (BadRow) -> Void = { _ in },
                    progress: @escaping @Sendable (Progress) -> Void = { _ in }) throws(Failure) -> Summary {
        var reader = BlockReader(descriptor: input)
        var tokenizer = CSVTokenizer(maxFieldSize: settings.maxFieldSize)
        var batch = CSVRecordBatch()

        // The header: the first record, unless the columns are given.
        let header: [String]
        var firstRecord = 0
        if let columns = settings.columns {
            header = columns
        } else {
            while batch.count == 0 {
                guard try readMore(&reader, &tokenizer, &batch) else {
                    tokenizer.finish(into: &batch)
                    break
                }
            }
            guard batch.count > 0 else { throw .noHeader }
            header = batch.fields(ofRecord: 0)
            if let bad = batch.badRow(0, expectedFieldCount: header.count) { throw .badHeader(bad) }
            firstRecord = 1
        }
        let layout: ParseLayout
        do {
            layout = try ParseLayout(header: header, extensionColumns: settings.rowExtension?.columns ?? [],
                                     hasDefaultLocale: settings.locale != nil)
        } catch {
            throw .layout(error)
        }
        let rowParser = RowParser(layout: layout, locale: settings.locale, currency: settings.currency,
                                  options: settings.options, policy: settings.policy, rowExtension: settings.rowExtension,
                                  format: settings.format)
        let writer = OutputWriter(descriptor: output, report: report, progress: progress, bytesRead: reader.bytesRead)
        if settings.columns == nil { writer.writeAll(rowParser.headerRecord) }

        let pipeline = OrderedPipeline<(CSVRecordBatch, Int), ParsedBatch>(
            jobs: max(settings.jobs, 1), capacity: 2 * max(settings.jobs, 1) + 2,
            makeWorker: {
                var parser = rowParser
                return { parser.parse($0.0, from: $0.1) }
            },
            consume: { writer.consume($0) })
        var readFailure: Failure?
        feeding: while true {
            if batch.count >= settings.batchSize || batch.byteCount >= 1 << 20 || reader.atEnd {
                if reader.atEnd { tokenizer.finish(into: &batch) }
                let complete = batch.takeCompleteRecords()
                if complete.count > firstRecord {
                    writer.bytesRead.store(reader.bytesRead)
                    guard pipeline.submit((complete, firstRecord)) else { break feeding }
                }
                firstRecord = 0
                if reader.atEnd { break feeding }
            }
            do {
                _ = try readMore(&reader, &tokenizer, &batch)
            } catch {
                readFailure = error
                break feeding
            }
        }
        pipeline.finish()
        if let readFailure { throw readFailure }
        return try writer.summary()
    }

    /// Reads one block into the tokenizer; false at the end of the input.
    private func readMore(_ reader: inout BlockReader, _ tokenizer: inout CSVTokenizer,
                          _ batch: inout CSVRecordBatch) throws(Failure) -> Bool {
        guard let block = try reader.next() else { return false }
        block.withUnsafeBufferPointer { tokenizer.feed($0, into: &batch) }
        return true
    }
}

/// Reads a file descriptor in blocks of 64 KiB: small enough that a batch (2,048 records)
/// is cut close to its size, so that the batches in flight, not the blocks, bound memory.
private struct BlockReader {
    let descriptor: Int32
    private(set) var bytesRead = 0
    private(set) var atEnd = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next block, or nil at the end of the input.
    mutating func next() throws(StreamingParse.Failure) -> ArraySlice<UInt8>? {
        guard !atEnd else { return nil }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(String(cString: strerror(errno)))
            }
            if count == 0 {
                atEnd = true
                return nil
            }
            bytesRead += count
            return buffer[..<count]
        }
    }
}

/// The writer thread's side: writes each batch's output, reports its bad rows, counts.
private final class OutputWriter: @unchecked Sendable {
    let descriptor: Int32
    let report: @Sendable (BadRow) -> Void
    let progress: @Sendable (StreamingParse.Progress) -> Void
    /// Written by the reader thread, read by the writer thread.
    let bytesRead: AtomicCounter
    // Touched by the writer thread only (and read after the pipeline has finished).
    private var counts = RowCounts()
    private var stoppedAt: BadRow?
    private var failure: StreamingParse.Failure?

    init(descriptor: Int32, report: @escaping @Sendable (BadRow) -> Void,
         progress: @escaping @Sendable (StreamingParse.Progress) -> Void, bytesRead: Int) {
        self.descriptor = descriptor
        self.report = report
        self.progress = progress
        self.bytesRead = AtomicCounter(bytesRead)
    }

    /// Takes one batch's result; false to stop the run.
    func consume(_ batch: ParsedBatch) -> Bool {
        writeAll(batch.output)
        counts += batch.counts
        batch.badRows.forEach(report)
        if batch.stopped { stoppedAt = batch.badRows.last }
        progress(.init(rows: counts.read, bytesRead: bytesRead.load()))
        return failure == nil && !batch.stopped
    }

    func writeAll(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .writeFailed(String(cString: strerror(errno)))
                    return
                }
                offset += written
            }
        }
    }

    func summary() throws(StreamingParse.Failure) -> StreamingParse.Summary {
        if let failure { throw failure }
        return .init(counts: counts, stoppedAt: stoppedAt)
    }
}

/// An integer one thread writes and another reads (the bytes read, for the progress line).
private final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int

    init(_ value: Int) { self.value = value }

    func store(_ newValue: Int) {
        lock.lock()
        value = newValue
        lock.unlock()
    }

    func load() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
