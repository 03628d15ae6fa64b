import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MoneyKit

/// The European Central Bank's euro foreign exchange reference rates, in the XML format of its
/// daily file (`eurofxref-daily.xml`) and its 90-day history (`eurofxref-hist-90d.xml`):
///
/// ```xml
/// <gesmes:Envelope ...>
///   <Cube>
///     <Cube time="2026-11-20">
///       <Cube currency="USD" rate="1.0523"/>
/// ```
public enum ECBReferenceRates {
    /// Why a document is not ECB reference rates.
    public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, with the line where the XML parser stopped when it did.
        public let description: String
    }

    /// Reads a daily or history document: one ``ExchangeRates`` per day, newest first (the
    /// file's order), base EUR, rates exactly as written.
    ///
    /// - Parameter data: The XML document.
    /// - Returns: The days' rates.
    /// - Throws: ``FormatError`` for malformed XML, a day without a date, a rate that is not a
    ///   positive plain decimal, or a document with no day at all. Currency codes ICU does not
    ///   know are skipped (the ECB lists only current ones).
    public static func parse(_ data: Data) throws(FormatError) -> [ExchangeRates] {
        let delegate = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let parsed = parser.parse()
        if let problem = delegate.problem { throw FormatError(description: problem) }
        guard parsed else {
            throw FormatError(description: "malformed XML at line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        guard !delegate.days.isEmpty else { throw FormatError(description: "no <Cube time=...> day in the document") }
        return delegate.days
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var days: [ExchangeRates] = []
        var problem: String?
        private var date: String?
        private var rates: [Currency: Decimal] = [:]
        /// Open elements: a document cut short leaves some open (the parser does not always say so).
        private var depth = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            guard name == "Cube", problem == nil else { return }
            if let time = attributes["time"] {
                finishDay()
                guard time.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil else { return fail(parser, "day \"\(time)\" is not YYYY-MM-DD") }
                date = time
            } else if let code = attributes["currency"] {
                guard date != nil else { return fail(parser, "rate for \(code) outside a day") }
                guard let text = attributes["rate"], let rate = Decimal(plainText: text), rate > 0 else {
                    return fail(parser, "rate \"\(attributes["rate"] ?? "")\" for \(code) is not a positive decimal")
                }
                if let currency = (try? Currency(code: code)) { rates[currency] = rate }
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            if depth != 0, problem == nil { problem = "the document ends inside an element (cut short?)" }
            finishDay()
        }

        private func finishDay() {
            if let date { days.append(ExchangeRates(base: "EUR", date: date, rates: rates)) }
            date = nil
            rates = [:]
        }

        private func fail(_ parser: XMLParser, _ message: String) {
            problem = "\(message) (line \(parser.lineNumber))"
            parser.abortParsing()
        }
    }
}

extension ECBReferenceRates.FormatError: LocalizedError {
    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
