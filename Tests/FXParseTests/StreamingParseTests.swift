import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MoneyKitCorpus
import TestSupport
import Testing

/// `fxparse parse` at scale, through the built binary: malformed CSV under each --on-bad-row
/// policy, exit codes, the same output at any --jobs, headerless chunks, flat memory,
/// progress; and `check --summary` / `--junit`. Docs/Streaming.md is the contract.
@Suite struct StreamingParseTests {
    typealias Run = FXParseTests.Run

    static func run(_ arguments: [String], input: String? = nil) throws -> Run {
        try FXParseTests.run(arguments, input: input)
    }

    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fxparse-\(UUID().uuidString).csv").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    /// The counts of the summary line on standard error: read, parsed, failed, bad.
    static func counts(_ errors: String) -> [Int]? {
        guard let line = errors.split(separator: "\n").last(where: { $0.contains(" rows read: ") }) else { return nil }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return Array(numbers.prefix(4))
    }

    /// The peak memory in MB that the summary line reports.
    static func peakMemory(_ errors: String) -> Int? {
        guard let range = errors.range(of: "peak memory ") else { return nil }
        return Int(errors[range.upperBound...].prefix { $0.isNumber })
    }

    /// One row of each malformation, between good rows (line numbers count the header as 1).
    static let malformed: [UInt8] = Array("""
        id,input,locale
        1,$5.00,en_US
        2,"4,50 €,de_DE
        3,7 €,de_DE
        4,$1,en_US,extra

        """.utf8) + Array("5,".utf8) + [0x35, 0xFF] + Array(",en_US\n6,5".utf8) + [0x00] + Array(",en_US\n7,".utf8)
        + Array(repeating: UInt8(ascii: "9"), count: 100) + Array(",en_US\n8,garbage,en_US\n".utf8)

    @Test func badRowsAreWrittenWithTheirProblemByDefault() throws {
        let path = try Self.file(Self.malformed)
        let run = try Self.run(["parse", path, "--max-field-size", "64"])
        #expect(run.status == 0)
        #expect(run.output == #"""
            id,input,locale,amount,code,error,error_offset,error_message
            1,$5.00,en_US,5,USD,,,
            2,"4,50 €,de_DE",,,,unterminatedQuote,,Malformed CSV record: a quoted field is never closed (the record ends with its first line).
            3,7 €,de_DE,7,EUR,,,
            4,$1,"en_US,extra",,,raggedRow,,Malformed CSV record: a different number of fields than the header.
            5,5\#u{FFFD},en_US,,,invalidUTF8,,Malformed CSV record: invalid UTF-8.
            6,5\#u{FFFD},en_US,,,nulByte,,Malformed CSV record: a NUL byte.
            7,,en_US,,,fieldTooLong,,Malformed CSV record: a field is longer than the limit.
            8,garbage,en_US,,,unexpectedCharacter,0,"""garbage"" at offset 0 has no place in an amount: remove it, or check it is a currency symbol or code the parser knows."

            """#)
        #expect(run.errors.contains("""
            fxparse: \(path): line 3: unterminatedQuote: a quoted field is never closed (the record ends with its first line)
            fxparse: \(path): line 5: raggedRow: a different number of fields than the header (4 fields, the header has 3)
            fxparse: \(path): line 6: invalidUTF8: invalid UTF-8
            fxparse: \(path): line 7: nulByte: a NUL byte
            fxparse: \(path): line 8: fieldTooLong: a field is longer than the limit

            """), "\(run.errors)")
        #expect(Self.counts(run.errors) == [8, 2, 1, 5])
    }

    @Test func skipWithReportLeavesBadRowsOutAndExitsThree() throws {
        let path = try Self.file(Self.malformed)
        let report = path + ".report.txt"
        let run = try Self.run(["parse", path, "--max-field-size", "64", "--on-bad-row", "skip-with-report", "--report", report])
        #expect(run.status == 3)
        #expect(run.output == "id,input,locale,amount,code,error,error_offset,error_message\n1,$5.00,en_US,5,USD,,,\n3,7 €,de_DE,7,EUR,,,\n"
                + #"8,garbage,en_US,,,unexpectedCharacter,0,"""garbage"" at offset 0 has no place in an amount: remove it, or check it is a currency symbol or code the parser knows.""# + "\n")
        #expect(Self.counts(run.errors) == [8, 2, 1, 5])
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        #expect(lines.map { $0.split(separator: ":")[2] } == [" line 3", " line 5", " line 6", " line 7", " line 8"])
    }

    @Test func stopEndsBeforeTheFirstBadRowAndExitsFour() throws {
        let path = try Self.file(Self.malformed)
        let run = try Self.run(["parse", path, "--on-bad-row", "stop", "--jobs", "2"])
        #expect(run.status == 4)
        #expect(run.output == "id,input,locale,amount,code,error,error_offset,error_message\n1,$5.00,en_US,5,USD,,,\n")
        #expect(run.errors.contains("fxparse: stopped at line 3 (--on-bad-row stop); the output ends with the row before it"))
        #expect(Self.counts(run.errors) == [2, 1, 0, 1])
    }

    /// A 10 MB field (a pasted blob, a binary column) is dropped with its row marked: memory
    /// stays bounded by the 1 MiB field limit and the rows after it are read as usual.
    @Test func aTenMegabyteFieldIsReportedWithItsLine() throws {
        var bytes = Array("input,locale,note\n$1,en_US,a\n$2,en_US,\"".utf8)
        bytes += Array(repeating: UInt8(ascii: "x"), count: 10_000_000)
        bytes += Array("\"\n$3,en_US,c\n".utf8)
        let run = try Self.run(["parse", try Self.file(bytes)])
        #expect(run.status == 0)
        #expect(run.output == "input,locale,note,amount,code,error,error_offset,error_message\n$1,en_US,a,1,USD,,,\n"
                + "$2,en_US,,,,fieldTooLong,,Malformed CSV record: a field is longer than the limit.\n$3,en_US,c,3,USD,,,\n")
        #expect(run.errors.contains(": line 3: fieldTooLong"))
    }

    @Test func unusableInputExitsTwoAndUsageErrorsSixtyFour() throws {
        #expect(try Self.run(["parse", "/nonexistent/input.csv"]).status == 2)
        let empty = try Self.run(["parse", "-"], input: "")
        #expect(empty.status == 2)
        #expect(empty.errors.contains("no header row"))
        #expect(try Self.run(["parse", "-"], input: "text,locale\n5,en_US\n").status == 2)
        let badHeader = try Self.run(["parse", "-"], input: "input,\"locale\n5,en_US\n")
        #expect(badHeader.status == 2)
        #expect(badHeader.errors.contains("the header row is malformed: line 1: unterminatedQuote"))
        #expect(try Self.run(["parse", "-", "-o", "/nonexistent/out.csv"], input: "input\n5\n").status == 2)
        // The input as the output would be truncated before it is read: refused, left whole.
        let same = try Self.file(Array("input,locale\n$5,en_US\n".utf8))
        let overwrite = try Self.run(["parse", same, "-o", same])
        #expect(overwrite.status == 2)
        #expect(overwrite.errors.contains("is the input file"))
        #expect(try String(contentsOfFile: same, encoding: .utf8) == "input,locale\n$5,en_US\n")
        #expect(try Self.run(["parse", "--jobs", "0"], input: "input\n").status == 64)
        #expect(try Self.run(["parse", "--columns", "input"], input: "5\n").status == 64)
        #expect(try Self.run(["parse", "--on-bad-row", "ignore"], input: "input\n").status == 64)
    }

    /// Rows of every TestData corpus (input, locale, currency hint), repeated to `count`.
    static func corpusRows(_ count: Int) throws -> [String] {
        var rows: [String] = []
        for url in TestData.corpusFiles {
            let table = try CorpusTable(contentsOf: url.path)
            guard let input = table.column("input"), let locale = table.column("locale") else { continue }
            let currency = table.column("currency")
            for record in table.records where !record[locale].isEmpty {
                var line: [UInt8] = []
                CSVEncoding.appendRecord([record[input], record[locale], currency.map { record[$0] } ?? ""], to: &line)
                rows.append(String(decoding: line, as: UTF8.self))
            }
        }
        return (0..<count).map { rows[$0 % rows.count] }
    }

    @Test func everyJobCountWritesTheSameRowsInOrder() throws {
        let rows = try Self.corpusRows(30_000)
        let path = try Self.file(Array(("input,locale,currency\n" + rows.joined()).utf8))
        let one = try Self.run(["parse", path, "--jobs", "1"])
        #expect(one.status == 0)
        #expect(one.output.split(separator: "\n", omittingEmptySubsequences: false).count >= 30_002)
        #expect(Self.counts(one.errors)?.first == 30_000)
        for jobs in ["2", "4"] {
            let run = try Self.run(["parse", path, "--jobs", jobs])
            #expect(run.output == one.output, "--jobs \(jobs)")
        }
    }

    /// `--no-header --columns`: any split of the rows into chunks, each parsed alone, gives the
    /// rows of the whole file, in order (what a Spark or Hadoop stage relies on).
    @Test func headerlessChunksConcatenateToTheWholeRun() throws {
        let rows = try Self.corpusRows(9_000)
        let whole = try Self.run(["parse", try Self.file(Array(("input,locale,currency\n" + rows.joined()).utf8))])
        var chunks = ""
        for range in [0..<1, 1..<4_000, 4_000..<4_001, 4_001..<9_000] {
            let run = try Self.run(["parse", "--no-header", "--columns", "input,locale,currency", "--jobs", "2",
                                    try Self.file(Array(rows[range].joined().utf8))])
            #expect(run.status == 0)
            chunks += run.output
        }
        #expect(whole.output == "input,locale,currency,amount,code,error,error_offset,error_message\n" + chunks)
        let standardInput = try Self.run(["parse", "--no-header", "--locale", "de_DE", "-"], input: "\"1.234,56 €\"\n5\n")
        #expect(standardInput.output == "\"1.234,56 €\",1234.56,EUR,,,\n5,5,EUR,,,\n")
    }

    // Not under the sanitizers: AddressSanitizer's quarantine holds freed memory back (up
    // to 256 MB), so the peak there measures the quarantine, not fxparse.
    @Test(.disabled(if: Sanitizers.active, "the sanitizers' own memory"))
    func peakMemoryStaysFlatAsRowsGrow() throws {
        let rows = try Self.corpusRows(10_000)
        // The peak fxparse reports is its own: it is started while this process holds 256 MB
        // more (getrusage's ru_maxrss would report at least that: a spawned process inherits
        // its parent's peak, which made this test fail in a busy test process).
        let ballast = [UInt8](repeating: 1, count: 256 << 20)
        let small = try Self.run(["parse", try Self.file(Array(("input,locale,currency\n" + rows.joined()).utf8)), "-o", "/dev/null"])
        withExtendedLifetime(ballast) {}
        let large = try Self.run(["parse", try Self.file(Array(("input,locale,currency\n" + String(repeating: rows.joined(), count: 30)).utf8)),
                                  "-o", "/dev/null"])
        #expect(Self.counts(large.errors)?.first == 300_000)
        let smallPeak = try #require(Self.peakMemory(small.errors))
        let largePeak = try #require(Self.peakMemory(large.errors))
        #expect(smallPeak < 200, "\(smallPeak) MB at 10,000 rows")
        // 30 times the rows (and 60 MB more input): the same few batches in flight.
        #expect(largePeak <= smallPeak + 16, "\(smallPeak) MB at 10,000 rows, \(largePeak) MB at 300,000")
    }

    @Test func progressOnlyWhenAskedOrOnATerminal() throws {
        let path = try Self.file(Array("input,locale\n$1,en_US\n$2,en_US\n".utf8))
        let quiet = try Self.run(["parse", path])
        #expect(!quiet.errors.contains("fxparse: 2 rows, "))
        #expect(quiet.errors.split(separator: "\n").count == 1)
        let asked = try Self.run(["parse", path, "--progress"])
        #expect(asked.errors.contains("fxparse: 2 rows, "))
        #expect(asked.errors.contains(" rows/s, 100%\n"))
        // On a terminal (script(1) gives the command one): redrawn in place with a carriage return.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let binary = FXParseTests.binary.path
        let terminal = try Self.run(["-qec", "\(binary) parse \(path) -o /dev/null", "/dev/null"], executable: "/usr/bin/script")
        #expect(terminal.output.contains("\r\u{1B}[K2 rows, "), "\(terminal.output.debugDescription)")
    }

    @Test func checkSummarisesByCategoryAndLocaleAndWritesJUnit() throws {
        let path = try FXParseTests.temporaryFile("""
            id,input,locale,expect,amount,code,category
            a,"1.234,56 €",de_DE,ok,1234.56,EUR,grouping
            b,"12 34 €",de_DE,ok,1234,EUR,grouping
            c,$5,en_US,ok,5,USD,symbol
            d,<&>,en_US,error,,,garbage
            """)
        let junit = path + ".xml"
        let run = try Self.run(["check", path, "--summary", "--junit", junit])
        #expect(run.status == 1)
        #expect(run.output.hasSuffix("""
            category  passed  failed  pass rate
            garbage        1       0     100.0%
            grouping       1       1      50.0%
            symbol         1       0     100.0%

            locale  passed  failed  pass rate
            de_DE        1       1      50.0%
            en_US        2       0     100.0%

            3 passed, 1 failed

            """), "\(run.output)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"fxparse check\" tests=\"4\" failures=\"1\">"))
        #expect(xml.contains("<testcase classname=\"\((path as NSString).lastPathComponent).symbol\" name=\"c: &quot;$5&quot; [en_US]\"/>"))
        #expect(xml.contains("<failure message=\"expected 1234 EUR, got error invalidGrouping at 2\">"))
        #expect(xml.contains("name=\"d: &quot;&lt;&amp;&gt;&quot; [en_US]\""))
        // Well formed: Foundation's XML parser reads it through.
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }
}

extension StreamingParseTests {
    /// Runs another program (script(1)) the way `FXParseTests.run` runs fxparse.
    static func run(_ arguments: [String], executable: String) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), errors: "")
    }
}

/// The row parser's cache of parsers, in process: it fills up and empties on a file with
/// endless distinct locale values, and every row still gets what a parser made for it alone gives.
@Suite struct RowParserCacheTests {
    static func parse(_ csv: String, rows: RowParser? = nil) throws -> [UInt8] {
        var batch = CSVRecordBatch()
        var tokenizer = CSVTokenizer()
        Array(csv.utf8).withUnsafeBufferPointer { tokenizer.feed($0, into: &batch) }
        tokenizer.finish(into: &batch)
        let layout = try ParseLayout(header: batch.fields(ofRecord: 0), hasDefaultLocale: false)
        var parser = rows ?? RowParser(layout: layout, locale: nil, currency: nil, options: .init())
        return parser.parse(batch, from: 1).output
    }

    @Test func moreDistinctLocaleValuesThanTheCacheHoldsGiveEachRowItsOwnResult() throws {
        // Junk hint values (each new: cheap, as no locale data is built for them) and a few
        // junk locale values, between rows of real pairs that come back after the cache was
        // emptied; some pairs share a locale, not a hint.
        let real = [("en_US", ""), ("de_DE", "EUR"), ("de_DE", ""), ("fr_FR", "CHF"), ("ja_JP", ""), ("en_US", "XYZ")]
        var lines: [String] = []
        for index in 0..<(3 * RowParser.maximumParsers) {
            let (locale, currency) = index % 3 == 0 ? real[(index / 3) % real.count]
                : index % 50 == 1 ? ("xx_\(index)", index % 2 == 0 ? "" : "USD") : ("en_US", "Q\(index)")
            lines.append("\(index),5\(index % 10),\(locale),\(currency)")
        }
        let header = "id,input,locale,currency\n"
        let output = String(decoding: try Self.parse(header + lines.joined(separator: "\n") + "\n"), as: UTF8.self)
        let alone = try lines.map { String(decoding: try Self.parse(header + $0 + "\n"), as: UTF8.self) }
        #expect(output == alone.joined())
        #expect(output.split(separator: "\n").count == lines.count)
        #expect(alone[0] == "0,50,en_US,,50,USD,,,\n")
        #expect(alone[3] == "3,53,de_DE,EUR,53,EUR,,,\n")
        #expect(alone[1] == #"1,51,xx_1,USD,,,unknownLocale,,"The locale ""xx_1"" is not one ICU knows; use an identifier such as en_US or de_CH.""# + "\n")
        #expect(alone[2] == #"2,52,en_US,Q2,,,unknownCurrency,,"""Q2"" is not an ISO 4217 currency code ICU knows.""# + "\n")
    }
}
