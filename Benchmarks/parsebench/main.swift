// parsebench: MoneyKit's parser and formatter against Foundation and system ICU, in one
// process, on the same rows, engines interleaved round by round, medians and ratios reported.
//
//   swift run -c release parsebench --help   (the usage below)
//
// Rows come from parse corpora (TestData/*.csv by default; format in TestData/README.md).
// Timed rows are the `expect=ok` rows; `expect=error` rows count for accuracy (an engine
// should reject them). Two modes:
//   grouped  rows sorted by locale and hint, so each engine works in one locale at a time
//            (steady state: every cache warm);
//   stream   rows in file order, locales mixed (what a CSV of mixed data looks like).
// Before anything else, the cold start: the process's first parse, then the first parse
// in every other ICU locale. BENCHMARKS.md explains the figures.
import CMoneyKitICU
import Foundation
import MoneyKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("parsebench: \(message)\n".utf8))
    exit(2)
}

let usage = """
    parsebench: MoneyKit's parser and formatter against Foundation and system ICU, in one process.

    Usage:
      parsebench [--rounds N] [--json FILE] [--svg FILE] [--no-cold-start] [--cold-start-times FILE] [FILE.csv ...]
      parsebench --profile ROUNDS      only the prepared parser's loop, for a profiler
      parsebench --words FILE [--rounds N]
                                       numbers in words against the same amounts in digits
                                       (FILE: TestData/words.csv)
      parsebench --extract FILE [--rounds N]
                                       money in free text: text without amounts, a 100 KB page,
                                       every line of FILE (TestData/extraction/extract.csv)
      parsebench --csv FILE [--rounds N]
                                       CSV readers: the CSV.swift package against fxparse's reader
      parsebench --every-locale-corpus FILE [--rows N]
                                       write a corpus of N rows (default 1,000,000) mixing every
                                       ICU locale, for fxparse's throughput (README)

    Options:
      --rounds N                 rounds per engine, interleaved (default 7)
      --json FILE                write every figure as JSON
      --svg FILE                 write the ratio chart as SVG
      --no-cold-start            skip the cold start (the first parse in every ICU locale)
      --cold-start-times FILE    write each locale's cold start as locale<TAB>milliseconds lines
      --help                     show this text

    Rows come from parse corpora in the MoneyKit CSV format (TestData/*.csv by default).
    Build in release mode: debug timings mean nothing.

    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
@MainActor func option(_ name: String) -> String? {
    guard let flag = arguments.firstIndex(of: name) else { return nil }
    guard flag + 1 < arguments.count else { fail("\(name) needs a value") }
    let value = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
    return value
}
let rounds = option("--rounds").map { Int($0) ?? 0 } ?? 7
guard rounds > 0 else { fail("--rounds needs a positive number") }
let jsonPath = option("--json")
let svgPath = option("--svg")
let coldStartWanted = !arguments.contains("--no-cold-start")
arguments.removeAll { $0 == "--no-cold-start" }
let profileRounds = option("--profile").map { Int($0) ?? 0 }
let coldStartTimesPath = option("--cold-start-times")
if let corpusPath = option("--every-locale-corpus") {
    let rows = option("--rows").map { Int($0) ?? -1 } ?? 1_000_000
    guard rows > 0 else { fail("--rows takes a positive number") }
    writeEveryLocaleCorpus(path: corpusPath, rows: rows)
    exit(0)
}
if let wordsPath = option("--words") {
    let costs = measureWordsCost(path: wordsPath, rounds: rounds, repeats: 20)
    print("Numbers in words: \(costs[0].rows) rows in \(costs[0].locales) locales, each against the same amount in digits "
          + "and its ISO code; \(rounds) rounds, median")
    print(pad("mode", 10) + pad("words ns", 12) + pad("digits ns", 12) + pad("ratio", 8) + "allocs words/digits")
    for cost in costs {
        print(pad(cost.mode, 10) + pad(decimal(cost.wordsNanoseconds, 0), 12) + pad(decimal(cost.digitsNanoseconds, 0), 12)
              + pad(String(format: "%.1f", cost.ratio), 8) + decimal(cost.wordsAllocations, 2) + " / " + decimal(cost.digitsAllocations, 2))
    }
    exit(0)
}
if let extractPath = option("--extract") {
    let cost = measureExtraction(path: extractPath, rounds: rounds)
    print("Money in free text (MoneyParser.matches(in:)), \(rounds) rounds, median")
    print("text without amounts (\(cost.plainBytes) bytes, 13 languages, en_US parser): \(decimal(cost.plainMegabytesPerSecond, 0)) MB/s; "
          + "English alone \(decimal(cost.englishMegabytesPerSecond, 0)) MB/s, Japanese, Chinese and Russian \(decimal(cost.cjkRussianMegabytesPerSecond, 0)) MB/s")
    print("a page of \(cost.pageBytes) bytes with \(cost.pageMatches) amounts (en_US): \(decimal(cost.pageMilliseconds, 3)) ms")
    print("the corpus's \(cost.lines) lines, each in its locale: \(decimal(cost.linesPerSecond, 0)) lines/s")
    exit(0)
}
if let csvPath = option("--csv") {
    measureCSVReaders(path: csvPath, rounds: rounds)
    exit(0)
}
if let unknown = arguments.first(where: { $0.hasPrefix("--") }) { fail("unknown option \(unknown)") }

// The cold start comes first: nothing may have loaded a locale yet.
let coldStart = coldStartWanted && profileRounds == nil ? measureColdStart(timesPath: coldStartTimesPath) : nil

var paths = arguments
if paths.isEmpty {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "TestData")) ?? []
    paths = names.filter { $0.hasSuffix(".csv") }.sorted().map { "TestData/\($0)" }
}
let streamRows = loadRows(paths)
let okCount = streamRows.filter { $0.expected != nil }.count
guard okCount > 0 else { fail("no expect=ok rows in \(paths)") }
let groupedRows = streamRows.enumerated().sorted {
    ($0.element.localeID, $0.element.hint?.code ?? "", $0.offset) < ($1.element.localeID, $1.element.hint?.code ?? "", $1.offset)
}.map(\.element)

if let profileRounds {
    // For a profiler: only the prepared parser's loop over the amounts, grouped, in a function
    // of its own (valgrind --tool=callgrind --toggle-collect='*profiledParseLoop*'; see BENCHMARKS.md).
    let rows = groupedRows.filter { $0.expected != nil }
    let engine = PreparedMoneyKit(rows: rows)
    var sink = rows.indices.reduce(0) { $0 + engine.time($1) }
    @inline(never) func profiledParseLoop(rounds: Int) -> Int {
        var total = 0
        for _ in 0..<rounds {
            for row in rows.indices { total &+= engine.time(row) }
        }
        return total
    }
    sink &+= profiledParseLoop(rounds: max(profileRounds, 1))
    print("parsebench --profile: \(rows.count) amounts × \(max(profileRounds, 1)) rounds (\(sink) parsed)")
    exit(0)
}

var icuVersion = [CChar](repeating: 0, count: 32)
let icuVersionLength = mkicu_version(&icuVersion, 32)
let machine = machineDescription(icuVersion: String(decoding: icuVersion.prefix(Int(icuVersionLength)).map { UInt8(bitPattern: $0) },
                                                    as: UTF8.self))
print("parsebench: \(okCount) amounts and \(streamRows.count - okCount) garbage rows from \(paths.count) files, "
      + "\(Set(streamRows.map(\.localeID)).count) locales, \(rounds) rounds, median reported")
print("machine: \(machine.cpu), \(machine.logicalCores) logical cores, \(machine.system), ICU \(machine.icu)")

let grouped = measureParsing(rows: groupedRows, mode: "grouped", rounds: rounds)
let stream = measureParsing(rows: streamRows, mode: "stream", rounds: rounds)
let floorResult = measureFloor(rows: groupedRows, rounds: rounds)
let formatting = measureFormatting(rows: groupedRows, mode: "grouped", rounds: rounds)
    + measureFormatting(rows: streamRows, mode: "stream", rounds: rounds)
let numerals = measureNumerals(rounds: rounds, repeats: 20_000)
let editing = measureEditing(rounds: rounds, repeats: 2_000)

let report = Report(machine: machine, files: paths, rows: streamRows.count, okRows: okCount, errorRows: streamRows.count - okCount,
                    locales: Set(streamRows.map(\.localeID)).count, rounds: rounds, parsing: grouped.results + stream.results,
                    corpora: grouped.corpora, floor: floorResult, formatting: formatting, numerals: numerals, editing: editing, coldStart: coldStart,
                    targets: judgeTargets(parsing: grouped.results + stream.results,
                                          shortDigitAllocations: shortDigitParseAllocations(rows: groupedRows),
                                          formatting: formatting, editing: editing, cold: coldStart))

print("\nParsing (timed on the amounts; \"read ok\": amounts read exactly right, \"rejected\": garbage rows refused; "
      + "allocs: heap allocations per parse, once warm)")
printTable(report.parsing, unit: "parse", parse: true)
print("\nAccuracy per corpus (read ok / rejected)")
printCorpora(report.corpora, engines: grouped.results.map { ($0.key, $0.engine) })
print("\nThe floor (grouped, same rounds: a parser of the common shape only, checked against MoneyKit on every row it")
print("reads, and a walk over the bytes; BENCHMARKS.md, \"Floor\")")
printFloor(floorResult)
print("\nFormatting (symbol style; \"same\": identical text to MoneyKit, which the tests check against ICU)")
printTable(report.formatting, unit: "format", parse: false)
print("\nCJK numerals against Arabic digits for the same amount (MoneyKit prepared parser)")
print(pad("pair", 56) + pad("numerals ns", 13) + pad("digits ns", 11) + "ratio")
for pair in numerals {
    print(pad("\(pair.locale)  \(pair.numerals)  vs  \(pair.digits)", 56) + pad(decimal(pair.numeralNanoseconds, 0), 13)
          + pad(decimal(pair.digitNanoseconds, 0), 11) + String(format: "%.2f", pair.numeralNanoseconds / pair.digitNanoseconds))
}
print("\nEditing (AmountEditor: ns per keystroke, re-formatting included; the script types 7 digits, the decimal")
print("separator and the minor digits, inserts a digit after the first one, then backspaces to empty)")
print(pad("field", 28) + pad("keystrokes", 12) + "ns/keystroke")
for field in editing {
    print(pad("\(field.locale) \(field.currency) \(field.mode)", 28) + pad(String(field.keystrokes), 12)
          + decimal(field.nanosecondsPerKeystroke, 0))
}
if let coldStart {
    print("\nCold start")
    printColdStart(coldStart)
}
print("\nTargets (this run)")
printTargets(report.targets)

do {
    if let jsonPath { try writeJSON(report, to: jsonPath) }
    if let svgPath { try svgChart(report).write(toFile: svgPath, atomically: true, encoding: .utf8) }
} catch {
    fail("cannot write output: \(error)")
}
