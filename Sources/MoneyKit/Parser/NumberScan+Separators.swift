/// How the separators of a number are read (Docs/ParsingRules.md §3), the same for every
/// step of the inference: the role of each separator class (lenient inference, or the
/// locale's own symbols in strict mode), the grouping schemes the integer digits may follow,
/// and the currency's minor units (rule 5, price-tag colons).
struct SeparatorReading {
    let roles: SeparatorRoles
    let schemes: [GroupingScheme]
    let minorUnits: Int
}

/// Docs/ParsingRules.md §3: which separator of a number is the decimal one, and whether the
/// others group its digits validly.
extension NumberScan {
    /// The index (into the marks) of the decimal separator, or nil when the number has
    /// none; throws when no valid reading exists.
    ///
    /// Lenient mode, in order:
    /// 1. A separator that can only be decimal (`٫`, a locale-only decimal symbol) is it.
    /// 2. A separator followed by a "no cents" dash (`50,-`) is it.
    /// 3. With both `,` and `.` present, the last one is decimal and must appear once.
    /// 4. One of them appearing more than once groups.
    /// 5. One of them appearing once: decimal unless exactly three digits follow; with
    ///    three, decimal when the currency has three or more minor units or the digits
    ///    before it are a lone `0` or absent, grouping otherwise. If that grouping reading
    ///    is impossible (its first group too long, another grouping character in the
    ///    number), the decimal reading is the only one left and is taken.
    ///
    /// Strict mode: each separator's role is fixed by the locale's symbols.
    mutating func decimalMark(_ reading: SeparatorReading, bytes: UnsafeBufferPointer<UInt8>) throws(MoneyParseError) -> Int? {
        guard markCount > 0 else { return nil }
        let roles = reading.roles
        if let firstUnrecordedSeparator {
            // Too many separators to be valid. Report the first problem: a bad group among
            // the recorded ones, else the size when the integer digits alone exceed 38
            // significant digits, else the first separator too many.
            if let error = recordedGroupsError(reading) { throw error }
            if integerSignificantDigitsAtLastSeparator > ExactDecimal.maximumDigits { throw overflowError(in: bytes) }
            throw MoneyParseError(.invalidGrouping, offset: firstUnrecordedSeparator)
        }
        var decimal: Int?
        var fixedDecimalCount = 0
        var eitherCount = 0
        var commaCount = 0
        var periodCount = 0
        for position in 0..<markCount {
            let mark = marks[position]
            guard let role = roles.role(of: mark.kind) else {
                throw MoneyParseError(.unexpectedCharacter, offset: Int(mark.offset))
            }
            switch role {
            case .decimal:
                fixedDecimalCount += 1
                if fixedDecimalCount > 1 {
                    throw MoneyParseError(.multipleDecimalSeparators, offset: Int(mark.offset))
                }
                decimal = position
            case .either:
                eitherCount += 1
                if mark.kind == .comma { commaCount += 1 } else { periodCount += 1 }
            case .grouping:
                break
            }
        }
        let last = markCount - 1

        if decimal == nil, endsWithDash {
            decimal = last
        }
        if decimal == nil, eitherCount > 0 {
            let lastEither = (0..<markCount).last { roles.role(of: marks[$0].kind) == .either }!
            let lastKind = marks[lastEither].kind
            if commaCount > 0 && periodCount > 0 {
                // Rule 3: the last of `,` `.` is decimal and must appear once.
                if (lastKind == .comma ? commaCount : periodCount) > 1 {
                    throw MoneyParseError(.multipleDecimalSeparators, offset: Int(marks[lastEither].offset))
                }
                decimal = lastEither
            } else if eitherCount == 1 {
                decimal = try singleSeparatorReading(lastEither, reading)
            }
            // Rule 4: a repeated single kind groups (decimal stays nil).
        }
        if let decimal, marks[decimal].kind == .colon, !endsWithDash {
            // A price tag's colon (§7) separates exactly the currency's minor digits.
            let nextDigitsBefore = decimal + 1 < markCount ? Int(marks[decimal + 1].digitsBefore) : digitCount
            if nextDigitsBefore - Int(marks[decimal].digitsBefore) != reading.minorUnits {
                throw MoneyParseError(.unexpectedCharacter, offset: Int(marks[decimal].offset),
                                      detail: .priceTagDigits(reading.minorUnits))
            }
        }
        if let error = groupingError(decimal: decimal, reading) {
            throw error
        }
        return decimal
    }

    /// Rule 5, for the only `,` or `.` of the number.
    private mutating func singleSeparatorReading(_ position: Int, _ reading: SeparatorReading) throws(MoneyParseError) -> Int? {
        let minorUnits = reading.minorUnits
        let mark = marks[position]
        let nextDigitsBefore = position + 1 < markCount ? Int(marks[position + 1].digitsBefore) : digitCount
        let digitsAfter = nextDigitsBefore - Int(mark.digitsBefore)
        if digitsAfter != 3 { return position }
        let loneZeroOrNothing = mark.digitsBefore == 0 || (position == 0 && mark.digitsBefore == 1 && leadingZeros >= 1)
        if minorUnits >= 3 || loneZeroOrNothing { return position }
        // The currency says grouping; fall back to decimal only when grouping cannot be.
        if groupingError(decimal: nil, reading) == nil { return nil }
        if groupingError(decimal: position, reading) == nil {
            // A decimal reading forced by impossible grouping must not also lean on surplus
            // zero decimals (`2000,000 $` in en_US): the two together read a mistyped group
            // as a fraction, 1000 times off, so they are a grouping error. The locale's own
            // decimal symbol is decimal by right (`1 234 567,890 ₽` in ru_RU is 1234567.89).
            let surplus = digitsAfter - minorUnits
            if position == markCount - 1, surplus > 0, pendingZeros >= surplus, reading.roles.localeDecimalClasses & mark.kind.bit == 0 {
                throw MoneyParseError(.invalidGrouping, offset: Int(mark.offset))
            }
            return position
        }
        return nil
    }

    /// For a number with more separators than are recorded: the first recorded separator
    /// that cannot be a grouping separator of any scheme, or nil. Every recorded separator is
    /// followed by another, so all of them would have to group, with full-size groups.
    private mutating func recordedGroupsError(_ reading: SeparatorReading) -> MoneyParseError? {
        let first = marks[0]
        if reading.roles.role(of: first.kind) == .decimal || first.digitsBefore == 0
            || (first.digitsBefore == 1 && leadingZeros >= 1) {
            return MoneyParseError(.invalidGrouping, offset: Int(first.offset))
        }
        // The separator where the reading that gets furthest fails.
        var furthest = 0
        for choice in 0..<Self.schemeCount(reading) {
            let scheme = Self.scheme(choice, of: reading.schemes)
            var failure: Int? = Int(first.digitsBefore) > scheme.secondary ? 0 : nil
            var position = 1
            while failure == nil, position < markCount {
                let mark = marks[position]
                let size = Int(mark.digitsBefore - marks[position - 1].digitsBefore)
                if mark.kind != first.kind || size != scheme.secondary { failure = position }
                position += 1
            }
            guard let failure else { return nil }
            furthest = max(furthest, failure)
        }
        return MoneyParseError(.invalidGrouping, offset: Int(marks[furthest].offset))
    }

    /// Why the separators other than `decimal` do not group the integer digits validly,
    /// or nil when they do.
    ///
    /// Groups have the locale's sizes or (lenient mode) plain threes; the first group has
    /// 1 to `secondary` digits and is not a lone `0`; every grouping separator is the same
    /// class, different from the decimal separator; none follows the decimal separator.
    mutating func groupingError(decimal: Int?, _ reading: SeparatorReading) -> MoneyParseError? {
        let roles = reading.roles
        var groupingKind: SeparatorClass?
        var groupingCount = 0
        for position in 0..<markCount where position != decimal {
            let mark = marks[position]
            if let decimal, position > decimal {
                return MoneyParseError(.invalidGrouping, offset: Int(mark.offset))
            }
            if roles.role(of: mark.kind) == .decimal {
                return MoneyParseError(.multipleDecimalSeparators, offset: Int(mark.offset))
            }
            if let decimal, marks[decimal].kind == mark.kind {
                return MoneyParseError(.multipleDecimalSeparators, offset: Int(marks[decimal].offset))
            }
            if let groupingKind, groupingKind != mark.kind {
                return MoneyParseError(.invalidGrouping, offset: Int(mark.offset))
            }
            groupingKind = mark.kind
            groupingCount += 1
        }
        guard groupingCount > 0 else { return nil }

        let integerDigits = decimal.map { Int(marks[$0].digitsBefore) } ?? digitCount
        let firstMark = marks[0]
        let firstGroup = Int(firstMark.digitsBefore)
        if firstGroup == 0 || (firstGroup == 1 && leadingZeros >= 1) {
            return MoneyParseError(.invalidGrouping, offset: Int(firstMark.offset))
        }
        var firstError: MoneyParseError?
        for choice in 0..<Self.schemeCount(reading) {
            let scheme = Self.scheme(choice, of: reading.schemes)
            guard let error = groupingError(scheme, integerDigits: integerDigits, groupingCount: groupingCount) else {
                return nil
            }
            if firstError == nil { firstError = error }
        }
        return firstError
    }

    /// How many grouping schemes a number may follow: the locale's, and in lenient mode
    /// plain thousands when the locale does not group in threes (counted, not appended, so
    /// that no array is built per parse).
    private static func schemeCount(_ reading: SeparatorReading) -> Int {
        reading.schemes.count + (reading.roles.strict == nil && !reading.schemes.contains(.thousands) ? 1 : 0)
    }

    /// Scheme number `choice` of ``schemeCount(_:)``.
    private static func scheme(_ choice: Int, of localeSchemes: [GroupingScheme]) -> GroupingScheme {
        choice < localeSchemes.count ? localeSchemes[choice] : .thousands
    }

    /// Checks group sizes against one scheme; the grouping separators are marks
    /// 0..<groupingCount (any decimal separator comes after them).
    private mutating func groupingError(_ scheme: GroupingScheme, integerDigits: Int, groupingCount: Int) -> MoneyParseError? {
        let first = Int(marks[0].digitsBefore)
        if first > scheme.secondary {
            return MoneyParseError(.invalidGrouping, offset: Int(marks[0].offset))
        }
        for position in 1..<max(groupingCount, 1) where position < groupingCount {
            let size = Int(marks[position].digitsBefore - marks[position - 1].digitsBefore)
            if size != scheme.secondary {
                return MoneyParseError(.invalidGrouping, offset: Int(marks[position].offset))
            }
        }
        let lastSize = integerDigits - Int(marks[groupingCount - 1].digitsBefore)
        if lastSize != scheme.primary {
            return MoneyParseError(.invalidGrouping, offset: Int(marks[groupingCount - 1].offset))
        }
        return nil
    }
}
