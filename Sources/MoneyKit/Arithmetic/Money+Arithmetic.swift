import Foundation

// Exact arithmetic within one currency. Sums, differences and products are exact (never
// Decimal's 38-digit rounding); a quotient is rounded to a stated unit by a stated rule.
// Mixing currencies: the throwing methods throw, the operators stop on a precondition
// (Docs/Arithmetic.md explains the choice).

extension Money {
    /// Whether the amount is zero.
    public var isZero: Bool { amount.isZero }

    /// Whether the amount is below zero (zero is not negative).
    public var isNegative: Bool { amount < 0 }

    /// The amount without its sign, in the same currency.
    public var magnitude: Money { Money(amount.magnitude, currency) }

    /// The amount with the opposite sign.
    public static prefix func - (money: Money) -> Money {
        Money(-money.amount, money.currency)
    }

    /// The exact sum of two amounts in the same currency.
    ///
    /// ```swift
    /// try Money(Decimal(string: "0.10")!, "EUR").adding(Money(Decimal(string: "0.20")!, "EUR"))  // 0.3 EUR
    /// ```
    ///
    /// - Parameter other: An amount in the same currency.
    /// - Returns: The sum, exactly.
    /// - Throws: ``MoneyArithmeticError/currencyMismatch(_:_:)`` for another currency,
    ///   ``MoneyArithmeticError/overflow`` beyond 38 significant digits.
    public func adding(_ other: Money) throws(MoneyArithmeticError) -> Money {
        try requireSameCurrency(other)
        let (left, right) = (try exactAmount(), try other.exactAmount())
        let sum = try exactly { () throws(ExactDecimal.Overflow) in try left.adding(right) }
        return try Money(exact: sum, currency)
    }

    /// The exact difference of two amounts in the same currency.
    ///
    /// - Parameter other: An amount in the same currency.
    /// - Returns: `self - other`, exactly.
    /// - Throws: As ``adding(_:)``.
    public func subtracting(_ other: Money) throws(MoneyArithmeticError) -> Money {
        try adding(-other)
    }

    /// The exact product with a factor: all its digits, rounded nowhere (round it with
    /// ``rounded(to:rule:)`` when it must be payable).
    ///
    /// ```swift
    /// try Money(Decimal(string: "19.99")!, "USD").multiplied(by: Decimal(string: "0.0825")!)  // 1.649175 USD
    /// ```
    ///
    /// - Parameter factor: Any number.
    /// - Returns: The exact product.
    /// - Throws: ``MoneyArithmeticError/overflow`` beyond 38 significant digits,
    ///   ``MoneyArithmeticError/notANumber`` for NaN.
    public func multiplied(by factor: Decimal) throws(MoneyArithmeticError) -> Money {
        let (value, exactFactor) = (try exactAmount(), try ExactDecimal.number(factor))
        let product = try exactly { () throws(ExactDecimal.Overflow) in try value.multiplied(by: exactFactor) }
        return try Money(exact: product, currency)
    }

    /// The exact product with a whole number.
    ///
    /// - Parameter factor: Any integer.
    /// - Returns: The exact product.
    /// - Throws: ``MoneyArithmeticError/overflow`` beyond 38 significant digits.
    public func multiplied(by factor: Int) throws(MoneyArithmeticError) -> Money {
        let value = try exactAmount()
        let product = try exactly { () throws(ExactDecimal.Overflow) in try value.multiplied(by: ExactDecimal(factor)) }
        return try Money(exact: product, currency)
    }

    /// The quotient, rounded to a multiple of `unit` by `rule`: a price per item, a
    /// monthly instalment. To split an amount so that nothing is lost, use
    /// ``allocated(into:unit:)`` instead.
    ///
    /// ```swift
    /// try Money(100, "USD").divided(by: 3)                         // 33.33 USD
    /// try Money(100, "USD").divided(by: 3, rule: .up)              // 33.34 USD
    /// try Money(100, "CHF").divided(by: 3, unit: .cash)            // 33.35 CHF
    /// ```
    ///
    /// - Parameters:
    ///   - divisor: A non-zero number.
    ///   - unit: The step of the result (default: the currency's minor unit).
    ///   - rule: How the exact quotient is rounded to it (default: to nearest, ties away
    ///     from zero, as ``rounded(to:rule:)``).
    /// - Returns: The rounded quotient.
    /// - Throws: ``MoneyArithmeticError/divisionByZero``, ``MoneyArithmeticError/overflow``,
    ///   ``MoneyArithmeticError/notANumber``.
    public func divided(
        by divisor: Decimal, unit: RoundingUnit = .minor, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) throws(MoneyArithmeticError) -> Money {
        try divided(byExact: ExactDecimal.number(divisor), unit: unit, rule: rule)
    }

    /// The quotient by a whole number, rounded to a multiple of `unit` by `rule`; see
    /// ``divided(by:unit:rule:)-(Decimal,_,_)``.
    ///
    /// - Parameters:
    ///   - divisor: A non-zero integer.
    ///   - unit: The step of the result (default: the currency's minor unit).
    ///   - rule: How the exact quotient is rounded (default: to nearest, ties away from zero).
    /// - Returns: The rounded quotient.
    /// - Throws: ``MoneyArithmeticError/divisionByZero``, ``MoneyArithmeticError/overflow``.
    public func divided(
        by divisor: Int, unit: RoundingUnit = .minor, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) throws(MoneyArithmeticError) -> Money {
        try divided(byExact: ExactDecimal(divisor), unit: unit, rule: rule)
    }

    private func divided(byExact divisor: ExactDecimal, unit: RoundingUnit, rule: FloatingPointRoundingRule)
        throws(MoneyArithmeticError) -> Money
    {
        guard !divisor.isZero else { throw .divisionByZero }
        let (value, step) = (try exactAmount(), unit.exactIncrement(for: currency))
        let quotient = try exactly { () throws(ExactDecimal.Overflow) in
            try value.divided(by: divisor, roundedToMultipleOf: step, rule)
        }
        return try Money(exact: quotient, currency)
    }

    // MARK: Operators: the same operations, stopping on a precondition instead of throwing.

    /// The exact sum. Both amounts must be in the same currency and the sum within 38
    /// significant digits: otherwise the program stops (use ``adding(_:)`` to handle that).
    public static func + (lhs: Money, rhs: Money) -> Money {
        checked { () throws(MoneyArithmeticError) in try lhs.adding(rhs) }
    }

    /// The exact difference; the same preconditions as `+`.
    public static func - (lhs: Money, rhs: Money) -> Money {
        checked { () throws(MoneyArithmeticError) in try lhs.subtracting(rhs) }
    }

    /// The exact product; the result must be within 38 significant digits.
    public static func * (lhs: Money, rhs: Decimal) -> Money {
        checked { () throws(MoneyArithmeticError) in try lhs.multiplied(by: rhs) }
    }

    /// The exact product; the result must be within 38 significant digits.
    public static func * (lhs: Decimal, rhs: Money) -> Money { rhs * lhs }

    /// The exact product; the result must be within 38 significant digits.
    public static func * (lhs: Money, rhs: Int) -> Money {
        checked { () throws(MoneyArithmeticError) in try lhs.multiplied(by: rhs) }
    }

    /// The exact product; the result must be within 38 significant digits.
    public static func * (lhs: Int, rhs: Money) -> Money { rhs * lhs }

    /// The quotient rounded to the currency's minor unit, ties away from zero: the defaults
    /// of ``divided(by:unit:rule:)-(Decimal,_,_)``, which takes another unit or rule. The
    /// divisor must not be zero.
    public static func / (lhs: Money, rhs: Decimal) -> Money {
        checked { () throws(MoneyArithmeticError) in try lhs.divided(by: rhs) }
    }

    /// The quotient rounded to the currency's minor unit, ties away from zero; see
    /// ``/(_:_:)-(Money,Decimal)``.
    public static func / (lhs: Money, rhs: Int) -> Money {
        checked { () throws(MoneyArithmeticError) in try lhs.divided(by: rhs) }
    }

    /// Adds in place; the preconditions of `+`.
    public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }

    /// Subtracts in place; the preconditions of `-`.
    public static func -= (lhs: inout Money, rhs: Money) { lhs = lhs - rhs }

    /// Multiplies in place; the preconditions of `*`.
    public static func *= (lhs: inout Money, rhs: Decimal) { lhs = lhs * rhs }

    /// Multiplies in place; the preconditions of `*`.
    public static func *= (lhs: inout Money, rhs: Int) { lhs = lhs * rhs }

    private static func checked(_ operation: () throws(MoneyArithmeticError) -> Money) -> Money {
        do {
            return try operation()
        } catch {
            preconditionFailure("Money arithmetic: \(error)")
        }
    }
}

extension Money: Comparable {
    /// Orders amounts of the same currency. Comparing amounts in different currencies is a
    /// programming error that stops the program (convert first); `==` is simply false for them.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        precondition(lhs.currency == rhs.currency,
                     "Money arithmetic: \(MoneyArithmeticError.currencyMismatch(lhs.currency, rhs.currency))")
        return lhs.amount < rhs.amount
    }
}

extension Sequence<Money> {
    /// The exact total of amounts in one currency; zero when the sequence is empty.
    ///
    /// ```swift
    /// let expenses = [Money(Decimal(string: "12.50")!, "EUR"), Money(Decimal(string: "7.25")!, "EUR")]
    /// try expenses.sum(in: "EUR")   // 19.75 EUR
    /// ```
    ///
    /// - Parameter currency: The currency of every element (and of the zero total).
    /// - Returns: The exact sum.
    /// - Throws: ``MoneyArithmeticError/currencyMismatch(_:_:)`` at the first element in
    ///   another currency, ``MoneyArithmeticError/overflow`` beyond 38 significant digits.
    public func sum(in currency: Currency) throws(MoneyArithmeticError) -> Money {
        var total = ExactDecimal.zero
        for money in self {
            guard money.currency == currency else { throw .currencyMismatch(currency, money.currency) }
            let amount = try money.exactAmount()
            total = try exactly { () throws(ExactDecimal.Overflow) in try total.adding(amount) }
        }
        return try Money(exact: total, currency)
    }
}

extension Money {
    /// The amount as an exact decimal; ``MoneyArithmeticError/notANumber`` for NaN.
    func exactAmount() throws(MoneyArithmeticError) -> ExactDecimal {
        try ExactDecimal.number(amount)
    }

    /// Money from an exact result; ``MoneyArithmeticError/overflow`` beyond `Decimal`'s range.
    init(exact: ExactDecimal, _ currency: Currency) throws(MoneyArithmeticError) {
        let amount = try exactly { () throws(ExactDecimal.Overflow) in try exact.checkedDecimal() }
        self.init(amount, currency)
    }

    func requireSameCurrency(_ other: Money) throws(MoneyArithmeticError) {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
    }
}

extension ExactDecimal {
    /// An integer's exact value.
    init(_ integer: Int) {
        self.init(significand: UInt128(integer.magnitude), scale: 0, isNegative: integer < 0)
    }

    /// A `Decimal`'s exact value; ``MoneyArithmeticError/notANumber`` for NaN.
    static func number(_ decimal: Decimal) throws(MoneyArithmeticError) -> ExactDecimal {
        guard let exact = ExactDecimal(decimal: decimal) else { throw .notANumber }
        return exact
    }
}

/// Runs exact arithmetic, reporting its overflow as ``MoneyArithmeticError/overflow``.
func exactly<T>(_ body: () throws(ExactDecimal.Overflow) -> T) throws(MoneyArithmeticError) -> T {
    do {
        return try body()
    } catch {
        throw .overflow
    }
}
