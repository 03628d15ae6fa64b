/// A locale's cardinal plural rules, read from ICU's data as CLDR rule text and evaluated
/// here, so choosing between "1.00 US dollars" and "1 dollar" needs no ICU call.
///
/// Syntax (CLDR, UTS #35): `rule = and ("or" and)*`, `and = relation ("and" relation)*`,
/// `relation = operand ("%" value)? ("=" | "!=") range ("," range)*`, `range = value
/// (".." value)?`, with operands n (absolute value), i (integer digits), v / w (visible
/// fraction digits with / without trailing zeros), f / t (those digits as an integer),
/// c / e (compact exponent, always 0 here). Sample lists after `@` are ignored.
struct PluralRules: Sendable {
    /// The operands of a formatted number.
    struct Operands {
        /// Integer digits (i).
        let integer: UInt128
        /// Visible fraction digits as an integer (f), and how many there are (v).
        let fraction: UInt128
        let fractionDigitCount: Int

        /// The n operand when it is a whole number, nil when it has a fraction.
        let wholeN: UInt128?

        init(integer: UInt128, fraction: UInt128, fractionDigitCount: Int, wholeN: UInt128?) {
            self.integer = integer
            self.fraction = fraction
            self.fractionDigitCount = fractionDigitCount
            self.wholeN = wholeN
        }

        /// f without trailing zeros (t), and its digit count (w).
        var trimmed: (value: UInt128, count: Int) {
            var value = fraction
            var count = fractionDigitCount
            while count > 0 && value % 10 == 0 {
                value /= 10
                count -= 1
            }
            return (value, count)
        }
    }

    private enum Operand: Character {
        case n = "n", i = "i", v = "v", w = "w", f = "f", t = "t", c = "c", e = "e"
    }

    private struct Relation {
        let operand: Operand
        let modulus: UInt128?
        let negated: Bool
        let ranges: [ClosedRange<UInt128>]
    }

    /// Rules by keyword, `or` of `and`s of relations; "other" is what no rule matches.
    private let rules: [(keyword: String, alternatives: [[Relation]])]

    /// Parses rules; a rule that cannot be parsed is dropped (its keyword then never matches).
    init(_ source: [(keyword: String, rule: String)]) {
        rules = source.compactMap { keyword, rule in
            guard keyword != "other", let alternatives = PluralRules.parsed(rule) else { return nil }
            return (keyword, alternatives)
        }
    }

    /// A rule's relations, parsed once per process per rule text (locales share most of them).
    private static func parsed(_ rule: String) -> [[Relation]]? {
        parsedRules.value(for: rule) { ParsedRule(alternatives: parse(rule)) }.alternatives
    }

    /// A parse's result, nil included (a cache stores no nil value itself).
    private struct ParsedRule: Sendable {
        let alternatives: [[Relation]]?
    }

    private static let parsedRules = DerivedCache<String, ParsedRule>(limit: 4096)

    /// The keyword for a number as shown.
    func keyword(operands: Operands) -> String {
        for rule in rules where rule.alternatives.contains(where: { $0.allSatisfy { holds($0, operands) } }) {
            return rule.keyword
        }
        return "other"
    }

    private func holds(_ relation: Relation, _ operands: Operands) -> Bool {
        let value: UInt128
        var isInteger = true
        switch relation.operand {
        case .n:
            value = operands.wholeN ?? 0
            isInteger = operands.wholeN != nil
        case .i: value = operands.integer
        case .v: value = UInt128(operands.fractionDigitCount)
        case .w: value = UInt128(operands.trimmed.count)
        case .f: value = operands.fraction
        case .t: value = operands.trimmed.value
        case .c, .e: value = 0
        }
        // n with a fractional part equals no integer, also after a modulus.
        let reduced = relation.modulus.map { value % $0 } ?? value
        let inRanges = isInteger && relation.ranges.contains { $0.contains(reduced) }
        return relation.negated ? !inRanges : inRanges
    }

    private static func parse(_ text: String) -> [[Relation]]? {
        // The rule, without its samples (`@integer …`); the `@` found among the bytes, since
        // the samples are most of the text.
        let body = Array(text[..<(text.utf8.firstIndex(of: UInt8(ascii: "@")) ?? text.endIndex)])
        // Tokens: words and numbers (with `..` and `,`), and the operators `%`, `=`, `!=`.
        var words: [String] = []
        var word = ""
        var index = 0
        func flush() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        while index < body.count {
            let character = body[index]
            if character == "!", index + 1 < body.count, body[index + 1] == "=" {
                flush()
                words.append("!=")
                index += 2
                continue
            }
            if character == "=" || character == "%" {
                flush()
                words.append(String(character))
            } else if character.isWhitespace {
                flush()
            } else {
                word.append(character)
            }
            index += 1
        }
        flush()
        if words.isEmpty { return [] }
        var alternatives: [[Relation]] = []
        var current: [Relation] = []
        var position = 0
        while position < words.count {
            guard let first = words[position].first, words[position].count == 1,
                  let operand = Operand(rawValue: first) else { return nil }
            position += 1
            var modulus: UInt128?
            if position + 1 < words.count, words[position] == "%" {
                guard let value = UInt128(words[position + 1]) else { return nil }
                modulus = value
                position += 2
            }
            guard position + 1 < words.count, words[position] == "=" || words[position] == "!=" else { return nil }
            let negated = words[position] == "!="
            var ranges: [ClosedRange<UInt128>] = []
            for item in words[position + 1].split(separator: ",") {
                let bounds = item.components(separatedBy: "..")
                guard let low = UInt128(bounds[0]), let high = UInt128(bounds.count > 1 ? bounds[1] : bounds[0]),
                      low <= high else { return nil }
                ranges.append(low...high)
            }
            position += 2
            current.append(Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges))
            if position < words.count {
                switch words[position] {
                case "and": break
                case "or":
                    alternatives.append(current)
                    current = []
                default: return nil
                }
                position += 1
            }
        }
        alternatives.append(current)
        return alternatives
    }
}
