import Foundation
import MoneyKitExchange
import Testing

/// What a program shows of an exchange error: `localizedDescription` is the sentence.
@Suite struct ExchangeErrorPresentationTests {
    @Test func exchangeErrorsAreSentences() {
        let missing = ExchangeRates.ConversionError.missingRate("JPY", date: "2026-11-20")
        #expect((missing as any Error).localizedDescription == "No exchange rate for JPY on 2026-11-20.")
        #expect((RateSourceError(description: "rates.xml: no such file") as any Error).localizedDescription
            == "rates.xml: no such file")
    }
}
