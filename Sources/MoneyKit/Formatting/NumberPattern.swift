/// An ICU decimal pattern (`¤#,##0.00;(¤#,##0.00)`) taken apart: the affixes of the positive
/// and negative subpatterns and the grouping sizes of the number part.
///
/// Affix syntax as ICU reads it: `¤` (one to three times: symbol, ISO code, name) stands for
/// the currency, `-` and `+` for the locale's signs, text in single quotes is literal (`''`
/// is an apostrophe), everything else is literal.
struct NumberPattern: Sendable, Equatable {
    /// One piece of an affix.
    enum Part: Sendable, Equatable {
        case literal(String)
        /// `¤`, `¤¤` or `¤¤¤`.
        case currency(width: Int)
        case minus
        case plus
    }

    /// The parts before and after the number.
    struct Affixes: Sendable, Equatable {
        var prefix: [Part]
        var suffix: [Part]

        /// Where the currency stands, if the affixes hold one.
        var currencySide: MarkerSide? {
            if prefix.contains(where: { if case .currency = $0 { true } else { false } }) { return .before }
            if suffix.contains(where: { if case .currency = $0 { true } else { false } }) { return .after }
            return nil
        }
    }

    let positive: Affixes
    /// The negative subpattern's affixes; nil when the pattern has none (ICU then writes the
    /// minus sign before the positive prefix).
    let explicitNegative: Affixes?
    /// Digits in the group next to the decimal separator (0: no grouping).
    let primaryGrouping: Int
    /// Digits in the other groups.
    let secondaryGrouping: Int

    /// The negative affixes, explicit or implied.
    let negative: Affixes

    /// The parsed pattern (once per process per pattern: ICU's locales share a few dozen
    /// patterns, and parsing one character by character took 27 thousand instructions,
    /// a twentieth of a locale's profile).
    init(_ pattern: String) {
        self = Self.parsed.value(for: pattern) { NumberPattern(parsing: pattern) }
    }

    private static let parsed = DerivedCache<String, NumberPattern>(limit: 1024)

    private init(parsing pattern: String) {
        let subpatterns = NumberPattern.splitSubpatterns(pattern)
        let (positive, grouping) = NumberPattern.parseSubpattern(subpatterns[0])
        self.positive = positive
        self.explicitNegative = subpatterns.count > 1 ? NumberPattern.parseSubpattern(subpatterns[1]).affixes : nil
        self.negative = explicitNegative ?? Affixes(prefix: [.minus] + positive.prefix, suffix: positive.suffix)
        self.primaryGrouping = grouping.primary
        self.secondaryGrouping = grouping.secondary
    }

    /// Which affixes a number takes, by the sign shown (ICU's `PatternSignType`).
    enum SignType: Sendable, Equatable {
        /// The negative affixes (a minus sign, or the accounting form).
        case negative
        /// The positive affixes, no sign.
        case positive
        /// A plus sign where the negative form has its minus sign.
        case positiveWithSign
    }

    /// The affixes for a sign type, as ICU builds them (`patternInfoToStringBuilder` in
    /// number_patternstring.cpp): with a plus sign, a negative subpattern that holds a minus
    /// sign is used with `+` in its place; otherwise `+` goes before the positive prefix
    /// (so an accounting pattern `¤#,##0.00;(¤#,##0.00)` writes `+$5.00`). A positive
    /// subpattern that has its own `+` is used as it is.
    func affixes(_ type: SignType) -> Affixes {
        switch type {
        case .negative: return negative
        case .positive: return positive
        case .positiveWithSign:
            func hasPart(_ affixes: Affixes, _ part: Part) -> Bool { affixes.prefix.contains(part) || affixes.suffix.contains(part) }
            if hasPart(positive, .plus) { return positive }
            func plusForMinus(_ parts: [Part]) -> [Part] { parts.map { $0 == .minus ? .plus : $0 } }
            if let explicitNegative, hasPart(explicitNegative, .minus) {
                return Affixes(prefix: plusForMinus(explicitNegative.prefix), suffix: plusForMinus(explicitNegative.suffix))
            }
            return Affixes(prefix: [.plus] + plusForMinus(positive.prefix), suffix: plusForMinus(positive.suffix))
        }
    }

    /// Splits at the first `;` outside quotes.
    private static func splitSubpatterns(_ pattern: String) -> [Substring] {
        var quoted = false
        for index in pattern.indices {
            switch pattern[index] {
            case "'": quoted.toggle()
            case ";" where !quoted:
                return [pattern[..<index], pattern[pattern.index(after: index)...]]
            default: break
            }
        }
        return [pattern[...]]
    }

    private static let numberCharacters: Set<Character> = ["#", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "@", ".", ","]

    private static func parseSubpattern(_ text: Substring) -> (affixes: Affixes, grouping: (primary: Int, secondary: Int)) {
        var prefix: [Part] = []
        var suffix: [Part] = []
        var number = ""
        var stage = 0  // 0 prefix, 1 number, 2 suffix
        var quoted = false
        var literal = ""
        var characters = Array(text)
        var index = 0

        func flushLiteral() {
            guard !literal.isEmpty else { return }
            if stage == 0 { prefix.append(.literal(literal)) } else { suffix.append(.literal(literal)) }
            literal = ""
        }
        func append(_ part: Part) {
            flushLiteral()
            if stage == 0 { prefix.append(part) } else { suffix.append(part) }
        }

        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "'" {
                    if index + 1 < characters.count, characters[index + 1] == "'" {
                        literal.append("'")
                        index += 2
                        continue
                    }
                    quoted = false
                } else {
                    literal.append(character)
                }
                index += 1
                continue
            }
            if stage < 2, numberCharacters.contains(character) {
                if stage == 0 { flushLiteral() }
                stage = 1
                number.append(character)
                index += 1
                continue
            }
            if stage == 1 { stage = 2 }
            switch character {
            case "'":
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    literal.append("'")
                    index += 1
                } else {
                    quoted = true
                }
            case "¤":
                var width = 1
                while index + 1 < characters.count, characters[index + 1] == "¤", width < 3 {
                    width += 1
                    index += 1
                }
                append(.currency(width: width))
            case "-": append(.minus)
            case "+": append(.plus)
            default: literal.append(character)
            }
            index += 1
        }
        flushLiteral()
        characters.removeAll()

        // Grouping sizes from the integer part of the number.
        let integerPart = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let groups = integerPart.split(separator: ",", omittingEmptySubsequences: false)
        var primary = 0
        var secondary = 0
        if groups.count >= 2 {
            primary = groups[groups.count - 1].count
            secondary = groups.count >= 3 ? groups[groups.count - 2].count : primary
        }
        return (Affixes(prefix: prefix, suffix: suffix), (primary, secondary))
    }
}
