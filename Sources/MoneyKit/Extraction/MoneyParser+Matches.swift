extension MoneyParser {
    /// Every amount of money in free text, in order, with its place, its value (an amount or
    /// a range) and its rank as the text's main price (Docs/Extraction.md).
    ///
    /// An amount counts when it has a currency marker (`14,85 EUR`, `$13.00`, `1万2千円`), or
    /// when a price word of the locale's language comes right before it (`Preis: 12,50`);
    /// quantities, dates, times, percentages, model numbers and units of measure do not
    /// (`2 pairs`, `20% off`, `RTX 4090`, `1.5 L`). Numbers read as ``parse(_:)`` reads them,
    /// with this parser's locale, currency hint and options: in lenient mode, numbers in
    /// words too, with a marker only (`twenty-five dollars`, `zwölf Euro`).
    ///
    /// ```swift
    /// let parser = MoneyParser(locale: Locale(identifier: "en_US"))
    /// parser.matches(in: "Flights from $199–$249, was $300").map(\.value)
    /// // [199..249 USD, 300 USD]
    /// ```
    ///
    /// - Parameter text: Any text: a product page, a receipt line, an e-mail.
    /// - Returns: The amounts and ranges found, in the order they stand in the text.
    public func matches(in text: String) -> [MoneyMatch] {
        var contiguous = text
        return contiguous.withUTF8 { bytes in
            let scanner = TextScanner(parser: self, bytes: bytes, words: PriceWords.forProfile(profile))
            let found = scanner.scan()
            let ranks = Self.ranks(of: found)
            var matches: [MoneyMatch] = []
            matches.reserveCapacity(found.count)
            var utf16Offset = 0
            var utf8Offset = 0
            for (position, item) in found.enumerated() {
                utf16Offset += Self.utf16Count(bytes, from: utf8Offset, to: item.start)
                let utf16Start = utf16Offset
                utf16Offset += Self.utf16Count(bytes, from: item.start, to: item.end)
                utf8Offset = item.end
                let lower = text.utf8.index(text.utf8.startIndex, offsetBy: item.start)
                let upper = text.utf8.index(lower, offsetBy: item.end - item.start)
                matches.append(MoneyMatch(
                    range: lower..<upper, utf8Range: item.start..<item.end, utf16Range: utf16Start..<utf16Offset,
                    text: String(decoding: UnsafeBufferPointer(rebasing: bytes[item.start..<item.end]), as: UTF8.self),
                    value: item.value, rank: ranks[position]))
            }
            return matches
        }
    }

    /// The text's main price: the match of rank 1 of ``matches(in:)``, or nil when the text
    /// holds no amount.
    ///
    /// ```swift
    /// MoneyParser(locale: Locale(identifier: "en_US")).price(in: "was €30, now €19.99")?.value
    /// // 19.99 EUR
    /// ```
    public func price(in text: String) -> MoneyMatch? {
        matches(in: text).first { $0.rank == 1 }
    }

    /// Ranks as the main price (Docs/Extraction.md, "The main price"): an amount with a
    /// marker before one without; a current price before an old one; one right after a
    /// price word before others; then the earlier first.
    static func ranks(of found: [TextScanner.Found]) -> [Int] {
        let order = found.indices.sorted { a, b in
            let (x, y) = (found[a], found[b])
            if x.hasMarker != y.hasMarker { return x.hasMarker }
            if x.isOldPrice != y.isOldPrice { return !x.isOldPrice }
            if x.followsPriceWord != y.followsPriceWord { return x.followsPriceWord }
            return a < b
        }
        var ranks = [Int](repeating: 0, count: found.count)
        for (rank, index) in order.enumerated() { ranks[index] = rank + 1 }
        return ranks
    }

    /// The UTF-16 code units of the UTF-8 bytes between two scalar boundaries.
    private static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        for index in start..<end {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        }
        return count
    }
}
