@testable import MoneyKit

extension Token.Kind {
    /// The token class's name without its payload (`digits`, `marker`), as the lexer tests
    /// write tokens; a separator shows its class (`separator(comma)`).
    var className: String {
        switch self {
        case .digits: "digits"
        case .separator(let separator): "separator(\(separator))"
        case .space: "space"
        case .minus: "minus"
        case .plus: "plus"
        case .openParen: "openParen"
        case .closeParen: "closeParen"
        case .dash: "dash"
        case .marker: "marker"
        case .unit: "unit"
        case .yuan: "yuan"
        case .exactly: "exactly"
        case .receiptPrefix: "receiptPrefix"
        case .receiptSuffix: "receiptSuffix"
        case .multiplier: "multiplier"
        case .regionQualifier: "regionQualifier"
        case .slashDash: "slashDash"
        case .qualifierWord: "qualifierWord"
        case .joiner: "joiner"
        case .spelledNumber(let value): "spelledNumber(\(value))"
        case .chequeFraction(let numerator, let exponent): "chequeFraction(\(numerator)/10^\(exponent))"
        case .end: "end"
        }
    }
}
