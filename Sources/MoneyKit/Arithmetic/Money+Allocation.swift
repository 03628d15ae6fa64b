import Foundation

// Splitting an amount so that nothing is lost or invented: the parts always add up to the
// amount exactly. Docs/Arithmetic.md states the rules with examples.

extension Money {
    /// The amount split into equal parts that add up to it exactly: each a multiple of
    /// `unit`, the earliest parts one unit larger when the units do not divide evenly.
    ///
    /// ```swift
    /// Money(200, "USD").allocated(into: 3)               // [66.67, 66.67, 66.66] USD
    /// Money(200, "CHF").allocated(into: 3, unit: .cash)  // [66.7, 66.65, 66.65] CHF
    /// Money(Decimal(string: "-0.05")!, "USD").allocated(into: 2)   // [-0.03, -0.02] USD
    /// ```
    ///
    /// Negative amounts mirror positive ones, zero gives zeros. When the amount is not itself
    /// a multiple of the unit (CHF 200.03 split for cash in 0.05 steps), the first part also
    /// carries the rest below one unit (66.73, 66.65, 66.65), so that the sum stays exact.
    ///
    /// - Parameters:
    ///   - parts: How many parts, at least 1.
    ///   - unit: The step of each part (default: the currency's minor unit).
    /// - Returns: `parts` amounts in the same currency, largest first.
    /// - Precondition: `parts` ≥ 1, the amount is a number, and a part fits 38 significant
    ///   digits at the unit's precision.
    public func allocated(into parts: Int, unit: RoundingUnit = .minor) -> [Money] {
        precondition(parts >= 1, "Money.allocated(into:): \(parts) parts; there must be at least one")
        let split = UnitSplit(self, unit: unit)
        let (base, extra) = split.units.quotientAndRemainder(dividingBy: UInt256(UInt128(parts)))
        let counts = (0..<parts).map { index in UInt128(index) < extra.low ? base.adding(UInt256(1))! : base }
        return split.parts(counts: counts, restIndex: 0)
    }

    /// The amount split in proportion to ratios, adding up to it exactly: each part a
    /// multiple of `unit`, the units left over after rounding every share down going one
    /// each to the parts with the largest remainders (ties: the earliest).
    ///
    /// ```swift
    /// Money(1000, "JPY").allocated(byRatios: [1, 1, 1])                // [334, 333, 333] JPY
    /// Money(100, "EUR").allocated(byRatios: [Decimal(string: "0.7")!, Decimal(string: "0.3")!, 0])
    ///                                                                  // [70, 30, 0] EUR
    /// ```
    ///
    /// Ratios need not add up to 1 (`[2, 1]` is two thirds and one third); a zero ratio gets
    /// zero. Negative amounts mirror positive ones. The rest below one unit, if the amount
    /// is not a multiple of the unit, goes to the first part with a non-zero ratio.
    ///
    /// - Parameters:
    ///   - ratios: One non-negative number per part, at least one of them positive.
    ///   - unit: The step of each part (default: the currency's minor unit).
    /// - Returns: One amount per ratio, in the same currency.
    /// - Precondition: `ratios` is not empty, has no negative or NaN element and not only
    ///   zeros; written with the finest ratio's fraction digits, the ratios add up to at
    ///   most 38 digits; the amount is a number and a part fits 38 significant digits.
    public func allocated(byRatios ratios: [Decimal], unit: RoundingUnit = .minor) -> [Money] {
        let weights = Money.weights(of: ratios)
        let total = weights.reduce(UInt128(0), +)  // checked in weights(of:)
        let split = UnitSplit(self, unit: unit)
        // T·w/W = q·w + r·w/W with T = q·W + r: every product stays within 256 bits.
        let (quotient, remainder) = split.units.quotientAndRemainder(dividingBy: UInt256(total))
        var counts: [UInt256] = []
        var remainders: [UInt128] = []
        var assigned = UInt256.zero
        for weight in weights {
            let (share, left) = UInt256(product: remainder.low, weight).quotientAndRemainder(dividingBy: UInt256(total))
            guard let whole = quotient.multiplied(by: weight), let count = whole.adding(share),
                  let sum = assigned.adding(count) else {
                preconditionFailure("Money.allocated(byRatios:): a share exceeds the amount")  // count ≤ T always
            }
            counts.append(count)
            remainders.append(left.low)
            assigned = sum
        }
        // Fewer leftover units than parts with a remainder: Σ remainders / W is exactly their number.
        let leftover = Int(split.units.subtracting(assigned).low)
        let order = remainders.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(leftover) {
            counts[index] = counts[index].adding(UInt256(1))!
        }
        return split.parts(counts: counts, restIndex: weights.firstIndex { $0 != 0 }!)
    }

    /// An equal share rounded toward zero to the unit, and what is left once every part has
    /// its share: `share * parts + remainder == self`, for callers who place the loose
    /// change themselves.
    ///
    /// ```swift
    /// Money(100, "USD").divided(into: 3)   // (share: 33.33 USD, remainder: 0.01 USD)
    /// Money(-100, "USD").divided(into: 3)  // (share: -33.33 USD, remainder: -0.01 USD)
    /// ```
    ///
    /// - Parameters:
    ///   - parts: How many parts, at least 1.
    ///   - unit: The step of the share (default: the currency's minor unit).
    /// - Returns: The share and the remainder, both with the amount's sign (or zero).
    /// - Precondition: `parts` ≥ 1, the amount is a number, and the share fits 38
    ///   significant digits at the unit's precision.
    public func divided(into parts: Int, unit: RoundingUnit = .minor) -> (share: Money, remainder: Money) {
        precondition(parts >= 1, "Money.divided(into:): \(parts) parts; there must be at least one")
        let split = UnitSplit(self, unit: unit)
        let (base, extra) = split.units.quotientAndRemainder(dividingBy: UInt256(UInt128(parts)))
        let amounts = split.parts(counts: [base, extra], restIndex: 1)
        return (amounts[0], amounts[1])
    }

    /// Integer weights proportional to the ratios (all written with the finest ratio's
    /// fraction digits), checking the preconditions of ``allocated(byRatios:unit:)``.
    private static func weights(of ratios: [Decimal]) -> [UInt128] {
        precondition(!ratios.isEmpty, "Money.allocated(byRatios:): no ratios")
        let exact = ratios.map { ratio -> ExactDecimal in
            guard let value = ExactDecimal(decimal: ratio), !value.isNegative else {
                preconditionFailure("Money.allocated(byRatios:): ratio \(ratio) is not a non-negative number")
            }
            return value.normalized
        }
        precondition(exact.contains { !$0.isZero }, "Money.allocated(byRatios:): every ratio is zero")
        let scale = exact.filter { !$0.isZero }.map(\.scale).max()!
        var total: UInt128 = 0
        return exact.map { value in
            guard let weight = UInt256(value.significand).multiplied(byPowerOfTen: scale - value.scale)?.uint128,
                  weight <= ExactDecimal.maxSignificand,
                  case let (sum, overflow) = total.addingReportingOverflow(weight), !overflow,
                  sum <= ExactDecimal.maxSignificand
            else {
                preconditionFailure("Money.allocated(byRatios:): the ratios need more than 38 digits together")
            }
            total = sum
            return weight
        }
    }
}

/// An amount as a whole number of units plus the rest below one unit, the form every split
/// works in.
private struct UnitSplit {
    let currency: Currency
    let step: ExactDecimal
    /// How many whole units the amount holds (its magnitude, rounded toward zero).
    let units: UInt256
    let isNegative: Bool
    /// The amount minus its whole units: below one unit, with the amount's sign.
    let rest: ExactDecimal

    init(_ money: Money, unit: RoundingUnit) {
        currency = money.currency
        let step = unit.exactIncrement(for: money.currency)
        self.step = step
        do {
            let value = try money.exactAmount()
            let (units, isNegative) = try exactly { () throws(ExactDecimal.Overflow) in
                try ExactDecimal.roundedCount(of: value, in: step, rule: .towardZero)
            }
            let whole = try exactly { () throws(ExactDecimal.Overflow) in
                try ExactDecimal.multiple(units, of: step, isNegative: isNegative)
            }
            (self.units, self.isNegative) = (units, isNegative)
            rest = try exactly { () throws(ExactDecimal.Overflow) in try value.subtracting(whole) }
        } catch {
            preconditionFailure("Money: cannot split \(money): \(error)")
        }
    }

    /// One amount per count of units, the rest added to the part at `restIndex`.
    func parts(counts: [UInt256], restIndex: Int) -> [Money] {
        counts.enumerated().map { index, count in
            do {
                var part = try exactly { () throws(ExactDecimal.Overflow) in
                    try ExactDecimal.multiple(count, of: step, isNegative: isNegative)
                }
                if index == restIndex, !rest.isZero {
                    part = try exactly { [part, rest] () throws(ExactDecimal.Overflow) in try part.adding(rest) }
                }
                return try Money(exact: part, currency)
            } catch {
                preconditionFailure("Money: a part needs more than 38 significant digits: \(error)")
            }
        }
    }
}
