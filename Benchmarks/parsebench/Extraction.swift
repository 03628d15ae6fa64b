// Money in free text (Docs/Extraction.md; issue 23's speed targets: text without amounts
// scanned at 100 MB/s or more, a 100 KB product page with a few prices in under 2 ms).
import Foundation
import MoneyKit

/// Median figures of the extraction section.
struct ExtractionCost {
    /// Text without amounts: megabytes (10^6 bytes) scanned per second.
    let plainMegabytesPerSecond: Double
    let plainBytes: Int
    /// The same for the English lines alone, and for the Japanese, Chinese and Russian ones.
    let englishMegabytesPerSecond: Double
    let cjkRussianMegabytesPerSecond: Double
    /// A 100 KB page of product text with a few prices: milliseconds per page, and the
    /// matches it finds.
    let pageMilliseconds: Double
    let pageBytes: Int
    let pageMatches: Int
    /// Every line of the extraction corpus, each through its locale's parser: lines per second.
    let linesPerSecond: Double
    let lines: Int
}

/// Times ``MoneyParser/matches(in:)``: on text without a digit (the corpus's lines with
/// digits and currency signs removed, repeated to 4 MB: 13 languages, Korean left out), on a 100 KB page (the same text with a price every 20 KB), and on every line
/// of the corpus at `path` (TestData/extraction/extract.csv).
func measureExtraction(path: String, rounds: Int) -> ExtractionCost {
    guard let table = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    var lines: [(locale: String, text: String)] = []
    for line in table.split(separator: "\n").dropFirst() {
        // id,locale,"text",... : the text is the third field; quoted when it holds a comma.
        let fields = splitCSV(String(line))
        guard fields.count >= 3 else { continue }
        lines.append((fields[1], fields[2]))
    }
    guard !lines.isEmpty else { fail("no lines in \(path)") }
    let en = MoneyParser(locale: Locale(identifier: "en_US"))
    // Text without amounts: the corpus's words with every digit and currency sign removed,
    // and the lines that still hold one (numbers in words) left out. (Korean lines left out:
    // their numerals, 만 and 천, are letters Unicode gives no value.)
    let plainLine = lines.filter { !$0.locale.hasPrefix("ko") }.map { String($0.text.unicodeScalars.filter { !$0.properties.numericType.map { _ in true }.isSome
        && $0.properties.generalCategory != .currencySymbol }.map(Character.init)) }.filter { en.matches(in: $0).isEmpty }.joined(separator: " ")
    var plain = ""
    while plain.utf8.count < 4_000_000 { plain += plainLine + "\n" }
    if let match = en.matches(in: plain).first { fail("the text without amounts has an amount: \(match.text)") }
    // A 100 KB page: the plain text with a price every 20 KB.
    var page = ""
    let pagePlain = Array(plain.utf8.prefix(100_000))
    for chunk in stride(from: 0, to: pagePlain.count, by: 20_000) {
        page += String(decoding: pagePlain[chunk..<min(chunk + 20_000, pagePlain.count)], as: UTF8.self) + " Price: $1,299.99, was $1,499. "
    }
    let pageMatches = en.matches(in: page).count
    guard pageMatches == 10 else { fail("the page should hold 10 amounts, found \(pageMatches)") }
    var parsers: [String: MoneyParser] = [:]
    let prepared = lines.map { line -> (MoneyParser, String) in
        let parser = parsers[line.locale] ?? MoneyParser(locale: Locale(identifier: line.locale))
        parsers[line.locale] = parser
        return (parser, line.text)
    }
    // The same scan on the English lines alone and on the Japanese, Chinese and Russian ones.
    func plainText(_ prefixes: [String]) -> String {
        let line = lines.filter { line in prefixes.contains { line.locale.hasPrefix($0) } }.map {
            String($0.text.unicodeScalars.filter { $0.properties.numericType == nil && $0.properties.generalCategory != .currencySymbol }
                .map(Character.init))
        }.joined(separator: " ")
        var text = ""
        while text.utf8.count < 2_000_000 { text += line + "\n" }
        return text
    }
    let english = plainText(["en"]), cjkRussian = plainText(["ja", "zh", "ru"])
    var englishSamples: [Double] = [], cjkSamples: [Double] = []
    var plainSamples: [Double] = [], pageSamples: [Double] = [], lineSamples: [Double] = []
    var sink = 0
    for _ in 0..<rounds {
        var start = DispatchTime.now().uptimeNanoseconds
        sink &+= en.matches(in: plain).count
        plainSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        start = DispatchTime.now().uptimeNanoseconds
        sink &+= en.matches(in: english).count
        englishSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        start = DispatchTime.now().uptimeNanoseconds
        sink &+= en.matches(in: cjkRussian).count
        cjkSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<20 { sink &+= en.matches(in: page).count }
        pageSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 20)
        start = DispatchTime.now().uptimeNanoseconds
        for (parser, text) in prepared { sink &+= parser.matches(in: text).count }
        lineSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    if sink == 42 { print("") }
    return ExtractionCost(
        plainMegabytesPerSecond: Double(plain.utf8.count) / 1e6 / (median(plainSamples) / 1e9), plainBytes: plain.utf8.count,
        englishMegabytesPerSecond: Double(english.utf8.count) / 1e6 / (median(englishSamples) / 1e9),
        cjkRussianMegabytesPerSecond: Double(cjkRussian.utf8.count) / 1e6 / (median(cjkSamples) / 1e9),
        pageMilliseconds: median(pageSamples) / 1e6, pageBytes: page.utf8.count, pageMatches: pageMatches,
        linesPerSecond: Double(prepared.count) / (median(lineSamples) / 1e9), lines: prepared.count)
}

/// The fields of one CSV record on one line (quotes doubled inside quoted fields).
private func splitCSV(_ line: String) -> [String] {
    var fields: [String] = [], field = "", quoted = false, previousQuote = false
    for character in line {
        if quoted {
            if character == "\"" { quoted = false; previousQuote = true } else { field.append(character) }
        } else if character == "\"" {
            if previousQuote { field.append("\"") }
            quoted = true
            previousQuote = false
        } else if character == "," {
            fields.append(field)
            field = ""
            previousQuote = false
        } else {
            field.append(character)
            previousQuote = false
        }
    }
    fields.append(field)
    return fields
}

private extension Optional {
    var isSome: Bool { self != nil }
}
