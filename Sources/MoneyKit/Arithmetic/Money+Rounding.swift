import Foundation

extension Money {
    /// The amount rounded to a multiple of a unit: the currency's minor unit (default), its
    /// smallest cash step, or an explicit increment.
    ///
    /// ```swift
    /// Money(Decimal(string: "2.345")!, "USD").rounded()                          // 2.35 USD
    /// Money(Decimal(string: "2.345")!, "USD").rounded(rule: .toNearestOrEven)    // 2.34 USD
    /// Money(Decimal(string: "1.03")!, "CHF").rounded(to: .cash)                  // 1.05 CHF
    /// Money(Decimal(string: "1234.5")!, "HUF").rounded(to: .cash, rule: .down)   // 1234 HUF
    /// ```
    ///
    /// Exact integer arithmetic, the same routine the parser's surplus-digit option and
    /// ``MoneyFormatter`` round with. All six rules work: `.toNearestOrAwayFromZero`
    /// (default, as most tills), `.toNearestOrEven` (banker's rounding, as ICU formats),
    /// `.up` (toward +∞), `.down` (toward -∞), `.towardZero` and `.awayFromZero`.
    ///
    /// - Parameters:
    ///   - unit: The step to round to.
    ///   - rule: Which neighbouring multiple wins.
    /// - Returns: The rounded amount, in the same currency.
    /// - Precondition: The amount is a number, and the result fits 38 significant digits
    ///   (it always does for `.minor` and `.cash`; only an explicit increment finer than a
    ///   38-digit amount's last digit can exceed it).
    public func rounded(
        to unit: RoundingUnit = .minor, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> Money {
        let step = unit.exactIncrement(for: currency)
        do {
            let value = try exactAmount()
            let rounded = try exactly { () throws(ExactDecimal.Overflow) in try value.rounded(toMultipleOf: step, rule) }
            return try Money(exact: rounded, currency)
        } catch {
            preconditionFailure("Money.rounded: \(error)")
        }
    }

    /// Whether the amount is a whole multiple of the unit (a payable amount for `.minor`,
    /// a payable cash amount for `.cash`).
    ///
    /// - Parameter unit: The step to check against.
    /// - Returns: true when rounding to `unit` would not change the amount.
    public func isMultiple(of unit: RoundingUnit) -> Bool {
        guard let value = ExactDecimal(decimal: amount),
              let rounded = try? value.rounded(toMultipleOf: unit.exactIncrement(for: currency), .towardZero)
        else { return false }
        return rounded.normalized == value.normalized
    }
}
