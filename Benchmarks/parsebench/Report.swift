// Output: the stdout tables, the JSON file and the SVG chart.
import Foundation

/// Everything one run measured, as written to `--json`.
struct Report: Codable {
    struct Machine: Codable {
        let cpu: String
        let logicalCores: Int
        let system: String
        let icu: String
    }

    let machine: Machine
    let files: [String]
    let rows: Int
    let okRows: Int
    let errorRows: Int
    let locales: Int
    let rounds: Int
    let parsing: [Measurement]
    let corpora: [CorpusAccuracy]
    /// MoneyKit against the byte-loop parser and the byte walk.
    let floor: FloorResult
    let formatting: [Measurement]
    let numerals: [NumeralPair]
    let editing: [EditingField]
    let coldStart: ColdStart?
    let targets: [Target]
}

/// One of the performance targets (see BENCHMARKS.md), as measured in this run.
struct Target: Codable {
    let name: String
    let goal: String
    let measured: String
    let met: Bool
}

/// The targets, judged on this run's figures.
func judgeTargets(parsing: [Measurement], shortDigitAllocations: (allocations: Double?, rows: Int), formatting: [Measurement],
                  editing: [EditingField], cold: ColdStart?) -> [Target] {
    func ns(_ results: [Measurement], _ key: String, _ mode: String) -> Double? {
        results.first { $0.key == key && $0.mode == mode }?.nanoseconds
    }
    var targets: [Target] = []
    for (mode, goal) in [("grouped", 30.0), ("stream", 100.0)] {
        if let ours = ns(parsing, "moneykit-prepared", mode), let theirs = ns(parsing, "foundation-formatstyle", mode) {
            let ratio = theirs / ours
            targets.append(Target(name: "prepared parse vs Foundation FormatStyle, \(mode)", goal: "≥ \(Int(goal))×",
                                  measured: String(format: "%.1f×", ratio), met: ratio >= goal))
        }
        if let prepared = ns(parsing, "moneykit-prepared", mode), let stat = ns(parsing, "moneykit-static", mode) {
            let ratio = stat / prepared
            targets.append(Target(name: "static parse vs prepared, \(mode)", goal: "≤ 1.5×",
                                  measured: String(format: "%.2f×", ratio), met: ratio <= 1.5))
        }
        if let ours = ns(formatting, "moneykit", mode), let theirs = ns(formatting, "foundation-formatstyle", mode) {
            let ratio = theirs / ours
            targets.append(Target(name: "formatting vs Foundation, \(mode)", goal: "≥ 10×",
                                  measured: String(format: "%.1f×", ratio), met: ratio >= 10))
        }
    }
    if let slowest = editing.max(by: { $0.nanosecondsPerKeystroke < $1.nanosecondsPerKeystroke }) {
        targets.append(Target(name: "AmountEditor keystroke, re-formatting included", goal: "< 5 µs",
                              measured: String(format: "%.2f µs at most (%@ %@ %@)", slowest.nanosecondsPerKeystroke / 1000,
                                               slowest.locale, slowest.currency, slowest.mode),
                              met: slowest.nanosecondsPerKeystroke < 5000))
    }
    if let allocations = shortDigitAllocations.allocations {
        targets.append(Target(name: "heap allocations per successful parse, warm", goal: "0 for ≤ 64 bytes in digits (AllocationTests)",
                              measured: String(format: "%.4f over %d such amounts", allocations, shortDigitAllocations.rows),
                              met: allocations == 0))
    }
    if let cold {
        targets.append(Target(name: "cold locale profile (first parse in a new locale)", goal: "< 1 ms",
                              measured: String(format: "median %.2f ms, p90 %.2f ms, max %.2f ms; %d of %d under 1 ms",
                                               cold.times.medianMilliseconds, cold.times.p90Milliseconds, cold.times.maxMilliseconds,
                                               cold.times.under1ms, cold.times.locales),
                              met: cold.times.maxMilliseconds < 1))
        targets.append(Target(name: "all ICU locales loaded", goal: "< 2 s",
                              measured: String(format: "%.2f s for %d locales (+ %.0f ms first use)", cold.times.totalSeconds,
                                               cold.times.locales + 1, cold.firstUseMilliseconds + cold.firstGeneralParseMilliseconds),
                              met: cold.times.totalSeconds + (cold.firstUseMilliseconds + cold.firstGeneralParseMilliseconds) / 1000 < 2))
        targets.append(Target(name: "first use in the process, and its first general parse", goal: "≤ 20 ms",
                              measured: String(format: "%.1f ms + %.1f ms", cold.firstUseMilliseconds, cold.firstGeneralParseMilliseconds),
                              met: cold.firstUseMilliseconds + cold.firstGeneralParseMilliseconds <= 20))
        targets.append(Target(name: "a new locale's first parse, median and worst", goal: "≤ 0.3, 2 ms",
                              measured: String(format: "%.2f, %.2f ms (a first general parse: %.2f, %.2f ms more)",
                                               cold.times.medianMilliseconds, cold.times.maxMilliseconds,
                                               cold.general.times.medianMilliseconds, cold.general.times.maxMilliseconds),
                              met: cold.times.medianMilliseconds <= 0.3 && cold.times.maxMilliseconds <= 2))
        if let each = cold.heapBytesPerProfile {
            targets.append(Target(name: "heap per locale profile", goal: "≤ 40 KiB",
                                  measured: String(format: "%.0f KiB (with marker tables: %.0f KiB more)", each / 1024,
                                                   (cold.general.heapBytesPerLocale ?? 0) / 1024),
                                  met: each <= 40 * 1024))
        }
    }
    return targets
}

func printTargets(_ targets: [Target]) {
    for target in targets {
        print((target.met ? "met     " : "MISSED  ") + pad(target.name, 52) + pad(target.goal, 12) + target.measured)
    }
}

func machineDescription(icuVersion: String) -> Report.Machine {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    return Report.Machine(cpu: model, logicalCores: ProcessInfo.processInfo.activeProcessorCount,
                          system: ProcessInfo.processInfo.operatingSystemVersionString, icu: icuVersion)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
}

func percent(_ value: Double?) -> String { value.map { String(format: "%.1f%%", $0 * 100) } ?? "-" }
func decimal(_ value: Double?, _ digits: Int = 1) -> String { value.map { String(format: "%.\(digits)f", $0) } ?? "-" }

func printTable(_ results: [Measurement], unit: String, parse: Bool) {
    var header = pad("engine", 42) + pad("mode", 9) + pad("ns/\(unit)", 10) + pad("\(unit)s/s", 11) + pad("allocs", 8)
    header += parse ? pad("read ok", 9) + pad("rejected", 10) + pad("allocs/rej", 11) : pad("same", 9)
    print(header + "× MoneyKit")
    for result in results {
        var line = pad(result.engine, 42) + pad(result.mode, 9) + pad(decimal(result.nanoseconds, 0), 10)
            + pad(decimal(result.perSecond, 0), 11) + pad(decimal(result.allocations), 8) + pad(percent(result.accuracy), 9)
        if parse { line += pad(percent(result.rejected), 10) + pad(decimal(result.allocationsPerRejection), 11) }
        print(line + String(format: "%.2f", result.timesMoneyKit))
    }
}

func printCorpora(_ corpora: [CorpusAccuracy], engines: [(key: String, name: String)]) {
    print(pad("corpus", 34) + pad("ok", 6) + pad("error", 7) + engines.map { pad($0.key, 27) }.joined())
    for corpus in corpora {
        var line = pad(corpus.corpus, 34) + pad("\(corpus.okRows)", 6) + pad("\(corpus.errorRows)", 7)
        for engine in engines {
            let read = corpus.okRows == 0 ? "-" : String(format: "%.1f%%", Double(corpus.read[engine.key] ?? 0) * 100 / Double(corpus.okRows))
            let rejected = corpus.errorRows == 0 ? "-" : String(format: "%.1f%%", Double(corpus.rejected[engine.key] ?? 0) * 100 / Double(corpus.errorRows))
            line += pad("\(read) / \(rejected)", 27)
        }
        print(line)
    }
}

func printColdStart(_ cold: ColdStart) {
    print(String(format: "first use in the process (en_US, \"$1.00\", read by the common shape): %.1f ms, heap +%@",
                 cold.firstUseMilliseconds, cold.firstUseHeapBytes.map { megabytes($0) } ?? "-"))
    print(String(format: "the process's first general parse (en_US, \"1 XAU\": the global marker tables, once, and en_US's "
                 + "marker tables): %.1f ms more, heap +%@",
                 cold.firstGeneralParseMilliseconds, cold.firstGeneralParseHeapBytes.map { megabytes($0) } ?? "-"))
    print(String(format: "%d more ICU locales, each from MoneyParser(locale:) through its first parse: total %.2f s, "
                 + "median %.2f ms, p90 %.2f ms, max %.2f ms (%@); %d under 1 ms",
                 cold.times.locales, cold.times.totalSeconds, cold.times.medianMilliseconds, cold.times.p90Milliseconds, cold.times.maxMilliseconds,
                 cold.times.slowestLocale, cold.times.under1ms))
    if let heap = cold.heapBytes, let each = cold.heapBytesPerProfile {
        print("heap held by those profiles: \(megabytes(heap)) (\(String(format: "%.0f", each / 1024)) KiB per profile)")
    }
    if let before = cold.residentBytesBefore, let after = cold.residentBytesAfter {
        print("resident memory: \(megabytes(before)) before the first use, \(megabytes(after)) with every ICU locale loaded")
    }
    let general = cold.general
    print(String(format: "then the first parse the common shape does not read (\"1 XAU\": marker tables, compact affixes) "
                 + "in those %d locales: total %.2f s, median %.2f ms, p90 %.2f ms, "
                 + "max %.2f ms (%@); heap +%@ (%.0f KiB per locale)",
                 general.times.locales, general.times.totalSeconds, general.times.medianMilliseconds,
                 general.times.p90Milliseconds, general.times.maxMilliseconds, general.times.slowestLocale,
                 general.heapBytes.map { megabytes($0) } ?? "-", (general.heapBytesPerLocale ?? 0) / 1024))
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

func writeJSON(_ report: Report, to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    try encoder.encode(report).write(to: URL(fileURLWithPath: path))
}

/// A horizontal bar chart, engines by ns per operation on a log scale: one bar per mode,
/// parsing first, then formatting.
func svgChart(_ report: Report) -> String {
    let sections: [(title: String, results: [Measurement])] = [
        ("Parsing (ns per parse)", report.parsing), ("Formatting (ns per format)", report.formatting),
    ]
    let all = sections.flatMap(\.results).map(\.nanoseconds).filter { $0.isFinite && $0 > 0 }
    let low = floor(log10(all.min() ?? 10)), high = ceil(log10(all.max() ?? 1e5))
    let labelWidth = 300.0, chartWidth = 520.0, barHeight = 14.0, rowGap = 6.0, width = labelWidth + chartWidth + 90
    func x(_ ns: Double) -> Double { labelWidth + (log10(ns) - low) / (high - low) * chartWidth }
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
    func duration(_ ns: Double) -> String {
        ns >= 1e6 ? String(format: "%.1f ms", ns / 1e6) : ns >= 1e3 ? String(format: "%.1f µs", ns / 1e3) : String(format: "%.0f ns", ns)
    }
    let colors = ["grouped": "#2b6cb0", "stream": "#dd6b20"]
    var body: [String] = []
    var y = 52.0
    for section in sections {
        body.append("<text x=\"10\" y=\"\(y + 4)\" font-weight=\"bold\">\(escaped(section.title))</text>")
        y += 14
        var engines: [String] = []
        for result in section.results where !engines.contains(result.engine) { engines.append(result.engine) }
        for engine in engines {
            let bars = section.results.filter { $0.engine == engine }
            body.append("<text x=\"\(labelWidth - 8)\" y=\"\(y + barHeight + 2)\" text-anchor=\"end\">\(escaped(engine))</text>")
            for bar in bars {
                let end = x(bar.nanoseconds)
                body.append("<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(max(end - labelWidth, 1))\" height=\"\(barHeight)\" "
                            + "fill=\"\(colors[bar.mode] ?? "#718096")\"/>")
                body.append("<text x=\"\(end + 4)\" y=\"\(y + barHeight - 3)\" font-size=\"11\">\(duration(bar.nanoseconds))</text>")
                y += barHeight + 1
            }
            y += rowGap
        }
        y += 10
    }
    var axis: [String] = []
    var power = low
    while power <= high {
        let position = x(pow(10, power))
        axis.append("<line x1=\"\(position)\" y1=\"40\" x2=\"\(position)\" y2=\"\(y)\" stroke=\"#cbd5e0\"/>")
        axis.append("<text x=\"\(position)\" y=\"\(y + 14)\" text-anchor=\"middle\" font-size=\"11\">\(duration(pow(10, power)))</text>")
        power += 1
    }
    let height = y + 26
    let legend = "<rect x=\"\(labelWidth)\" y=\"24\" width=\"12\" height=\"10\" fill=\"\(colors["grouped"]!)\"/>"
        + "<text x=\"\(labelWidth + 16)\" y=\"33\" font-size=\"11\">grouped (one locale at a time)</text>"
        + "<rect x=\"\(labelWidth + 230)\" y=\"24\" width=\"12\" height=\"10\" fill=\"\(colors["stream"]!)\"/>"
        + "<text x=\"\(labelWidth + 246)\" y=\"33\" font-size=\"11\">stream (file order, locales mixed)</text>"
    return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="10" y="18" font-size="14" font-weight="bold">parsebench: \(report.okRows) amounts, \(report.locales) locales \
        (log scale, shorter is faster)</text>
        \(legend)
        \(axis.joined(separator: "\n"))
        \(body.joined(separator: "\n"))
        </svg>

        """
}
