import ArgumentParser
import Foundation
import MoneyKit
import MoneyKitCorpus

/// `fxparse extract`: every amount of money in lines of free text (Docs/Extraction.md).
///
/// Reads UTF-8 text, one text per line, and writes one CSV row per amount found:
/// `line,rank,match,start,end,amount,code` (`line` 1-based, `start` and `end` UTF-8 byte
/// offsets in the line, a range as two rows, its lower and upper ends, with the same rank and
/// match). A line with no amount writes no row. Streams in constant memory.
struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the amounts of money in lines of free text.",
        discussion: """
            Input is UTF-8 text, one text per line. Output is CSV with the header \
            line,rank,match,start,end,amount,code: one row per amount found, line 1-based, start \
            and end UTF-8 byte offsets in the line, rank 1 for the line's main price; a range \
            is two rows (its lower and upper ends) with the same rank and match. A line with no \
            amount writes no row. A line that is not valid UTF-8 is reported on standard error \
            with its number and read with U+FFFD in place of the bad bytes.
            """
    )

    @Argument(help: "The text file to read, or - for standard input.")
    var file = "-"

    @OptionGroup var context: Context

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (- is standard output).")
    var output = "-"

    @Option(name: .long, help: "Output format (jsonl: one JSON object per row, no header).")
    var format: RecordFormat = .csv

    static let columns = ["line", "rank", "match", "start", "end", "amount", "code"]

    func run() throws {
        let locale = Locale(identifier: context.locale ?? "en_US")
        let currency = context.currency.flatMap { try? Currency(code: $0) }
        let parser = MoneyParser(locale: locale, currency: currency)
        guard let input = file == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: file) else {
            complain("fxparse: cannot read \(file)")
            throw ExitCode(2)
        }
        let sink: FileHandle
        if output == "-" {
            sink = FileHandle.standardOutput
        } else {
            guard FileManager.default.createFile(atPath: output, contents: nil), let handle = FileHandle(forWritingAtPath: output) else {
                complain("fxparse: cannot write \(output)")
                throw ExitCode(2)
            }
            sink = handle
        }
        var out: [UInt8] = []
        if format == .csv { CSVEncoding.appendRecord(Self.columns, to: &out) }
        var lines = LineReader(input)
        var number = 0
        var amounts = 0
        while var line = try lines.next() {
            number += 1
            if line.last == 0x0D { line.removeLast() }
            if !line.withUnsafeBufferPointer(CSVEncoding.isValidUTF8) {
                complain("\(file == "-" ? "standard input" : file): line \(number): invalidUTF8: invalid UTF-8")
            }
            // Invalid bytes read as U+FFFD: the line's amounts are still found.
            let text = String(decoding: line, as: UTF8.self)
            for match in parser.matches(in: text) {
                amounts += 1
                let ends: [Money]
                switch match.value {
                case .amount(let money): ends = [money]
                case .range(let range): ends = [range.lowerBound, range.upperBound]
                }
                for money in ends {
                    let values = [String(number), String(match.rank), match.text, String(match.utf8Range.lowerBound),
                                  String(match.utf8Range.upperBound), money.amount.plainText, money.currency.code]
                    switch format {
                    case .csv: CSVEncoding.appendRecord(values, to: &out)
                    case .jsonl:
                        JSONLines.appendObject(keys: Self.columns, values: [
                            .integer(number), .integer(match.rank), .string(match.text), .integer(match.utf8Range.lowerBound),
                            .integer(match.utf8Range.upperBound), .string(money.amount.plainText), .string(money.currency.code),
                        ], to: &out)
                    }
                }
            }
            if out.count >= 1 << 16 {
                try sink.write(contentsOf: out)
                out.removeAll(keepingCapacity: true)
            }
        }
        try sink.write(contentsOf: out)
        complain("fxparse: \(number) lines read: \(amounts) amounts found")
    }
}

/// Lines of a file, read in blocks: constant memory whatever the file's size (a line is
/// held whole; the line break is not part of it).
struct LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    init(_ handle: FileHandle) { self.handle = handle }

    mutating func next() throws -> [UInt8]? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                let line = Array(buffer[position..<newline])
                position = newline + 1
                return line
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                let line = Array(buffer[position...])
                position = buffer.count
                return line
            }
            buffer.removeFirst(position)
            position = 0
            let block = try handle.read(upToCount: 1 << 16) ?? Data()
            if block.isEmpty { atEnd = true } else { buffer.append(contentsOf: block) }
        }
    }
}
