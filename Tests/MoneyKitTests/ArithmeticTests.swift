import Foundation
@testable import MoneyKit
import MoneyKitCorpus
import TestSupport
import Testing

/// The tables of TestData/arithmetic: rounding, splitting and the operations, row by row.
@Suite struct ArithmeticTableTests {
    @Test("Rounding", arguments: ArithmeticRow.rows(in: "rounding.csv"))
    func rounding(row: ArithmeticRow) throws {
        let money = Money(try row.decimal("amount"), try row.currency())
        let rounded = row["rule"].isEmpty
            ? money.rounded(to: try row.unit())
            : money.rounded(to: try row.unit(), rule: try row.rule())
        #expect(rounded == Money(try row.decimal("expected"), money.currency))
        // Rounding again changes nothing, whatever the rule.
        #expect(rounded.rounded(to: try row.unit(), rule: .awayFromZero) == rounded)
    }

    @Test("Splitting", arguments: ArithmeticRow.rows(in: "allocation.csv"))
    func allocation(row: ArithmeticRow) throws {
        let money = Money(try row.decimal("amount"), try row.currency())
        let parts = row["parts"].isEmpty
            ? money.allocated(byRatios: try row["ratios"].split(separator: ":").map { try ArithmeticRow.decimal(String($0)) },
                              unit: try row.unit())
            : money.allocated(into: try #require(Int(row["parts"])), unit: try row.unit())
        let expected = try row["expected"].split(separator: " ").map { Money(try ArithmeticRow.decimal(String($0)), money.currency) }
        #expect(parts == expected)
        #expect(try parts.sum(in: money.currency) == money)
    }

    @Test("Operations", arguments: ArithmeticRow.rows(in: "operations.csv"))
    func operation(row: ArithmeticRow) throws {
        let currency = try row.currency()
        let money = { (text: String) throws -> Money in
            let pieces = text.split(separator: ":")
            let code = pieces.count == 2 ? try Currency(code: String(pieces[0])) : currency
            return Money(try ArithmeticRow.decimal(String(pieces.last!)), code)
        }
        let unit = row["unit"].isEmpty ? RoundingUnit.minor : try row.unit()
        let rule = row["rule"].isEmpty ? FloatingPointRoundingRule.toNearestOrAwayFromZero : try row.rule()
        let result: Result<[Money], MoneyArithmeticError>
        switch row["operation"] {
        case "add":
            let (left, right) = (try money(row["amount"]), try money(row["operand"]))
            result = Result { () throws(MoneyArithmeticError) in [try left.adding(right)] }
        case "subtract":
            let (left, right) = (try money(row["amount"]), try money(row["operand"]))
            result = Result { () throws(MoneyArithmeticError) in [try left.subtracting(right)] }
        case "multiply":
            let (left, factor) = (try money(row["amount"]), try row.decimal("operand"))
            result = Result { () throws(MoneyArithmeticError) in [try left.multiplied(by: factor)] }
        case "divide":
            let (left, divisor) = (try money(row["amount"]), try row.decimal("operand"))
            result = Result { () throws(MoneyArithmeticError) in [try left.divided(by: divisor, unit: unit, rule: rule)] }
        case "sum":
            let elements = try row["amount"].split(separator: " ").map { try money(String($0)) }
            result = Result { () throws(MoneyArithmeticError) in [try elements.sum(in: currency)] }
        case "divide-into":
            let (share, remainder) = try money(row["amount"]).divided(into: try #require(Int(row["operand"])), unit: unit)
            result = .success([share, remainder])
        default:
            Issue.record("unknown operation \(row["operation"])")
            return
        }
        let expected = row["expected"]
        if expected.hasPrefix("error:") {
            #expect(result.errorKind == String(expected.dropFirst("error:".count)))
        } else {
            let values = try expected.split(separator: " ").map { Money(try ArithmeticRow.decimal(String($0)), currency) }
            #expect(try result.get() == values)
        }
    }
}

/// A row of a TestData/arithmetic table.
struct ArithmeticRow: Sendable, CustomTestStringConvertible {
    let file: String
    let fields: [String: String]

    var testDescription: String { "\(file) \(self["id"]): \(self["note"])" }

    subscript(column: String) -> String { fields[column] ?? "" }

    static func rows(in file: String) -> [ArithmeticRow] {
        let path = TestData.directory.appendingPathComponent("arithmetic").appendingPathComponent(file).path
        guard let table = try? CorpusTable(contentsOf: path) else { return [] }
        return table.records.filter { $0.contains { !$0.isEmpty } }.map { record in
            ArithmeticRow(file: file, fields: Dictionary(uniqueKeysWithValues: zip(table.header, record + Array(repeating: "", count: max(0, table.header.count - record.count)))))
        }
    }

    static func decimal(_ text: String) throws -> Decimal {
        try #require(Decimal(plainText: text), "\(text) is not a plain decimal")
    }

    func decimal(_ column: String) throws -> Decimal { try ArithmeticRow.decimal(self[column]) }

    func currency() throws -> Currency { try Currency(code: self["code"]) }

    /// `minor`, `cash` or an increment.
    func unit() throws -> RoundingUnit {
        switch self["unit"] {
        case "minor", "": .minor
        case "cash": .cash
        default: .increment(try decimal("unit"))
        }
    }

    func rule() throws -> FloatingPointRoundingRule {
        let rules: [String: FloatingPointRoundingRule] = [
            "toNearestOrAwayFromZero": .toNearestOrAwayFromZero, "toNearestOrEven": .toNearestOrEven, "up": .up,
            "down": .down, "towardZero": .towardZero, "awayFromZero": .awayFromZero,
        ]
        return try #require(rules[self["rule"]], "unknown rule \(self["rule"])")
    }
}

extension Result where Failure == MoneyArithmeticError {
    /// The error's case name (`overflow`, `currencyMismatch`), nil on success.
    var errorKind: String? {
        guard case .failure(let error) = self else { return nil }
        switch error {
        case .currencyMismatch: return "currencyMismatch"
        case .overflow: return "overflow"
        case .divisionByZero: return "divisionByZero"
        case .notANumber: return "notANumber"
        }
    }
}

/// Operators, comparisons and the small properties, with the exact values they must give.
@Suite struct MoneyOperatorTests {
    let usd: Currency = "USD"

    func money(_ text: String, _ code: Currency = "USD") -> Money { Money(Decimal(plainText: text)!, code) }

    @Test func operatorsAreExact() {
        #expect(money("0.1") + money("0.2") == money("0.3"))
        #expect(money("10") - money("10.01") == money("-0.01"))
        #expect(money("19.99") * Decimal(plainText: "0.0825")! == money("1.649175"))
        #expect(Decimal(3) * money("1.10") == money("3.3"))
        #expect(money("1.10") * 3 == money("3.3"))
        #expect(3 * money("1.10") == money("3.3"))
        #expect(money("100") / 3 == money("33.33"))
        #expect(money("-100") / Decimal(3) == money("-33.33"))
        #expect(money("2") / 3 == money("0.67"))
        var total = money("1")
        total += money("2.5")
        total -= money("0.5")
        total *= 2
        total *= Decimal(plainText: "0.5")!
        #expect(total == money("3"))
        #expect(-money("5") == money("-5"))
    }

    @Test func smallProperties() {
        #expect(money("0").isZero)
        #expect(money("0.00").isZero)
        #expect(!money("0.01").isZero)
        #expect(money("-0.01").isNegative)
        #expect(!money("0").isNegative)
        #expect(!money("3").isNegative)
        #expect(money("-12.5").magnitude == money("12.5"))
        #expect(money("12.5").magnitude == money("12.5"))
        #expect((-money("0")).isNegative == false)
    }

    @Test func comparisonsWithinACurrency() {
        #expect(money("1.50") < money("1.51"))
        #expect(money("-2") < money("1"))
        #expect(money("1.50") == money("1.5"))
        #expect(money("1.5", "EUR") != money("1.5", "USD"))
        #expect([money("3"), money("-1"), money("2.5")].sorted() == [money("-1"), money("2.5"), money("3")])
        #expect([money("3"), money("-1")].max() == money("3"))
        // Equal amounts hash alike whatever their trailing zeros (Foundation's Decimal normalizes).
        let withZeros = Money(Decimal(string: "1.50", locale: Locale(identifier: "en_US_POSIX"))!, "USD")
        #expect(Set([money("1.5"), withZeros]).count == 1)
    }

    @Test func throwingVariantsNameTheProblem() {
        #expect(throws: MoneyArithmeticError.currencyMismatch("USD", "EUR")) { try money("1").adding(money("1", "EUR")) }
        #expect(throws: MoneyArithmeticError.divisionByZero) { try money("1").divided(by: 0) }
        #expect(throws: MoneyArithmeticError.divisionByZero) { try money("1").divided(by: Decimal(0)) }
        #expect(throws: MoneyArithmeticError.notANumber) { try money("1").multiplied(by: Decimal.nan) }
        #expect(throws: MoneyArithmeticError.notANumber) { try Money(Decimal.nan, "USD").adding(money("1")) }
        #expect(MoneyArithmeticError.currencyMismatch("USD", "EUR").description == "cannot combine USD with EUR without a conversion")
    }

    @Test func roundingUnitsComeFromICU() {
        #expect(RoundingUnit.minor.increment(for: "USD") == Decimal(plainText: "0.01"))
        #expect(RoundingUnit.minor.increment(for: "JPY") == 1)
        #expect(RoundingUnit.minor.increment(for: "KWD") == Decimal(plainText: "0.001"))
        #expect(RoundingUnit.cash.increment(for: "CHF") == Decimal(plainText: "0.05"))
        #expect(RoundingUnit.cash.increment(for: "DKK") == Decimal(plainText: "0.5"))
        #expect(RoundingUnit.cash.increment(for: "HUF") == 1)
        #expect(RoundingUnit.cash.increment(for: "USD") == Decimal(plainText: "0.01"))
        #expect(RoundingUnit.increment(25).increment(for: "USD") == 25)
        #expect((try? Currency(code: "CHF"))?.cashRoundingIncrement == Decimal(plainText: "0.05"))
    }

    @Test func multiplesOfAUnit() {
        #expect(money("1.05", "CHF").isMultiple(of: .cash))
        #expect(!money("1.03", "CHF").isMultiple(of: .cash))
        #expect(money("1.03", "CHF").isMultiple(of: .minor))
        #expect(!money("1.035", "CHF").isMultiple(of: .minor))
        #expect(money("-300", "USD").isMultiple(of: .increment(100)))
    }

    @Test func sumOfASequence() throws {
        #expect(try [money("12.50", "EUR"), money("7.25", "EUR")].sum(in: "EUR") == money("19.75", "EUR"))
        #expect(try [Money]().sum(in: "JPY") == Money(0, "JPY"))
        #expect(throws: MoneyArithmeticError.currencyMismatch("EUR", "USD")) {
            try [money("1", "EUR"), money("1")].sum(in: "EUR")
        }
    }
}

/// The preconditions stop the process, as documented: each runs in a child process.
@Suite struct MoneyPreconditionTests {
    @Test func mixingCurrenciesInAnOperatorStops() async {
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD") + Money(1, "EUR") }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD") < Money(1, "EUR") }
    }

    @Test func overflowAndDivisionByZeroInOperatorsStop() async {
        await #expect(processExitsWith: .failure) {
            _ = Money(Decimal(plainText: "99999999999999999999999999999999999999")!, "USD") + Money(Decimal(plainText: "0.1")!, "USD")
        }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD") / 0 }
    }

    @Test func invalidSplitsStop() async {
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").allocated(into: 0) }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").divided(into: -1) }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").allocated(byRatios: []) }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").allocated(byRatios: [0, 0]) }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").allocated(byRatios: [1, -1]) }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").allocated(byRatios: [1, Decimal.nan]) }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").rounded(to: .increment(0)) }
        await #expect(processExitsWith: .failure) { _ = Money(1, "USD").rounded(to: .increment(-5)) }
    }
}

/// Docs/Arithmetic.md stays true: its cash table is ICU's, its row ids exist.
@Suite struct ArithmeticDocsTests {
    static let page = (try? String(contentsOf: TestData.directory.deletingLastPathComponent()
        .appendingPathComponent("Docs/Arithmetic.md"), encoding: .utf8)) ?? ""

    @Test func cashTableIsICUs() throws {
        // Rows such as `| CHF | 0.01 | 0.05 | 2, 0; 2, 5 |`.
        var documented: [String] = []
        for line in Self.page.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, let code = cells[0].split(separator: " ").first, code.count == 3,
                  let currency = (try? Currency(code: String(code))) else { continue }
            documented.append(currency.code)
            #expect(Decimal(plainText: cells[1]) == currency.roundingIncrement, "\(code) minor unit")
            #expect(Decimal(plainText: cells[2]) == currency.cashRoundingIncrement, "\(code) cash unit")
            let figures = "\(currency.minorUnits), \(currency.roundingIncrementUnits); \(currency.cashMinorUnits), \(currency.cashRoundingIncrementUnits)"
            #expect(cells[3] == figures, "\(code) ICU figures")
        }
        let differing = Currency.allKnown.filter { $0.cashRoundingIncrement != $0.roundingIncrement }.map(\.code)
        #expect(documented == differing)
    }

    @Test func citedRowsExist() {
        let ids = Set(["rounding.csv", "allocation.csv", "operations.csv"].flatMap { ArithmeticRow.rows(in: $0).map { $0["id"] } })
        let cited = Self.page.matches(of: /(rnd|alc|op)-\d{3}/).map { String($0.output.0) }
        #expect(cited.count > 30)
        for id in cited { #expect(ids.contains(id), "Docs/Arithmetic.md cites \(id), which no table has") }
    }
}
