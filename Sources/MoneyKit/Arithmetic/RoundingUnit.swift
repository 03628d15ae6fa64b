import Foundation

/// The step an amount is rounded or split to: a currency's minor unit, its smallest cash
/// coin, or an explicit increment.
///
/// ```swift
/// let franc: Currency = "CHF"
/// RoundingUnit.minor.increment(for: franc)   // 0.01
/// RoundingUnit.cash.increment(for: franc)    // 0.05 (ICU's cash rounding for CHF)
/// RoundingUnit.cash.increment(for: "HUF")    // 1    (ICU: no cash below one forint)
/// ```
///
/// Every currency fact comes from ICU at run time (`ucurr_getDefaultFractionDigitsForUsage`
/// and `ucurr_getRoundingIncrementForUsage`, standard and cash usage).
public enum RoundingUnit: Sendable, Hashable {
    /// The currency's minor unit: 10^-(ICU's fraction digits), times ICU's rounding increment
    /// when it has one. 0.01 for USD, 1 for JPY, 0.001 for KWD.
    case minor
    /// The currency's smallest cash step: ICU's cash fraction digits and cash rounding
    /// increment. 0.05 for CHF, 1 for HUF and CZK, and the minor unit where ICU has no
    /// separate cash rule.
    case cash
    /// An explicit positive step, such as 0.25 or 100. Build it exactly
    /// (`Decimal(string: "0.25")!`): a floating-point literal passes through `Double`.
    case increment(Decimal)

    /// The step this unit stands for in a currency.
    ///
    /// - Parameter currency: The currency whose minor or cash unit is meant.
    /// - Returns: A positive amount (for ``increment(_:)``, the increment itself).
    public func increment(for currency: Currency) -> Decimal {
        exactIncrement(for: currency).decimal
    }

    /// The step as an exact decimal.
    ///
    /// - Precondition: an explicit increment is a positive number.
    func exactIncrement(for currency: Currency) -> ExactDecimal {
        switch self {
        case .minor:
            return ExactDecimal(significand: UInt128(max(currency.roundingIncrementUnits, 1)), scale: currency.minorUnits,
                                isNegative: false)
        case .cash:
            return ExactDecimal(significand: UInt128(max(currency.cashRoundingIncrementUnits, 1)),
                                scale: currency.cashMinorUnits, isNegative: false)
        case .increment(let step):
            guard let exact = ExactDecimal(decimal: step), !exact.isZero, !exact.isNegative else {
                preconditionFailure("a rounding increment must be a positive number, not \(step)")
            }
            return exact
        }
    }
}
