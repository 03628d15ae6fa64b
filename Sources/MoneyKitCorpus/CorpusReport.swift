import Foundation

/// The results of `fxparse check`: pass rates per category and per locale (`--summary`) and a
/// JUnit XML report (`--junit FILE`) that CI systems show as tests.
public struct CorpusReport: Sendable {
    /// One case and how it went.
    public struct Result: Sendable {
        public let corpusCase: CorpusCase
        public let outcome: CorpusCase.Outcome

        public init(corpusCase: CorpusCase, outcome: CorpusCase.Outcome) {
            self.corpusCase = corpusCase
            self.outcome = outcome
        }
    }

    /// Passed and failed counts of one group.
    public struct Tally: Sendable, Equatable {
        public var passed = 0
        public var failed = 0

        public var total: Int { passed + failed }
        /// The pass rate in percent, one decimal (`99.5%`).
        public var rate: String { String(format: "%.1f%%", total == 0 ? 0 : Double(passed) * 100 / Double(total)) }
    }

    /// The results, in corpus order.
    public let results: [Result]

    public init(results: [Result]) {
        self.results = results
    }

    /// Tallies by a key (rows without one count under `(none)`), sorted by key.
    public func tallies(by key: (CorpusCase) -> String?) -> [(key: String, tally: Tally)] {
        var tallies: [String: Tally] = [:]
        for result in results {
            let name = key(result.corpusCase) ?? "(none)"
            if result.outcome.passed { tallies[name, default: Tally()].passed += 1 } else { tallies[name, default: Tally()].failed += 1 }
        }
        return tallies.sorted { $0.key < $1.key }.map { (key: $0.key, tally: $0.value) }
    }

    /// The `--summary` text: a table per category, then per locale.
    public func summary() -> String {
        var text = ""
        for (title, key) in [("category", { (row: CorpusCase) in row.category }), ("locale", { (row: CorpusCase) in row.locale })] {
            // Keys longer than 32 characters (a garbage locale in a test row) are cut.
            let rows = tallies(by: key).map { (key: $0.key.count > 32 ? $0.key.prefix(31) + "…" : $0.key, tally: $0.tally) }
            let width = max(title.count, rows.map(\.key.count).max() ?? 0)
            text += "\(title.padding(toLength: width, withPad: " ", startingAt: 0))  passed  failed  pass rate\n"
            for (name, tally) in rows {
                text += name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "  " + String(tally.passed).leftPadded(to: 6)
                    + "  " + String(tally.failed).leftPadded(to: 6)
                    + "  " + tally.rate.leftPadded(to: 9) + "\n"
            }
            text += "\n"
        }
        return text
    }

    /// The JUnit XML report: a test suite per corpus file, a test case per row (named by its
    /// id and input, classed by its category), a `failure` element for each failing row.
    public func junitXML() -> String {
        var suites: [(name: String, results: [Result])] = []
        for result in results {
            if suites.last?.name == result.corpusCase.source {
                suites[suites.count - 1].results.append(result)
            } else {
                suites.append((result.corpusCase.source, [result]))
            }
        }
        let failures = results.filter { !$0.outcome.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"fxparse check\" tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        for suite in suites {
            let suiteFailures = suite.results.filter { !$0.outcome.passed }.count
            xml += "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.results.count)\" failures=\"\(suiteFailures)\">\n"
            for result in suite.results {
                let row = result.corpusCase
                let name = "\(row.id): \(String(reflecting: row.input)) [\(row.locale ?? "-")\(row.currency.map { ", hint \($0)" } ?? "")]"
                let className = (suite.name as NSString).lastPathComponent + "." + (row.category ?? "uncategorized")
                xml += "    <testcase classname=\"\(Self.escape(className))\" name=\"\(Self.escape(name))\""
                if result.outcome.passed {
                    xml += "/>\n"
                } else {
                    let message = "expected \(result.outcome.expected), got \(result.outcome.got)"
                    let detail = result.outcome.error.map { "\($0)" } ?? message
                    xml += ">\n      <failure message=\"\(Self.escape(message))\">\(Self.escape("\(row.source):\(row.row): \(detail)"))</failure>\n"
                    xml += "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Text for an XML attribute or element: the five special characters as entities, and the
    /// characters XML 1.0 cannot hold at all (most C0 controls) as U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
                escaped.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
