/// Docs/ParsingRules.md §4b: numbers built from units — CJK and Korean units (十百千, 万億兆, 십백천만억조),
/// yuan units (元角分) and compact multipliers (K, Mio., lakh) — accumulated exactly.
///
/// The digits read since the last unit are the current coefficient (``NumberScan``'s digit
/// fields); a unit takes the coefficient (1 when there is none), multiplies it, and adds it to
/// the current group or the total. The last coefficient, after the last unit, stays open until
/// the end, when the currency is known (its separators may need it).
struct UnitState {
    /// Whether any unit or multiplier was applied.
    var used = false
    /// Completed groups and yuan parts.
    var total = ExactDecimal(significand: 0, scale: 0, isNegative: false)
    /// The current group below the last group unit (a sum of 十百千 terms).
    var group = ExactDecimal(significand: 0, scale: 0, isNegative: false)
    var groupHasTerms = false
    /// Exponents of the last group unit, small unit, yuan unit and unit of any kind (nil: none yet).
    var lastBig: Int8?
    var lastSmall: Int8?
    var lastYuan: Int8?
    var lastUnit: Int8?
    /// The highest group unit so far.
    var highestBig: Int8?
    /// The exponent of the last compact multiplier or scale word applied.
    var multiplier: Int8?
    /// Whether that was a scale word (see ``MultiplierToken/isScaleWord``).
    var multiplierIsScaleWord = false
    /// UTF-8 offset of the first yuan unit; yuan units also name the currency.
    var yuanOffset: Int?
    /// Whether a unit of 十百千 (십백천) was applied.
    var usedSmallUnit = false
    /// UTF-8 offset of the first run of several Han or Hangul digits taken by a unit. With a
    /// unit of 十百千 such a run makes the numeral mix unit form with bare digits (`三十四五元`,
    /// `四五十元`: "thirty-four or -five", "forty or fifty"), which is no amount.
    var numeralRunOffset: Int?
    /// Whether the last unit stood without a number before it (`万` of `万一`).
    var lastUnitBare = false

    /// Whether the units make a whole number of major units that a minor part may follow
    /// (十 of 十美元又五十美分): CJK units only, no multiplier and no yuan units.
    var isWhole: Bool { multiplier == nil && yuanOffset == nil }

    /// Whether a unit of this exponent may follow the last one of a kind: it must be smaller
    /// (十 after 百, 万 after 億); anything may come first.
    static func exponent(_ exponent: Int8, isBelow last: Int8?) -> Bool {
        last.map { exponent < $0 } ?? true
    }
}

/// How the digits before a unit or multiplier are read (§4b), the same for every unit of a
/// parse: their separators as read before the currency is known (no minor units), the
/// separator classes the locale groups with before a multiplier, and the input.
struct CoefficientReading {
    let separators: SeparatorReading
    let groupingClasses: UInt16
    let bytes: UnsafeBufferPointer<UInt8>
}

extension NumberScan {
    /// The current coefficient's value, read with §4b's rule for digits before a
    /// multiplier (a lone `,` or `.` is decimal unless it is the locale's grouping symbol
    /// followed by exactly three digits), and cleared; nil when there are no digits.
    mutating func takeCoefficient(_ reading: CoefficientReading) throws(MoneyParseError) -> ExactDecimal? {
        guard digitCount > 0 else {
            if markCount > 0 { throw MoneyParseError(.unexpectedCharacter, offset: Int(mark(0).offset)) }
            return nil
        }
        var decimal: Int?
        let only = mark(0)
        if markCount == 1, reading.separators.roles.role(of: only.kind) == .either {
            let digitsAfter = digitCount - Int(only.digitsBefore)
            let groups = only.kind.bit & reading.groupingClasses != 0 && digitsAfter == 3
            decimal = groups ? nil : 0
            if let error = groupingError(decimal: decimal, reading.separators) { throw error }
        } else {
            // The other readings do not depend on the currency's minor units.
            decimal = try decimalMark(reading.separators, bytes: reading.bytes)
        }
        let value = try exactValue(decimalMark: decimal, bytes: reading.bytes)
        if isMultiDigitNumeralRun, units.numeralRunOffset == nil { units.numeralRunOffset = coefficientStart }
        clearDigits()
        return value
    }

    /// Applies a CJK or Korean unit (十, 万: `isYuan` false) or a yuan unit (元角分) of power
    /// of ten `unitExponent`, written between two UTF-8 offsets. `chineseHundredMillions`:
    /// whether a 亿 may follow 万 (Chinese locales, and the simplified 亿 anywhere).
    mutating func applyUnit(
        exponent unitExponent: Int8, isYuan: Bool, start unitStart: Int, end unitEnd: Int, reading: CoefficientReading,
        chineseHundredMillions: Bool
    ) throws(MoneyParseError) {
        let bytes = reading.bytes
        let wrong = MoneyParseError(.invalidNumeral, offset: unitStart,
                                    excerpt: String(decoding: UnsafeBufferPointer(rebasing: bytes[unitStart..<unitEnd]), as: UTF8.self))
        let zeroBeforeCoefficient = leadingZeros > 0
        let coefficient = try takeCoefficient(reading)
        guard units.multiplier == nil else { throw wrong }
        noteUnitStart(unitStart)
        units.lastUnitBare = coefficient == nil && !units.groupHasTerms
        let exponent = Int(unitExponent)
        if !isYuan, exponent < 4 {
            // 十百千: a term of the current group, smaller than the last one.
            guard units.lastYuan == nil, UnitState.exponent(unitExponent, isBelow: units.lastSmall) else { throw wrong }
            units.group = try units.group.plus((coefficient ?? .one).shifted(by: exponent))
            units.groupHasTerms = true
            units.usedSmallUnit = true
            units.lastSmall = unitExponent
        } else if !isYuan, exponent == 8, units.highestBig == 4, chineseHundredMillions {
            // Chinese counts 亿 in 万: a 亿 after 万 multiplies all that was read, so 万亿 is
            // 10^12, 一千万亿 10^15, and in 五万三千亿二千万 the 亿 group holds 五万三千. The digits
            // just before 亿 must be a unit's (三千) or follow a 零: `一万一亿` is no amount.
            guard units.lastYuan == nil, coefficient == nil || units.groupHasTerms || zeroBeforeCoefficient else { throw wrong }
            let block = try units.total.plus(units.group).plus(coefficient ?? .zero)
            units.total = block.shifted(by: exponent)
            units.group = .zero
            units.groupHasTerms = false
            units.lastSmall = nil
            units.lastBig = unitExponent
            units.highestBig = unitExponent
        } else if !isYuan {
            // 万億兆: closes the group, which must not be empty after an earlier group unit.
            guard units.lastYuan == nil, UnitState.exponent(unitExponent, isBelow: units.lastBig) else { throw wrong }
            var block = try units.group.plus(coefficient ?? .zero)
            if !units.groupHasTerms && coefficient == nil {
                guard units.lastBig == nil, units.total.isZero else { throw wrong }
                block = .one  // 万 alone, 만 원: one of it
            }
            units.total = try units.total.plus(block.shifted(by: exponent))
            units.group = .zero
            units.groupHasTerms = false
            units.lastSmall = nil
            units.lastBig = unitExponent
            if units.highestBig == nil { units.highestBig = unitExponent }
        } else if exponent == 0 {
            // 元: closes the whole-yuan part.
            guard units.lastYuan == nil, units.groupHasTerms || coefficient != nil || !units.total.isZero else { throw wrong }
            units.total = try units.total.plus(units.group.plus(coefficient ?? .zero))
            units.group = .zero
            units.groupHasTerms = false
            units.lastYuan = 0
            if units.yuanOffset == nil { units.yuanOffset = unitStart }
        } else if exponent == -2, units.lastYuan == nil, !units.groupHasTerms, units.total.isZero,
                  let coefficient, coefficient.scale <= 0 {
            // 分 alone takes any whole number of cents (`20分`, §7).
            units.total = coefficient.shifted(by: exponent)
            units.lastYuan = unitExponent
            if units.yuanOffset == nil { units.yuanOffset = unitStart }
        } else {
            // 角 and 分: one digit each, in that order.
            guard UnitState.exponent(unitExponent, isBelow: units.lastYuan), !units.groupHasTerms, let coefficient,
                  coefficient.scale == 0 ? coefficient.significand <= 9 : coefficient.significand == 0
            else { throw wrong }
            units.total = try units.total.plus(coefficient.shifted(by: exponent))
            units.lastYuan = unitExponent
            if units.yuanOffset == nil { units.yuanOffset = unitStart }
        }
        units.lastUnit = unitExponent
    }

    /// Applies a compact multiplier or scale word (`K`, `Mio.`, `lakh`, `milyar`) to the number
    /// read so far, which must not use CJK units. Scale words may follow one another (§7): a
    /// group below the last one adds (`214 milyar 543 milyon`, `1 lakh 10 hazar`), and one
    /// right after a smaller one multiplies all before it (`13 lakh crore`).
    mutating func applyMultiplier(
        exponent: Int8, at offset: Int, isScaleWord: Bool = false, reading: CoefficientReading
    ) throws(MoneyParseError) {
        guard !units.used || units.multiplier != nil else { throw MoneyParseError(.invalidNumeral, offset: offset) }
        let coefficient = try takeCoefficient(reading)
        if let last = units.multiplier {
            if let coefficient {
                guard exponent < last else { throw MoneyParseError(.invalidNumeral, offset: offset) }
                units.total = try units.total.plus(coefficient.shifted(by: Int(exponent)))
            } else {
                // Only scale words multiply one another: `2 tys. mln` is no amount.
                guard exponent > last, isScaleWord, units.multiplierIsScaleWord else {
                    throw MoneyParseError(.invalidNumeral, offset: offset)
                }
                units.total = units.total.shifted(by: Int(exponent))
            }
            units.multiplier = exponent
            units.multiplierIsScaleWord = isScaleWord
            return
        }
        guard let coefficient else { throw MoneyParseError(.missingNumber, offset: offset) }
        noteUnitStart(offset)
        units.total = coefficient.shifted(by: Int(exponent))
        units.multiplier = exponent
        units.multiplierIsScaleWord = isScaleWord
        units.lastUnit = nil
    }

    private mutating func noteUnitStart(_ offset: Int) {
        units.used = true
        start(at: offset)
    }

    /// The value of the units read, with the last coefficient (already read with the
    /// currency's separator rules) added. In Chinese locales a single trailing digit right
    /// after a unit is a tenth of that unit (`一万五` is 15000, `三块五` 3.5).
    func unitValue(
        finalCoefficient: ExactDecimal?, singleDigit: Bool, zeroThenDigit: Bool, colloquial: Bool, offset: Int
    ) throws(MoneyParseError) -> ExactDecimal {
        var last = finalCoefficient ?? .zero
        if let coefficient = finalCoefficient {
            let afterYuan = units.lastYuan != nil
            if colloquial, singleDigit, let lastUnit = units.lastUnit, lastUnit > -2, coefficient.significand != 0 {
                // A tenth of a unit that has no number of its own (`万一`, "just in case";
                // `块五`) is an idiom or a fragment, not an amount.
                if units.lastUnitBare, lastUnit >= 2 || units.lastYuan == 0 {
                    throw MoneyParseError(.invalidNumeral, offset: offset)
                }
                last = coefficient.shifted(by: Int(lastUnit) - 1)
            } else if colloquial, zeroThenDigit, units.lastUnit == 0, units.lastYuan == 0 {
                // 三块零四: after 元 (块), a zero marks the missing 角 and the digit is 分 (§7).
                last = coefficient.shifted(by: -2)
            } else if afterYuan {
                // Yuan units take their digits before them; only the Chinese colloquial form may follow.
                throw MoneyParseError(.invalidNumeral, offset: offset)
            } else if let multiplier = units.multiplier {
                // After scale words, a last whole number below the last one adds (`12 हाजार 714`,
                // `3 لاکھ 86 ہزار 300`, §7); after an abbreviation (`1K 5`) digits are misplaced.
                guard units.multiplierIsScaleWord, coefficient.scale <= 0,
                      coefficient.significand < ExactDecimal.powersOfTen[max(Int(multiplier) + coefficient.scale, 0)]
                else { throw MoneyParseError(.invalidNumeral, offset: offset) }
            }
        }
        return try units.total.plus(units.group).plus(last)
    }
}

extension ExactDecimal {
    /// The exact sum, with a result beyond 38 significant digits reported as the parser's
    /// overflow error (Docs/ParsingRules.md §1).
    func plus(_ other: ExactDecimal) throws(MoneyParseError) -> ExactDecimal {
        do {
            return try adding(other)
        } catch {
            throw MoneyParseError(.overflow)
        }
    }
}
