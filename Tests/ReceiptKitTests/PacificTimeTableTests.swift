import Testing

@testable import ReceiptKit

/// The table of daylight bounds the `_pst` writer reads agrees with the rules it was built from, at its first and
/// last years and beyond them on both sides (where the rules are computed per call).
@Suite struct PacificTimeTableTests {
    @Test func tableMatchesTheRulesAroundItsEnds() {
        var years = 0
        for year in Int64(1900)...2300 {
            let tabulated = PacificTime.daylightBounds(year: year)
            let computed = PacificTime.computedDaylightBounds(year: year)
            #expect(tabulated == computed, "year \(year)")
            // Daylight time starts in spring and ends in autumn of the same year.
            #expect(computed.0 < computed.1, "year \(year)")
            years += 1
        }
        #expect(years == 401)
    }
}
