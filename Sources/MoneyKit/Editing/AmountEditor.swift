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
/// returns `false`, leaves everything as it was and says why in ``lastRejection``, so that a
/// field can tell the user. ``undo()`` and ``redo()`` step through the meaningful edits: a
/// run of typing, a run of deletions, a paste, a sign change (at most ``maximumUndoSteps``).
public struct AmountEditor: Sendable {
    /// Why an edit was not accepted.
    public enum Rejection: Sendable, Hashable {
        /// Characters that are no digits, decimal separator or minus, or a paste that is not an
        /// amount MoneyParser reads (`12abc`).
        case notAnAmount
        /// A pasted amount in another currency (`$5` in a EUR field).
        case otherCurrency(Currency)
        /// More fraction digits than the currency has (a third decimal in USD, any in JPY).
        case tooManyDecimals(allowed: Int)
        /// A second decimal separator.
        case secondDecimalSeparator
        /// A minus or a negative paste while ``allowsNegative`` is off.
        case negativeNotAllowed
        /// An amount beyond ``maximum`` in magnitude.
        case overMaximum(Money)
        /// More than 30 integer digits.
        case tooManyDigits
        /// A deletion with nothing to delete (backspace at the start, in an empty field).
        case nothingToDelete
        /// A range outside the text.
        case outsideText
        /// A paste in an editor whose locale ICU does not know (`en_UK`): MoneyParser reads
        /// nothing in such a locale (``MoneyParser/validate(_:)``); `nearest` is the known
        /// identifier to suggest, when there is one. Typed digits still work, shown in ICU's
        /// fallback format for the identifier, as ``MoneyFormatter`` writes it.
        case unknownLocale(nearest: String?)

        /// A stable name for logs and test tables: `"tooManyDecimals"`.
        public var name: String {
            switch self {
            case .notAnAmount: "notAnAmount"
            case .otherCurrency: "otherCurrency"
            case .tooManyDecimals: "tooManyDecimals"
            case .secondDecimalSeparator: "secondDecimalSeparator"
            case .negativeNotAllowed: "negativeNotAllowed"
            case .overMaximum: "overMaximum"
            case .tooManyDigits: "tooManyDigits"
            case .nothingToDelete: "nothingToDelete"
            case .outsideText: "outsideText"
            case .unknownLocale: "unknownLocale"
            }
        }
    }

    /// How many undo steps are kept; older ones are dropped.
    public static let maximumUndoSteps = 100

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
    /// Why the last edit (``replace(_:with:)``, ``update(text:)``) was rejected; nil after
    /// an accepted one.
    public private(set) var lastRejection: Rejection?

    /// The state an undo or redo returns to: what was typed, the sign, the cursor after how
    /// many elements.
    private struct Snapshot: Sendable, Equatable {
        let elements: [UInt8]
        let isNegative: Bool
        let caret: Int
    }

    /// The kinds of edit that undo groups: consecutive typing, or consecutive deletions, at
    /// the cursor, are one step; a paste or a sign change is a step of its own.
    private enum EditKind: Sendable { case typing, deletion, paste, sign }

    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    /// The kind of the last accepted edit, while further edits of the kind may join its step.
    private var openGroup: EditKind?

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
    /// Check a locale from settings or user input with ``MoneyParser/validate(_:)`` first:
    /// in a locale ICU does not know, the text follows ICU's fallback format (as
    /// ``MoneyFormatter`` writes it) and every paste is refused with
    /// ``Rejection/unknownLocale(nearest:)``.
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
    /// The program sets the value, so the undo history starts afresh.
    ///
    /// - Parameter money: The amount; it is taken in the editor's currency as it is, and rounded
    ///   (half-even) to the currency's minor digits.
    public mutating func setMoney(_ money: Money?) {
        setMoneyKeepingHistory(money)
        (undoStack, redoStack, openGroup, lastRejection) = ([], [], nil, nil)
    }

    private mutating func setMoneyKeepingHistory(_ money: Money?) {
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
        let moved = min(max(offset, 0), text.utf16.count)
        if moved != cursor { openGroup = nil }  // typing elsewhere starts a new undo step
        cursor = moved
    }

    /// Whether ``undo()`` has a step to take back.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether ``redo()`` has a step to take again.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Takes back the last meaningful edit (a run of typing or deletions, a paste, a sign
    /// change): text, amount and cursor return to what they were before it.
    ///
    /// - Returns: Whether there was an edit to take back.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(snapshot)
        restore(previous)
        return true
    }

    /// Takes again the last edit that ``undo()`` took back; any new edit clears what redo has.
    ///
    /// - Returns: Whether there was an edit to take again.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(snapshot)
        restore(next)
        return true
    }

    private var snapshot: Snapshot {
        Snapshot(elements: elements, isNegative: isNegative, caret: spans.prefix { $0.upperBound <= cursor }.count)
    }

    private mutating func restore(_ state: Snapshot) {
        apply(elements: state.elements, isNegative: state.isNegative, caret: state.caret)
        openGroup = nil
        lastRejection = nil
    }

    /// Records an accepted edit for undo: the state before it starts a new step unless the
    /// edit continues the open group (typing after typing, deleting after deleting).
    private mutating func record(_ kind: EditKind, before: Snapshot) {
        guard before != snapshot else { return }
        redoStack.removeAll()
        if let openGroup, openGroup == kind, kind == .typing || kind == .deletion { return }
        undoStack.append(before)
        if undoStack.count > Self.maximumUndoSteps { undoStack.removeFirst(undoStack.count - Self.maximumUndoSteps) }
        openGroup = kind == .typing || kind == .deletion ? kind : nil
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
        guard range.lowerBound >= 0, range.upperBound <= utf16Count else { return reject(.outsideText) }
        let before = snapshot
        let typed = typedElements(replacement)
        let kind: EditKind = typed == nil && !replacement.isEmpty ? .paste
            : typed == [Self.minus] ? .sign : replacement.isEmpty ? .deletion : .typing
        let rejection: Rejection?
        if kind == .paste {
            rejection = paste(replacement)
        } else {
            switch mode {
            case .freeform: rejection = editFreeform(range, inserting: typed ?? [])
            case .calculator: rejection = editCalculator(range, inserting: typed ?? [])
            }
        }
        if let rejection { return reject(rejection) }
        lastRejection = nil
        record(kind, before: before)
        return true
    }

    /// Notes why an edit was rejected (the state is unchanged).
    private mutating func reject(_ rejection: Rejection) -> Bool {
        lastRejection = rejection
        return false
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
        guard old != new else {
            lastRejection = nil
            return true
        }
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

    private mutating func editFreeform(_ range: Range<Int>, inserting typed: [UInt8]) -> Rejection? {
        if typed == [Self.minus] { return toggleSign() }
        var covered = spans.indices.filter { spans[$0].lowerBound >= range.lowerBound && spans[$0].upperBound <= range.upperBound }
        var position = spans.prefix { $0.upperBound <= range.lowerBound }.count
        if covered.isEmpty, typed.isEmpty, !range.isEmpty {
            // Deleting a grouping separator or a marker: remove the digit beside it instead, the
            // one after it for a forward delete (the range starts at the cursor), else the one before.
            let forward = range.lowerBound == cursor
            let neighbour = forward ? position : position - 1
            guard elements.indices.contains(neighbour) else { return .nothingToDelete }
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
        if let problem = problem(with: next) { return problem }
        apply(elements: next, isNegative: isNegative, caret: caret)
        return nil
    }

    private mutating func editCalculator(_ range: Range<Int>, inserting typed: [UInt8]) -> Rejection? {
        if typed == [Self.minus] { return toggleSign() }
        var next = elements
        if typed.isEmpty {
            guard !range.isEmpty, !next.isEmpty else { return .nothingToDelete }
            // A deletion over every digit (select all, delete) clears; any other, the last digit.
            let coversAll = spans.allSatisfy { $0.lowerBound >= range.lowerBound && $0.upperBound <= range.upperBound }
            if coversAll { next = [] } else { next.removeLast() }
        } else {
            // Separators are ignored: the minor digits are fixed.
            let digits = typed.filter { $0 < 10 }
            guard !digits.isEmpty else { return .notAnAmount }
            next += digits
        }
        while next.first == 0 { next.removeFirst() }
        if let problem = problem(with: next) { return problem }
        apply(elements: next, isNegative: isNegative && !next.isEmpty, caret: next.count)
        return nil
    }

    private mutating func toggleSign() -> Rejection? {
        guard allowsNegative else { return .negativeNotAllowed }
        guard !elements.isEmpty else { return .notAnAmount }
        let caretDigits = spans.prefix { $0.upperBound <= cursor }.count
        apply(elements: elements, isNegative: !isNegative, caret: caretDigits)
        return nil
    }

    /// A whole amount pasted: read by MoneyParser (any form it accepts, in the field's currency).
    private mutating func paste(_ replacement: String) -> Rejection? {
        let pasted: Money
        do {
            pasted = try parser.parse(replacement)
        } catch {
            switch error.kind {
            case .currencyMismatch(let found, _): return .otherCurrency(found)
            case .unknownLocale(let nearest): return .unknownLocale(nearest: nearest)
            default: return .notAnAmount
            }
        }
        guard pasted.currency == currency else { return .otherCurrency(pasted.currency) }
        guard allowsNegative || !pasted.isNegative else { return .negativeNotAllowed }
        guard pasted.isMultiple(of: .minor) else { return .tooManyDecimals(allowed: currency.minorUnits) }
        let saved = (elements, isNegative, text, cursor, spans)
        setMoneyKeepingHistory(pasted)
        guard let problem = problem(with: elements) else { return nil }
        (elements, isNegative, text, cursor, spans) = saved
        return problem
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

    /// Why a state is no amount the field takes, or nil: at most one separator, no more
    /// fraction digits than the currency has, at most 30 integer digits, within the maximum.
    private func problem(with next: [UInt8]) -> Rejection? {
        let separators = next.filter { $0 == Self.separator }.count
        guard separators <= 1 else { return .secondDecimalSeparator }
        if mode == .freeform, let index = next.firstIndex(of: Self.separator) {
            guard currency.minorUnits > 0, next.count - index - 1 <= currency.minorUnits else {
                return .tooManyDecimals(allowed: currency.minorUnits)
            }
            guard index <= 30 else { return .tooManyDigits }
        } else if next.count > 30 + (mode == .calculator ? currency.minorUnits : 0) {
            return .tooManyDigits
        }
        if let maximum, let amount = Editor.amount(next, isNegative: false, mode: mode, minorUnits: currency.minorUnits),
           amount > maximum.amount.magnitude {
            return .overMaximum(maximum)
        }
        return nil
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
        let renderer = MoneyRenderer(formatting: formatter.profile.formatting, displays: formatter.profile.currencies.displays,
                                     symbols: formatter.symbols)
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
