import Foundation
@testable import MoneyKit
import MoneyKitCorpus
import PropertyBased
import TestSupport
import Testing

/// The keystroke scripts of TestData/editing/keystrokes.csv: each script's edits in order, with
/// the text and cursor (`|` in the `expected` column) after every step.
///
/// An edit is written as a user makes it (`undo` and `redo` call the editor's): `X` types X at the cursor, `⌫` deletes the character
/// before the cursor, `⌦` the one after it; `dK` first puts the cursor right after the K-th
/// digit of the text (`d0`: before the first) and `+M` then moves it M characters right;
/// `all:X` selects the whole text and types or pastes X (empty: deletes it); `dA~dB:X` selects
/// from after the A-th digit to after the B-th and types X. Cursor moves are
/// reported with `moveCursor(to:)`, as a text field's selection callback would.
@Suite struct AmountEditorScriptTests {
    struct Script: Sendable, CustomTestStringConvertible {
        let name: String
        let rows: [[String: String]]
        var testDescription: String { "\(name): \(rows.first?["note"] ?? "")" }
    }

    static let scripts: [Script] = {
        let path = TestData.directory.appendingPathComponent("editing/keystrokes.csv").path
        guard let table = try? CorpusTable(contentsOf: path) else { return [] }
        let rows = table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0)) }
        var order: [String] = []
        var byName: [String: [[String: String]]] = [:]
        for row in rows {
            let name = row["script"] ?? ""
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(row)
        }
        return order.map { Script(name: $0, rows: byName[$0]!) }
    }()

    @Test func thereAreEnoughSteps() {
        #expect(Self.scripts.reduce(0) { $0 + $1.rows.count } >= 300)
    }

    @Test("Keystroke script", arguments: scripts)
    func script(_ script: Script) throws {
        let first = try #require(script.rows.first)
        var editor = AmountEditor(locale: Locale(identifier: first["locale"]!), currency: try Currency(code: first["currency"]!),
                                  mode: first["mode"] == "calculator" ? .calculator : .freeform,
                                  initial: try Self.initial(first["options"]!, currency: first["currency"]!))
        for option in first["options"]!.split(separator: " ") {
            if option == "negative" { editor.allowsNegative = true }
            if option.hasPrefix("max=") { editor.maximum = Money(try #require(Decimal(plainText: option.dropFirst(4))), editor.currency) }
        }
        for row in script.rows {
            let accepted: Bool
            switch row["edit"]! {
            case "undo": accepted = editor.undo()
            case "redo": accepted = editor.redo()
            default:
                let (range, replacement) = try Self.edit(row["edit"]!, in: &editor)
                accepted = editor.replace(range, with: replacement)
            }
            let expected = row["expected"]!
            let marker = try #require(expected.firstIndex(of: "|"))
            let expectedCursor = expected[..<marker].utf16.count
            let expectedText = expected.replacingOccurrences(of: "|", with: "")
            let step = "\(script.name) step \(row["step"]!) \(row["edit"]!)"
            // `yes`, or `no:` and why (``AmountEditor/Rejection/name``; plain `no` for undo and redo).
            let verdict = row["accepted"]!
            #expect(accepted == (verdict == "yes"), "\(step): accepted")
            if !["undo", "redo"].contains(row["edit"]!) {
                #expect(editor.lastRejection?.name == (verdict.hasPrefix("no:") ? String(verdict.dropFirst(3)) : nil),
                        "\(step): rejection \(String(describing: editor.lastRejection))")
            }
            #expect(editor.text == expectedText, "\(step): text \(String(reflecting: editor.text))")
            #expect(editor.cursor == expectedCursor, "\(step): cursor \(editor.cursor)")
            // The text always reads back as the editor's amount.
            let parsed = editor.text.isEmpty ? nil : try? MoneyParser(locale: editor.locale, currency: editor.currency).parse(editor.text)
            #expect(parsed == editor.money, "\(step): parse(text) == money")
        }
    }

    static func initial(_ options: String, currency: String) throws -> Money? {
        guard let option = options.split(separator: " ").first(where: { $0.hasPrefix("initial=") }) else { return nil }
        return Money(try #require(Decimal(plainText: option.dropFirst(8))), try Currency(code: currency))
    }

    /// Where each digit of a text stands, in UTF-16 offsets.
    static func digitRanges(_ text: String) -> [(start: Int, end: Int)] {
        var ranges: [(start: Int, end: Int)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let width = scalar.utf16.count
            if scalar.properties.numericType == .decimal { ranges.append((offset, offset + width)) }
            offset += width
        }
        return ranges
    }

    /// The UTF-16 range and replacement an edit stands for, in the editor's current text.
    static func edit(_ edit: String, in editor: inout AmountEditor) throws -> (Range<Int>, String) {
        let text = editor.text
        if edit.hasPrefix("all:") { return (0..<text.utf16.count, String(edit.dropFirst(4))) }
        if let match = edit.wholeMatch(of: /d(\d+)~d(\d+):(.*)/) {
            let ends = digitRanges(text)
            let bound = { (digit: Int) in digit == 0 ? ends[0].start : ends[digit - 1].end }
            let range = bound(Int(match.output.1)!)..<bound(Int(match.output.2)!)
            editor.moveCursor(to: range.upperBound)
            return (range, String(match.output.3))
        }
        var cursor = editor.cursor
        var rest = Substring(edit)
        if let match = rest.prefixMatch(of: /d(\d+)(?:\+(\d+))?/) {
            let digit = Int(match.output.1)!
            let moves = match.output.2.map { Int($0)! } ?? 0
            let offsets = digitRanges(text)
            cursor = digit == 0 ? try #require(offsets.first).start : offsets[digit - 1].end
            for _ in 0..<moves {
                let index = String.Index(utf16Offset: cursor, in: text)
                cursor += text[index...].first.map { String($0).utf16.count } ?? 0
            }
            editor.moveCursor(to: cursor)
            rest = rest[match.range.upperBound...]
            if rest.hasPrefix(":") { rest = rest.dropFirst() }
        }
        let index = String.Index(utf16Offset: cursor, in: text)
        switch rest {
        case "⌫":
            let width = text[..<index].last.map { String($0).utf16.count } ?? 1
            return ((cursor - width)..<cursor, "")
        case "⌦":
            let width = text[index...].first.map { String($0).utf16.count } ?? 1
            return (cursor..<(cursor + width), "")
        default:
            return (cursor..<cursor, String(rest))
        }
    }
}

/// Whole-text updates, as SwiftUI reports them.
@Suite struct AmountEditorUpdateTests {
    @Test func updatesBecomeEdits() {
        var editor = AmountEditor(locale: Locale(identifier: "de_DE"), currency: "EUR")
        var steps: [(accepted: Bool, text: String, cursor: Int)] = []
        for newText in ["1234", "1.2345\u{A0}€", "12.34\u{A0}€", "1.234x\u{A0}€", ""] {
            let accepted = editor.update(text: newText)
            steps.append((accepted, editor.text, editor.cursor))
        }
        // Typed digits; a digit after the 4; the 5 deleted; a letter rejected; everything deleted.
        #expect(steps.map(\.accepted) == [true, true, true, false, true])
        #expect(steps.map(\.text) == ["1.234\u{A0}€", "12.345\u{A0}€", "1.234\u{A0}€", "1.234\u{A0}€", ""])
        #expect(steps.map(\.cursor) == [5, 6, 5, 5, 0])
        #expect(editor.money == nil)
    }
}

/// Random edit sequences keep the editor's promises: the text reads back as its amount (or
/// both are empty) and the cursor stays inside the text.
@Suite struct AmountEditorPropertyTests {
    static let fields: [(locale: String, currency: Currency, mode: AmountEditor.Mode)] = [
        ("en_US", "USD", .freeform), ("de_DE", "EUR", .freeform), ("fr_FR", "EUR", .freeform), ("de_CH", "CHF", .freeform),
        ("ru_RU", "RUB", .freeform), ("en_IN", "INR", .freeform), ("ar_EG", "EGP", .freeform), ("ja_JP", "JPY", .freeform),
        ("ar_KW", "KWD", .freeform), ("en_US", "USD", .calculator), ("de_DE", "EUR", .calculator), ("en_US", "KWD", .calculator),
    ]
    static let pieces = ["1", "2", "0", "9", ".", ",", "-", "٣", "１", "", "", "12", "1.234,56 €", "$7.5", "x", " ", "٫", "00"]

    @Test("Random edits keep parse(text) == money and the cursor in range")
    func randomEdits() async {
        let edit = zip(Gen.int(in: 0...64), Gen.int(in: 0...8), Gen.int(in: 0..<Self.pieces.count))
        await propertyCheck(count: 2_000, input: Gen.int(in: 0..<Self.fields.count), Gen.bool, edit.array(of: 1...40)) {
            fieldIndex, negatives, edits in
            let field = Self.fields[fieldIndex]
            var editor = AmountEditor(locale: Locale(identifier: field.locale), currency: field.currency, mode: field.mode)
            editor.allowsNegative = negatives
            let parser = MoneyParser(locale: Locale(identifier: field.locale), currency: field.currency)
            for (start, length, piece) in edits {
                let count = editor.text.utf16.count
                let lower = min(start, count)
                let before = (editor.text, editor.cursor, editor.money)
                if !editor.replace(lower..<min(lower + length, count), with: Self.pieces[piece]) {
                    #expect(editor.text == before.0 && editor.cursor == before.1 && editor.money == before.2,
                            "a rejected edit changes nothing")
                }
                #expect((0...editor.text.utf16.count).contains(editor.cursor))
                let parsed = editor.text.isEmpty ? nil : try? parser.parse(editor.text)
                #expect(parsed == editor.money, "\(String(reflecting: editor.text)) reads back as \(String(describing: editor.money))")
            }
        }
    }
}

/// The example of the API documentation's Editing article, step by step.
@Suite struct AmountEditorArticleTests {
    @Test func theArticlesExampleDoesWhatItSays() {
        var field = AmountEditor(locale: Locale(identifier: "de_DE"), currency: "EUR")
        let typed = field.replace(0..<0, with: "1234")
        #expect(typed)
        #expect(field.text == "1.234\u{A0}€")
        let separator = field.replace(5..<5, with: ",")
        #expect(separator)
        #expect(field.text == "1.234,\u{A0}€")
        let decimal = field.replace(6..<6, with: "5")
        #expect(decimal)
        #expect(field.text == "1.234,5\u{A0}€")
        #expect(field.money == Money(minorUnits: 123450, "EUR"))
        let refused = !field.replace(7..<7, with: "67")
        #expect(refused)
        #expect(field.lastRejection == .tooManyDecimals(allowed: 2))
        let undone = field.undo()
        #expect(undone)
        #expect(field.text == "")
        #expect(!field.canUndo)
    }
}
