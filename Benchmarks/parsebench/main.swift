// parsebench: MoneyKit's parser and formatter against Foundation's currency parsing and
// formatting, in one process, on the same rows, engines interleaved round by round,
// medians and ratios reported.
//
//   swift run -c release parsebench [--rounds N] [FILE.csv ...]   (default: TestData/*.csv)
//
// Rows are the `expect=ok` rows of parse corpora (see TestData/README.md). Two modes:
//   grouped  rows sorted by locale and hint, so each engine works in one locale at a time
//            (steady state: every cache warm);
//   stream   rows in file order, locales mixed (what a CSV of mixed data looks like).
// No third-party dependency: the CSV reader below is the few lines RFC 4180 needs.
import Foundation
import MoneyKit

/// One benchmark row.
struct Row {
    let input: String
    let locale: Locale
    let localeID: String
    let hint: Currency?
    let expected: Money
}

/// A parser under test: it prepares per row what a caller would prepare once per field.
protocol Engine {
    var name: String { get }
    /// Parses row `index`; returns the result, nil on failure.
    mutating func parse(_ index: Int) -> Money?
}

/// MoneyKit with a `MoneyParser` prepared per locale and hint.
struct PreparedMoneyKit: Engine {
    let name = "MoneyKit (prepared parser)"
    let rows: [Row]
    let parsers: [MoneyParser]

    init(rows: [Row]) {
        self.rows = rows
        var cache: [String: MoneyParser] = [:]
        parsers = rows.map { row in
            let key = "\(row.localeID)|\(row.hint?.code ?? "")"
            if let parser = cache[key] { return parser }
            let parser = MoneyParser(locale: row.locale, currency: row.hint)
            cache[key] = parser
            return parser
        }
    }

    mutating func parse(_ index: Int) -> Money? { try? parsers[index].parse(rows[index].input) }
}

/// MoneyKit's static API: locale data looked up on every call.
struct StaticMoneyKit: Engine {
    let name = "MoneyKit (static parse)"
    let rows: [Row]

    mutating func parse(_ index: Int) -> Money? {
        let row = rows[index]
        return try? MoneyParser.parse(row.input, locale: row.locale, currency: row.hint)
    }
}

/// Foundation's `Decimal.FormatStyle.Currency` parse strategy, told the expected currency
/// (it cannot find the currency itself), with one style per locale and currency.
struct FoundationFormatStyle: Engine {
    let name = "Foundation Decimal.FormatStyle.Currency"
    let rows: [Row]
    let styles: [Decimal.FormatStyle.Currency]

    init(rows: [Row]) {
        self.rows = rows
        var cache: [String: Decimal.FormatStyle.Currency] = [:]
        styles = rows.map { row in
            let key = "\(row.localeID)|\(row.expected.currency.code)"
            if let style = cache[key] { return style }
            let style = Decimal.FormatStyle.Currency(code: row.expected.currency.code, locale: row.locale)
            cache[key] = style
            return style
        }
    }

    mutating func parse(_ index: Int) -> Money? {
        guard let amount = try? Decimal(rows[index].input, format: styles[index]) else { return nil }
        return Money(amount, rows[index].expected.currency)
    }
}

/// Formatting engines: write row `index`'s money in its locale's symbol style.
protocol FormatEngine {
    var name: String { get }
    func format(_ index: Int) -> String
}

/// MoneyKit's formatter, prepared per locale.
struct MoneyKitFormatter: FormatEngine {
    let name = "MoneyKit MoneyFormatter"
    let rows: [Row]
    let formatters: [MoneyFormatter]

    init(rows: [Row]) {
        self.rows = rows
        var cache: [String: MoneyFormatter] = [:]
        formatters = rows.map { row in
            if let formatter = cache[row.localeID] { return formatter }
            let formatter = MoneyFormatter(locale: row.locale)
            cache[row.localeID] = formatter
            return formatter
        }
    }

    func format(_ index: Int) -> String { formatters[index].format(rows[index].expected) }
}

/// Foundation's `Decimal.FormatStyle.Currency`, prepared per locale and currency.
struct FoundationFormatter: FormatEngine {
    let name = "Foundation Decimal.FormatStyle.Currency"
    let rows: [Row]
    let styles: [Decimal.FormatStyle.Currency]

    init(rows: [Row]) {
        self.rows = rows
        styles = FoundationFormatStyle(rows: rows).styles
    }

    func format(_ index: Int) -> String { styles[index].format(rows[index].expected.amount) }
}

// MARK: Corpus reading

/// Splits RFC 4180 CSV text into records.
func csvRecords(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = scalars.next()
    if pending == "\u{FEFF}" { pending = scalars.next() }
    while let scalar = pending {
        pending = scalars.next()
        if quoted {
            if scalar == "\"" {
                if pending == "\"" {
                    field.unicodeScalars.append("\"")
                    pending = scalars.next()
                } else {
                    quoted = false
                }
            } else {
                field.unicodeScalars.append(scalar)
            }
            continue
        }
        switch scalar {
        case "\"": quoted = true
        case ",":
            record.append(field)
            field = ""
        case "\r" where pending == "\n":
            continue
        case "\n", "\r":
            record.append(field)
            records.append(record)
            record = []
            field = ""
        default:
            field.unicodeScalars.append(scalar)
        }
    }
    if !field.isEmpty || !record.isEmpty {
        record.append(field)
        records.append(record)
    }
    return records
}

/// The `expect=ok` rows of corpus files.
func loadRows(_ paths: [String]) -> [Row] {
    var rows: [Row] = []
    for path in paths {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            FileHandle.standardError.write(Data("parsebench: cannot read \(path)\n".utf8))
            exit(2)
        }
        let records = csvRecords(text)
        guard let header = records.first else { continue }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let input = column("input"), let expect = column("expect"), let amount = column("amount"),
              let code = column("code"), let locale = column("locale") else { continue }
        let hint = column("currency")
        let options = column("options")
        for record in records.dropFirst() where record.count == header.count {
            guard record[expect] == "ok", options.map({ record[$0].isEmpty }) ?? true,
                  let value = Decimal(plainText: record[amount]), let currency = Currency(code: record[code]) else {
                continue
            }
            let hintCode = hint.map { record[$0] } ?? ""
            rows.append(Row(input: record[input], locale: Locale(identifier: record[locale]), localeID: record[locale],
                            hint: hintCode.isEmpty ? nil : Currency(code: hintCode), expected: Money(value, currency)))
        }
    }
    return rows
}

// MARK: Measurement

struct Measurement {
    let engine: String
    let mode: String
    let nanosecondsPerParse: Double
    let accuracy: Double
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Times every engine over the rows, `rounds` times, interleaving engines within a round
/// (rotating who goes first); returns each engine's median ns per parse and its accuracy.
func measure(rows: [Row], mode: String, rounds: Int, repeats: Int) -> [Measurement] {
    var engines: [any Engine] = [PreparedMoneyKit(rows: rows), StaticMoneyKit(rows: rows), FoundationFormatStyle(rows: rows)]
    var correct = Array(repeating: 0, count: engines.count)
    for index in engines.indices {
        for row in rows.indices where engines[index].parse(row) == rows[row].expected { correct[index] += 1 }
    }
    var samples = Array(repeating: [Double](), count: engines.count)
    for round in 0..<rounds {
        for offset in engines.indices {
            let index = (round + offset) % engines.count
            var engine = engines[index]
            let start = ContinuousClock.now
            for row in rows.indices {
                for _ in 0..<repeats { _ = engine.parse(row) }
            }
            let elapsed = ContinuousClock.now - start
            engines[index] = engine
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            samples[index].append(seconds * 1e9 / Double(rows.count * repeats))
        }
    }
    return engines.indices.map { index in
        Measurement(engine: engines[index].name, mode: mode, nanosecondsPerParse: median(samples[index]),
                    accuracy: Double(correct[index]) / Double(rows.count))
    }
}

/// Times the formatting engines like `measure` times the parsers; "accuracy" is the share
/// of rows whose text the engine writes identically to MoneyKit (which the test suite
/// checks against ICU), so it shows agreement, not correctness.
func measureFormatting(rows: [Row], mode: String, rounds: Int, repeats: Int) -> [Measurement] {
    let engines: [any FormatEngine] = [MoneyKitFormatter(rows: rows), FoundationFormatter(rows: rows)]
    let reference = rows.indices.map { engines[0].format($0) }
    let agreement = engines.map { engine in
        Double(rows.indices.filter { engine.format($0) == reference[$0] }.count) / Double(rows.count)
    }
    var samples = Array(repeating: [Double](), count: engines.count)
    var sink = 0
    for round in 0..<rounds {
        for offset in engines.indices {
            let index = (round + offset) % engines.count
            let start = ContinuousClock.now
            for row in rows.indices {
                for _ in 0..<repeats { sink &+= engines[index].format(row).utf8.count }
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            samples[index].append(seconds * 1e9 / Double(rows.count * repeats))
        }
    }
    precondition(sink > 0)
    return engines.indices.map { index in
        Measurement(engine: engines[index].name, mode: mode, nanosecondsPerParse: median(samples[index]),
                    accuracy: agreement[index])
    }
}

// MARK: Main

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 7
if let flag = arguments.firstIndex(of: "--rounds"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]) {
    rounds = value
    arguments.removeSubrange(flag...(flag + 1))
}
var paths = arguments
if paths.isEmpty {
    let directory = "TestData"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    paths = names.filter { $0.hasSuffix(".csv") }.sorted().map { "\(directory)/\($0)" }
}
let streamRows = loadRows(paths)
guard !streamRows.isEmpty else {
    FileHandle.standardError.write(Data("parsebench: no expect=ok rows in \(paths)\n".utf8))
    exit(2)
}
let groupedRows = streamRows.enumerated().sorted {
    ($0.element.localeID, $0.element.hint?.code ?? "", $0.offset) < ($1.element.localeID, $1.element.hint?.code ?? "", $1.offset)
}.map(\.element)

print("parsebench: \(streamRows.count) rows from \(paths.count) files, \(Set(streamRows.map(\.localeID)).count) locales, "
      + "\(rounds) rounds, median reported")
var results: [Measurement] = []
results += measure(rows: groupedRows, mode: "grouped", rounds: rounds, repeats: 3)
results += measure(rows: streamRows, mode: "stream", rounds: rounds, repeats: 1)

let formatting = measureFormatting(rows: groupedRows, mode: "grouped", rounds: rounds, repeats: 3)
    + measureFormatting(rows: streamRows, mode: "stream", rounds: rounds, repeats: 1)

/// The same amounts written with CJK numerals and with Arabic digits, parsed by a prepared
/// MoneyKit parser, interleaved: what reading numerals costs.
let numeralPairs: [(locale: String, numerals: String, digits: String)] = [
    ("ja_JP", "一万二千三百四十五円", "12,345円"),
    ("ja_JP", "1万2千円", "12,000円"),
    ("zh_CN", "一千二百三十四元五角六分", "¥1,234.56"),
    ("zh_CN", "一万五千元", "15,000元"),
    ("ko_KR", "3억 5천만 원", "350,000,000원"),
    ("ko_KR", "삼만 오천 원", "35,000원"),
]

func measureNumerals(rounds: Int, repeats: Int) -> [(String, Double, Double)] {
    var results: [(String, Double, Double)] = []
    for pair in numeralPairs {
        let parser = MoneyParser(locale: Locale(identifier: pair.locale))
        guard let a = try? parser.parse(pair.numerals), let b = try? parser.parse(pair.digits), a.amount == b.amount else {
            FileHandle.standardError.write(Data("parsebench: \(pair.numerals) and \(pair.digits) differ\n".utf8))
            exit(1)
        }
        var samples: ([Double], [Double]) = ([], [])
        for round in 0..<rounds {
            for side in [round % 2, 1 - round % 2] {
                let text = side == 0 ? pair.numerals : pair.digits
                let start = ContinuousClock.now
                for _ in 0..<repeats { _ = try? parser.parse(text) }
                let elapsed = ContinuousClock.now - start
                let ns = (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9) / Double(repeats)
                if side == 0 { samples.0.append(ns) } else { samples.1.append(ns) }
            }
        }
        results.append(("\(pair.locale)  \(pair.numerals)  vs  \(pair.digits)", median(samples.0), median(samples.1)))
    }
    return results
}

func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
func printTable(_ results: [Measurement], unit: String, quality: String, baselinePrefix: String) {
    print(pad("engine", 42) + pad("mode", 9) + pad("ns/\(unit)", 10) + pad("\(unit)s/s", 12) + pad(quality, 10)
          + "× \(baselinePrefix)")
    for result in results {
        let baseline = results.first { $0.mode == result.mode && $0.engine.hasPrefix(baselinePrefix) }!
        print(pad(result.engine, 42) + pad(result.mode, 9)
              + pad(String(format: "%.0f", result.nanosecondsPerParse), 10)
              + pad(String(format: "%.0f", 1e9 / result.nanosecondsPerParse), 12)
              + pad(String(format: "%.1f%%", result.accuracy * 100), 10)
              + String(format: "%.2f", result.nanosecondsPerParse / baseline.nanosecondsPerParse))
    }
}
print("\nParsing")
printTable(results, unit: "parse", quality: "accuracy", baselinePrefix: "MoneyKit (prepared")
print("\nFormatting (symbol style; \"same\" = identical text to MoneyKit, which the tests check against ICU)")
printTable(formatting, unit: "format", quality: "same", baselinePrefix: "MoneyKit")

print("\nCJK numerals against Arabic digits for the same amount (MoneyKit prepared parser)")
print(pad("pair", 56) + pad("numerals ns", 13) + pad("digits ns", 11) + "ratio")
for (label, numerals, digits) in measureNumerals(rounds: rounds, repeats: 20_000) {
    print(pad(label, 56) + pad(String(format: "%.0f", numerals), 13) + pad(String(format: "%.0f", digits), 11)
          + String(format: "%.2f", numerals / digits))
}
