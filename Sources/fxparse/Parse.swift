import ArgumentParser
import Foundation
import MoneyKit
import MoneyKitCorpus

struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse the input column of every row; write the rows back with the amount, code or error.",
        discussion: """
            Streams: rows are read, parsed on --jobs threads and written in input order as they \
            go, in bounded memory. Every row comes out, in order: `amount` is plain decimal text \
            (-1234.5), `code` the ISO 4217 code; on failure `error` names the error's kind, \
            `error_offset` gives the UTF-8 byte offset in the input where it was found (when \
            there is one) and `error_message` the library's sentence. --format jsonl writes \
            one JSON object per row instead, keyed by the same column names. Malformed CSV records (an unterminated quote, a ragged row, invalid UTF-8, \
            a NUL byte, a field over --max-field-size) are reported on standard error with their \
            line and handled by --on-bad-row. A summary of the rows read, parsed, failed and bad \
            (and with --to, converted and without a rate) ends standard error.

            Exit status: 0 every row written (rows that fail to parse included); 2 the input or \
            output is unusable (missing file, no header or no input column, a read or write \
            error, unreadable exchange rates); 3 malformed rows were left out \
            (--on-bad-row skip-with-report); 4 stopped at a malformed row (--on-bad-row stop); \
            64 a command-line usage error.
            """)

    @Argument(help: "The CSV file to read, or - for standard input.")
    var file: String = "-"

    @OptionGroup var context: Context

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (- is standard output).")
    var output: String?

    @Flag(name: .long, help: "Parse in strict mode.")
    var strict = false

    @Option(name: .long, help: "Output format (jsonl: one JSON object per row, no header).")
    var format: RecordFormat = .csv

    @Option(name: .long, help: "Parser threads (default: one per core).")
    var jobs: Int?

    @Flag(name: .long, help: "The input has no header row (a chunk of a larger file); give its columns with --columns. The output has none either.")
    var noHeader = false

    @Option(name: .long, help: "The columns of headerless input, comma-separated (default: input).")
    var columns: String?

    @Option(name: .long, help: "What to do with a malformed CSV record: write it with its problem in the error column (error), leave it out and report it (skip-with-report), or stop before it (stop).")
    var onBadRow: BadRowPolicy = .error

    @Option(name: .long, help: "The longest field kept, in bytes; a longer one makes its row bad.")
    var maxFieldSize: Int = 1 << 20

    @Option(name: .long, help: "Write every malformed row's report (line and problem) to this file; standard error lists the first 100.")
    var report: String?

    @Flag(name: .long, help: "Show the progress line on standard error even when it is not a terminal.")
    var progress = false

    @OptionGroup var conversion: ConversionOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxFieldSize < 1 { throw ValidationError("--max-field-size must be at least 1") }
        if columns != nil && !noHeader { throw ValidationError("--columns names the columns of headerless input: add --no-header") }
    }

    func run() throws {
        let input = try openInput()
        var settings = StreamingParse.Settings(
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            columns: noHeader ? (columns ?? "input").split(separator: ",", omittingEmptySubsequences: false).map(String.init) : nil,
            locale: context.locale, currency: context.currency,
            options: MoneyParser.Options(mode: strict ? .strict : .lenient),
            policy: onBadRow, maxFieldSize: maxFieldSize, format: format)
        if conversion.wanted { settings.rowExtension = try conversion.rowExtension() }
        // Only now, so that rates that cannot be read leave an existing output file alone.
        let outputDescriptor = try openOutput(readingFrom: input)

        let name = file == "-" ? "standard input" : file
        let meter = ProgressLine(enabled: progress || isatty(STDERR_FILENO) == 1,
                                 onTerminal: isatty(STDERR_FILENO) == 1, inputSize: Self.size(of: input))
        let reports = try BadRowReports(file: report)
        let summary: StreamingParse.Summary
        do {
            summary = try StreamingParse(settings: settings).run(
                input: input, output: outputDescriptor,
                report: { bad in
                    meter.clear()
                    reports.add("fxparse: \(name): \(bad)")
                },
                progress: { meter.update($0) })
        } catch {
            meter.clear()
            complain("fxparse: \(name): \(error)")
            throw ExitCode(2)
        }
        meter.clear()
        reports.finish()
        complain(Self.describe(summary, seconds: meter.elapsed, converting: conversion.wanted))
        if let stop = summary.stoppedAt {
            complain("fxparse: stopped at line \(stop.line) (--on-bad-row stop); the output ends with the row before it")
            throw ExitCode(4)
        }
        if summary.counts.bad > 0 && onBadRow == .skipWithReport { throw ExitCode(3) }
    }

    /// `fxparse: 1000000 rows read: 912345 parsed, 82000 failed, 5655 bad (0.91 s, 1.10 M rows/s, peak memory 60 MB)`;
    /// with `--to`, the conversions follow the parse counts: `...; 912000 converted, 345 without a rate (...)`.
    static func describe(_ summary: StreamingParse.Summary, seconds: Double, converting: Bool = false) -> String {
        let counts = summary.counts
        let rate = seconds > 0 ? Double(counts.read) / seconds : 0
        let speed = rate >= 1_000_000 ? String(format: "%.2f M rows/s", rate / 1_000_000) : String(format: "%.0f rows/s", rate)
        let peakMegabytes = (peakResidentKilobytes() + 512) / 1024
        let conversions = converting ? "; \(counts.extended) converted, \(counts.notExtended) without a rate" : ""
        return "fxparse: \(counts.read) rows read: \(counts.parsed) parsed, \(counts.failed) failed, \(counts.bad) bad"
            + conversions + " (\(String(format: "%.2f", seconds)) s, \(speed), peak memory \(peakMegabytes) MB)"
    }

    /// This process's peak resident memory in KiB: the high-water mark of its own address
    /// space (`VmHWM` in /proc/self/status). `getrusage`'s `ru_maxrss` is not that on Linux:
    /// a process started by `posix_spawn` inherits its parent's peak as a floor (exec records
    /// the address space it leaves), so fxparse started by a large test process reported the
    /// test process's memory. `ru_maxrss` remains the answer where /proc is missing.
    static func peakResidentKilobytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.dropFirst("VmHWM:".count).filter(\.isNumber)) {
            return kilobytes
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)  // KiB on Linux
    }

    private func openInput() throws -> Int32 {
        if file == "-" && isatty(STDIN_FILENO) == 1 {
            // Typed rows: say what is expected, or the command seems to hang.
            complain("fxparse: reading CSV from the terminal: a header row with an input column, then one row per "
                + "line; Ctrl-D ends (or give a file: fxparse parse FILE.csv)")
        }
        guard file != "-" else { return STDIN_FILENO }
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else {
            complain("fxparse: \(file): cannot read the file (\(String(cString: strerror(errno))))")
            throw ExitCode(2)
        }
        return descriptor
    }

    /// Opens `--output`, refusing the input file itself: truncating it would lose every row
    /// before the first one is read.
    private func openOutput(readingFrom input: Int32) throws -> Int32 {
        guard let output, output != "-" else { return STDOUT_FILENO }
        var inputStatus = stat()
        var outputStatus = stat()
        if fstat(input, &inputStatus) == 0, stat(output, &outputStatus) == 0,
           inputStatus.st_dev == outputStatus.st_dev, inputStatus.st_ino == outputStatus.st_ino {
            complain("fxparse: \(output) is the input file; write the output elsewhere")
            throw ExitCode(2)
        }
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            complain("fxparse: cannot write \(output) (\(String(cString: strerror(errno))))")
            throw ExitCode(2)
        }
        return descriptor
    }

    /// The size of a regular file, for the progress percentage; nil for a pipe or terminal.
    static func size(of descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}

extension BadRowPolicy: ExpressibleByArgument {}
extension RecordFormat: ExpressibleByArgument {}

/// The progress line on standard error: rows, rows per second and, when the input's size is
/// known, the share read. Redrawn in place at most four times a second on a terminal; one
/// line per second otherwise (--progress into a log).
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let onTerminal: Bool
    private let inputSize: Int?
    private let start = Date()
    private let lock = NSLock()
    private var lastDrawn = Date.distantPast
    private var drawn = false

    init(enabled: Bool, onTerminal: Bool, inputSize: Int?) {
        self.enabled = enabled
        self.onTerminal = onTerminal
        self.inputSize = inputSize
    }

    var elapsed: Double { Date().timeIntervalSince(start) }

    func update(_ progress: StreamingParse.Progress) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) >= (onTerminal ? 0.25 : 1) else { return }
        lastDrawn = now
        let seconds = now.timeIntervalSince(start)
        var line = "\(progress.rows) rows, \(Int(Double(progress.rows) / max(seconds, 0.001))) rows/s"
        if let inputSize, inputSize > 0 {
            line += ", \(min(100, progress.bytesRead * 100 / inputSize))%"
        }
        if onTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
            drawn = true
        } else {
            complain("fxparse: " + line)
        }
    }

    /// Erases the line on a terminal, before other messages.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if drawn {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            drawn = false
        }
    }
}

/// Where malformed rows are reported: standard error, up to 100 of them, and every one in the
/// `--report` file when there is one. Called on the writer thread only.
final class BadRowReports: @unchecked Sendable {
    static let listedOnStandardError = 100
    private let file: FileHandle?
    private let path: String?
    private var count = 0

    init(file path: String?) throws {
        self.path = path
        guard let path else {
            file = nil
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            complain("fxparse: cannot write \(path)")
            throw ExitCode(2)
        }
        file = handle
    }

    func add(_ line: String) {
        count += 1
        if count <= Self.listedOnStandardError { complain(line) }
        file?.write(Data((line + "\n").utf8))
    }

    func finish() {
        try? file?.close()
        if count > Self.listedOnStandardError {
            complain("fxparse: \(count - Self.listedOnStandardError) more malformed rows not listed here"
                     + (path.map { "; \($0) lists all \(count)" } ?? " (--report FILE lists every one)"))
        }
    }
}
