import Foundation

/// The state of a money text field as the user types: the text to show, the cursor, and the
/// amount, for UIKit, AppKit, SwiftUI or a web bridge to drive (see Docs/Editing.md).
///
/// ```swift
/// var field = AmountEditor(locale: Locale(identifier: "de_DE"), currency: "EUR")
/// field.replace(0..<0, with: "1234")     // text "1.234 €", cursor 5 (after the 4)
/// field.replace(5..<5, with: ",")        // "1.234, €"
/// field.replace(6..<6, with: "5")        // "1.234,5 €", money 1234.5 EUR
/// ```
///
/// Offsets are UTF-16 offsets into ``text``, as `UITextField` and `NSRange` count them. The
/// text is always the locale's format of what was typed (its grouping, digits, marker place);
/// the engine keeps the cursor beside the digit it was beside. An edit it cannot accept
/// returns `false` and leaves everything as it was.
public struct AmountEditor: Sendable {
    /// How typed characters become an amount.
    public enum Mode: Sendable, Hashable {
        /// Digits and one decimal separator, typed anywhere; the text regroups as you type.
        case freeform
        /// ATM style: digits enter from the right with the currency's minor digits fixed
        /// (1, 2, 3 in USD show 0.01, 0.12, 1.23); backspace removes the last digit.
        case calculator
    }

    /// The locale whose format the text follows.
    public let locale: Locale
    /// The field's currency.
    public let currency: Currency
    /// How typing works.
    public let mode: Mode
    /// The largest amount (in magnitude) an edit may produce; larger ones are rejected.
    public var maximum: Money?
    /// Whether typing `-` makes the amount negative (off by default).
    public var allowsNegative = false

    /// The text to show.
    public private(set) var text = ""
    /// The cursor, as a UTF-16 offset into ``text``.
    public private(set) var cursor = 0

    /// What was typed: digits (0-9) and at most one decimal separator (``separator``).
    private var elements: [UInt8] = []
    private var isNegative = false
    /// Where each element stands in ``text``: UTF-16 offsets of its start and end.
    private var spans: [Range<Int>] = []

    private static let separator = Editor.separator
    private let formatter: MoneyFormatter
    private let parser: MoneyParser
    private let decimalSymbol: String
    private let groupingSymbol: String

    /// Creates an editor.
    ///
    /// - Parameters:
    ///   - locale: Whose format the text follows.
    ///   - currency: The field's currency.
    ///   - mode: Freeform (default) or calculator.
    ///   - initial: The amount to show at first, if any.
    public init(locale: Locale, currency: Currency, mode: Mode = .freeform, initial: Money? = nil) {
        self.locale = locale
        self.currency = currency
        self.mode = mode
        formatter = MoneyFormatter(locale: locale)
        parser = MoneyParser(locale: locale, currency: currency)
        let formatting = formatter.profile.formatting
        let own = formatting.ownFormats[currency.index]
        decimalSymbol = own?.decimalSymbol ?? formatting.decimalSymbol
        groupingSymbol = own?.groupingSymbol ?? formatting.groupingSymbol
        setMoney(initial)
    }

    /// The amount the text shows; nil when the text is empty.
    public var money: Money? {
        guard !elements.isEmpty else { return nil }
        return Editor.amount(elements, isNegative: isNegative, mode: mode, minorUnits: currency.minorUnits).map { Money($0, currency) }
    }

    /// Shows an amount (or nothing), in the currency's minor digits, with the cursor at its end.
    ///
    /// - Parameter money: The amount; it is taken in the editor's currency as it is, and rounded
    ///   (half-even) to the currency's minor digits.
    public mutating func setMoney(_ money: Money?) {
        guard let money, let exact = ExactDecimal(decimal: Money(money.amount, currency).rounded(rule: .toNearestOrEven).amount)
        else {
            apply(elements: [], isNegative: false, caret: 0)
            return
        }
        let digits = MoneyRenderer.Digits(exact, fractionDigits: currency.minorUnits, isNegative: exact.isNegative)
        var elements = digits.integer.utf8.map { $0 - 0x30 }
        switch mode {
        case .freeform:
            if !digits.fraction.isEmpty { elements += [Self.separator] + digits.fraction.utf8.map { $0 - 0x30 } }
        case .calculator:
            elements += digits.fraction.utf8.map { $0 - 0x30 }
        }
        apply(elements: elements, isNegative: exact.isNegative, caret: elements.count)
    }

    /// Moves the cursor, as the user taps or uses the arrow keys (a text field reports it from
    /// its selection-change callback), so that a following deletion knows its direction.
    ///
    /// - Parameter offset: A UTF-16 offset into ``text``, clamped to it.
    public mutating func moveCursor(to offset: Int) {
        cursor = min(max(offset, 0), text.utf16.count)
    }

    /// Applies an edit of the text: the characters in `range` (UTF-16 offsets) replaced by
    /// `replacement`, as a text field reports a keystroke, a deletion or a paste.
    ///
    /// - Parameters:
    ///   - range: The replaced part of ``text``, in UTF-16 offsets.
    ///   - replacement: What the user typed or pasted (empty for a deletion).
    /// - Returns: Whether the edit was accepted; when not, nothing changed.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with replacement: String) -> Bool {
        let utf16Count = text.utf16.count
        guard range.lowerBound >= 0, range.upperBound <= utf16Count else { return false }
        let typed = typedElements(replacement)
        if typed == nil, !replacement.isEmpty {
            return paste(replacement)
        }
        switch mode {
        case .freeform: return editFreeform(range, inserting: typed ?? [])
        case .calculator: return editCalculator(range, inserting: typed ?? [])
        }
    }

    /// Applies a whole new text, for frameworks that report only the text after an edit
    /// (SwiftUI's `TextField`, an HTML input's value): the edit is what changed between the
    /// current text and `newText` (their common start and end kept), applied as ``replace(_:with:)``.
    ///
    /// - Parameter newText: The field's text after the user's edit.
    /// - Returns: Whether the edit was accepted; when not, nothing changed.
    @discardableResult
    public mutating func update(text newText: String) -> Bool {
        let old = Array(text.utf16)
        let new = Array(newText.utf16)
        guard old != new else { return true }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let replacement = String(decoding: new[prefix..<(new.count - suffix)], as: UTF16.self)
        return replace(prefix..<(old.count - suffix), with: replacement)
    }

    // MARK: Editing

    private mutating func editFreeform(_ range: Range<Int>, inserting typed: [UInt8]) -> Bool {
        if typed == [Self.minus] { return toggleSign() }
        var covered = spans.indices.filter { spans[$0].lowerBound >= range.lowerBound && spans[$0].upperBound <= range.upperBound }
        var position = spans.prefix { $0.upperBound <= range.lowerBound }.count
        if covered.isEmpty, typed.isEmpty, !range.isEmpty {
            // Deleting a grouping separator or a marker: remove the digit beside it instead, the
            // one after it for a forward delete (the range starts at the cursor), else the one before.
            let forward = range.lowerBound == cursor
            let neighbour = forward ? position : position - 1
            guard elements.indices.contains(neighbour) else { return false }
            covered = [neighbour]
            position = neighbour
        } else if let first = covered.first {
            position = first
        }
        var next = elements
        next.removeSubrange((covered.first ?? position)..<(covered.last.map { $0 + 1 } ?? position))
        next.insert(contentsOf: typed, at: position)
        var caret = position + typed.count
        // Typing the separator first gives a leading zero.
        if next.first == Self.separator {
            next.insert(0, at: 0)
            caret += 1
        }
        // Leading zeros before another integer digit go.
        while next.count > 1, next[0] == 0, next[1] != Self.separator {
            next.removeFirst()
            caret = max(caret - 1, 0)
        }
        guard valid(next) else { return false }
        apply(elements: next, isNegative: isNegative, caret: caret)
        return true
    }

    private mutating func editCalculator(_ range: Range<Int>, inserting typed: [UInt8]) -> Bool {
        if typed == [Self.minus] { return toggleSign() }
        var next = elements
        if typed.isEmpty {
            guard !range.isEmpty, !next.isEmpty else { return false }
            // A deletion over every digit (select all, delete) clears; any other, the last digit.
            let coversAll = spans.allSatisfy { $0.lowerBound >= range.lowerBound && $0.upperBound <= range.upperBound }
            if coversAll { next = [] } else { next.removeLast() }
        } else {
            // Separators are ignored: the minor digits are fixed.
            let digits = typed.filter { $0 < 10 }
            guard !digits.isEmpty else { return false }
            next += digits
        }
        while next.first == 0 { next.removeFirst() }
        guard valid(next) else { return false }
        apply(elements: next, isNegative: isNegative && !next.isEmpty, caret: next.count)
        return true
    }

    private mutating func toggleSign() -> Bool {
        guard allowsNegative, !elements.isEmpty else { return false }
        let caretDigits = spans.prefix { $0.upperBound <= cursor }.count
        apply(elements: elements, isNegative: !isNegative, caret: caretDigits)
        return true
    }

    /// A whole amount pasted: read by MoneyParser (any form it accepts, in the field's currency).
    private mutating func paste(_ replacement: String) -> Bool {
        guard let pasted = try? parser.parse(replacement), pasted.currency == currency,
              allowsNegative || !pasted.isNegative, pasted.isMultiple(of: .minor) else { return false }
        let saved = (elements, isNegative, text, cursor, spans)
        setMoney(pasted)
        if valid(elements) { return true }
        (elements, isNegative, text, cursor, spans) = saved
        return false
    }

    private static let minus: UInt8 = 11

    /// The elements a typed text stands for (digits of any system, decimal separators, a
    /// minus), or nil when it holds anything else.
    private func typedElements(_ replacement: String) -> [UInt8]? {
        if replacement == "-" || replacement == formatter.profile.formatting.minusSign { return [Self.minus] }
        var result: [UInt8] = []
        for character in replacement {
            let string = String(character)
            if string == decimalSymbol || (isOtherDecimal(string)) {
                result.append(Self.separator)
            } else if character.unicodeScalars.count == 1, let digit = DigitSystems.digit(character.unicodeScalars.first!.value) {
                result.append(UInt8(digit.value))
            } else {
                return nil
            }
        }
        return result
    }

    /// `,` or `.` when it is not the locale's grouping separator (so it can only mean decimal).
    private func isOtherDecimal(_ string: String) -> Bool {
        (string == "," || string == ".") && string != groupingSymbol && mode == .freeform
            || (mode == .calculator && (string == "," || string == "."))
    }

    /// At most one separator, no more fraction digits than the currency has, at most 30
    /// integer digits, within the maximum.
    private func valid(_ next: [UInt8]) -> Bool {
        let separators = next.filter { $0 == Self.separator }.count
        guard separators <= 1 else { return false }
        if mode == .freeform, let index = next.firstIndex(of: Self.separator) {
            guard currency.minorUnits > 0, next.count - index - 1 <= currency.minorUnits, index <= 30 else { return false }
        } else if next.count > 30 + (mode == .calculator ? currency.minorUnits : 0) {
            return false
        }
        if let maximum, let amount = Editor.amount(next, isNegative: false, mode: mode, minorUnits: currency.minorUnits),
           amount > maximum.amount.magnitude {
            return false
        }
        return true
    }

    // MARK: Rendering

    private var parts: (integer: String, fraction: String) {
        Editor.parts(elements, mode: mode, minorUnits: currency.minorUnits)
    }

    /// Sets the state and renders it, the cursor after `caret` elements.
    private mutating func apply(elements: [UInt8], isNegative: Bool, caret: Int) {
        self.elements = elements
        self.isNegative = isNegative && elements.contains { $0 != 0 && $0 != Self.separator }
        guard !elements.isEmpty else {
            (text, cursor, spans) = ("", 0, [])
            return
        }
        var (integer, fraction) = parts
        let danglingSeparator = mode == .freeform && elements.last == Self.separator
        if danglingSeparator { fraction = "0" }  // rendered, then removed
        let digits = MoneyRenderer.Digits(integer: integer, fraction: fraction, isNegative: self.isNegative)
        let renderer = MoneyRenderer(formatting: formatter.profile.formatting, displays: formatter.profile.currencies.displays)
        var rendered = renderer.format(digits, currency: currency.index, text: .symbol, accounting: false, grouping: true)
        // UTF-16 ranges of the rendered digits, in order.
        var digitRanges: [Range<Int>] = []
        var offset = 0
        for scalar in rendered.unicodeScalars {
            let width = scalar.utf16.count
            if DigitSystems.digit(scalar.value) != nil { digitRanges.append(offset..<offset + width) }
            offset += width
        }
        let integerRanges = digitRanges.prefix(integer.count)
        var fractionRanges = Array(digitRanges.dropFirst(integer.count))
        if danglingSeparator, let phantom = fractionRanges.popLast() {
            let utf16 = Array(rendered.utf16)
            rendered = String(decoding: utf16[..<phantom.lowerBound] + utf16[phantom.upperBound...], as: UTF16.self)
        }
        // The separator sits between the last integer digit and the first fraction digit (or the
        // removed one): the decimal symbol right after the integer digits.
        let separatorStart = integerRanges.last?.upperBound ?? 0
        let separatorRange = separatorStart..<separatorStart + decimalSymbol.utf16.count
        var spans: [Range<Int>] = []
        switch mode {
        case .freeform:
            var integerIterator = integerRanges.makeIterator()
            var fractionIterator = fractionRanges.makeIterator()
            var afterSeparator = false
            for element in elements {
                if element == Self.separator {
                    spans.append(separatorRange)
                    afterSeparator = true
                } else if let range = afterSeparator ? fractionIterator.next() : integerIterator.next() {
                    spans.append(range)
                }
            }
        case .calculator:
            // Typed digits are the last rendered ones (padding zeros come first).
            spans = Array(digitRanges.suffix(elements.count))
        }
        self.spans = spans
        text = rendered
        let clamped = min(max(caret, 0), spans.count)
        cursor = clamped == 0 ? (spans.first?.lowerBound ?? 0) : spans[clamped - 1].upperBound
    }
}

/// The pure functions of ``AmountEditor``'s state.
private enum Editor {
    /// The element standing for the decimal separator (digits are 0-9).
    static let separator: UInt8 = 10

    /// Integer and fraction digits as ASCII text.
    static func parts(_ elements: [UInt8], mode: AmountEditor.Mode, minorUnits: Int) -> (integer: String, fraction: String) {
        let ascii = { (digits: ArraySlice<UInt8>) in String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self) }
        switch mode {
        case .freeform:
            guard let index = elements.firstIndex(of: separator) else { return (ascii(elements[...]), "") }
            let integer = ascii(elements[..<index])
            return (integer.isEmpty ? "0" : integer, ascii(elements[(index + 1)...]))
        case .calculator:
            let padded = Array(repeating: UInt8(0), count: max(minorUnits + 1 - elements.count, 0)) + elements
            return (ascii(padded.dropLast(minorUnits)), ascii(padded.suffix(minorUnits)))
        }
    }

    static func amount(_ elements: [UInt8], isNegative: Bool, mode: AmountEditor.Mode, minorUnits: Int) -> Decimal? {
        let (integer, fraction) = parts(elements, mode: mode, minorUnits: minorUnits)
        return Decimal(plainText: (isNegative ? "-" : "") + (integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction))
    }
}
