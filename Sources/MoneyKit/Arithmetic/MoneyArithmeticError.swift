import Foundation

/// Why an arithmetic operation on ``Money`` has no exact result.
///
/// The throwing methods (``Money/adding(_:)``, ``Money/multiplied(by:)-(Decimal)``,
/// ``Money/divided(by:unit:rule:)-(Decimal,_,_)``, `sum(in:)` on a sequence) report these;
/// the operators stop the program with the same description instead, as integer overflow does.
public enum MoneyArithmeticError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The operands are in different currencies; convert one first.
    case currencyMismatch(Currency, Currency)
    /// The exact result needs more than 38 significant digits (or a power of ten beyond
    /// `Decimal`'s range): no value is returned rather than a rounded one.
    case overflow
    /// A division by zero.
    case divisionByZero
    /// An operand is `Decimal.nan`.
    case notANumber

    /// What went wrong, for logs and precondition messages.
    public var description: String {
        switch self {
        case let .currencyMismatch(left, right): "cannot combine \(left.code) with \(right.code) without a conversion"
        case .overflow: "the exact result needs more than 38 significant digits"
        case .divisionByZero: "division by zero"
        case .notANumber: "an operand is not a number"
        }
    }
}

extension MoneyArithmeticError: LocalizedError {
    /// A sentence for `localizedDescription` and the alerts that show it (in English):
    /// "Cannot combine USD with EUR without a conversion."
    public var errorDescription: String? {
        switch self {
        case let .currencyMismatch(left, right): "Cannot combine \(left.code) with \(right.code) without a conversion."
        case .overflow: "The exact result needs more than 38 significant digits."
        case .divisionByZero: "Division by zero."
        case .notANumber: "An operand is not a number."
        }
    }
}
