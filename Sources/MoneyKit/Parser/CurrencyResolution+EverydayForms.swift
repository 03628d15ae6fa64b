/// Docs/ParsingRules.md §7: the currency and the extra digits of everyday forms — amounts in
/// minor units (`50 cents`, `5 zł 50 gr`), region qualifiers (`$100 US`) and price tags whose
/// symbol separates the minor digits (`35€99`). These are lenient-mode forms: strict mode
/// reads only the locale's own format.
extension CurrencyResolution {
    /// The currency of what the state machine read. (`inout` though it changes nothing: a
    /// structure borrowed from the caller's `inout` was copied whole, 672 bytes, for the call;
    /// see ``NumberScan``.)
    func currency(of structure: inout AmountStructure) throws(MoneyParseError) -> Currency {
        if strict {
            if let minor = structure.minorMarker { throw MoneyParseError(.unexpectedCharacter, offset: minor.start) }
            if let trailing = structure.trailingDigits { throw MoneyParseError(.unexpectedCharacter, offset: trailing.start) }
            if let qualifier = structure.qualifier { throw MoneyParseError(.unexpectedCharacter, offset: qualifier.start) }
        }
        if let minor = structure.minorMarker, structure.firstMarker == nil {
            return try resolveMinor(minor)
        }
        if let qualifier = structure.qualifier {
            guard let marker = structure.firstMarker, structure.secondMarker == nil else {
                throw MoneyParseError(.multipleMarkers, offset: qualifier.start)
            }
            return try resolveQualified(marker, by: qualifier)
        }
        let currency = try resolve(structure.firstMarker, structure.secondMarker, yuanOffset: structure.number.units.yuanOffset)
        if let minor = structure.minorMarker { try checkMinor(minor, of: currency) }
        return currency
    }

    /// The amount with the digits after its marker added as minor units: a minor part below
    /// one major unit (`5 zł 50 gr`), at most the currency's minor digits after a name or unit
    /// word (`20 euros 50`, `8 euros con 40`), or exactly the currency's minor digits after a
    /// symbol touching the whole units (`35€99`). The amount before them must be whole.
    /// (`inout` for the reason ``currency(of:)`` gives.)
    func adding(
        _ trailing: TrailingDigits, to amount: ExactDecimal, of structure: inout AmountStructure, decimalMark: Int?,
        currency: Currency
    ) throws(MoneyParseError) -> ExactDecimal {
        let minorUnits = currency.minorUnits
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[trailing.start..<trailing.end]), as: UTF8.self)
        let perUnit = ExactDecimal.powersOfTen[min(minorUnits, ExactDecimal.maximumDigits)]
        if trailing.isChequeFraction {
            // 56/100 (§8): a fraction of the currency's own minor unit, of a major amount with
            // no decimals.
            guard structure.firstMarker != nil, decimalMark == nil, trailing.count == minorUnits, trailing.total < perUnit else {
                throw MoneyParseError(.unexpectedCharacter, offset: trailing.start, excerpt: text)
            }
        } else if structure.minorMarker != nil {
            guard decimalMark == nil, structure.number.units.isWhole, minorUnits > 0, trailing.digitCount <= ExactDecimal.maximumDigits,
                  trailing.total < perUnit else {
                throw MoneyParseError(.unexpectedCharacter, offset: trailing.start, excerpt: text,
                                      detail: .minorPartNotBelowOneUnit(Int(perUnit)))
            }
        } else {
            guard let marker = structure.firstMarker, structure.secondMarker == nil,
                  decimalMark == nil, structure.number.units.isWhole, minorUnits > 0 else {
                throw MoneyParseError(.unexpectedCharacter, offset: trailing.start, excerpt: text)
            }
            let candidates = try candidates(of: marker)
            let isWord = candidates.isoCode == nil && !(candidates.names.isEmpty && candidates.unitWords.isEmpty)
            if isWord, marker.side == .after {
                // 20 euros 50: a bare number after a name or unit word is the minor part.
                guard trailing.digitCount <= minorUnits, trailing.total < perUnit else {
                    throw MoneyParseError(.unexpectedCharacter, offset: trailing.start, excerpt: text,
                                          detail: .minorPartNotBelowOneUnit(Int(perUnit)))
                }
            } else {
                // 35€99: a symbol between the units and exactly the minor digits.
                guard marker.touchesNumber, candidates.isoCode == nil, !candidates.isNameOnly, trailing.lastUnit == nil else {
                    throw MoneyParseError(.unexpectedCharacter, offset: trailing.start, excerpt: text)
                }
                guard trailing.count == minorUnits else {
                    throw MoneyParseError(.unexpectedCharacter, offset: trailing.start, excerpt: text,
                                          detail: .priceTagDigits(minorUnits))
                }
            }
        }
        let whole = ExactDecimal(significand: amount.significand, scale: amount.scale, isNegative: false)
        var total = try whole.plus(ExactDecimal(significand: trailing.total, scale: minorUnits, isNegative: false))
        total.isNegative = structure.isNegative && !total.isZero
        return total
    }
}
