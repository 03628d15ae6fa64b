import Foundation
@testable import MoneyKit
import Synchronization
import Testing

/// A locale builds its marker tables and compact affixes on its first parse that the common
/// shape does not read (LocaleProfile.swift): most of a cold locale's time and memory.
@Suite struct LazyTablesTests {
    /// Bytes of a text, for the stage-level entry points.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test func aProfileStartsWithoutItsMarkerTablesAndCompactAffixes() throws {
        // Built directly, not through the shared cache: no other test can have warmed it.
        let profile = LocaleProfile(identifier: "de_CH")
        #expect(!profile.currencies.hasBuiltMarkers)
        #expect(!profile.hasBuiltCompactAffixes)
        let shape = try #require(profile.commonShape)
        let money = Self.withBytes("CHF 1'234.50") { shape.read($0) }
        #expect(money == (try Money("1234.50", Currency(code: "CHF"))))
        #expect(!profile.currencies.hasBuiltMarkers, "the common shape reads without the marker tables")
        #expect(!profile.hasBuiltCompactAffixes)
    }

    @Test func theGeneralMachineBuildsThemOnFirstUse() throws {
        let profile = LocaleProfile(identifier: "fr_CA")
        let result = try Self.withBytes("2,5 k$") { bytes in try StageTests.machineResult(bytes, profile, hint: nil) }
        #expect(result.structure.firstMarker != nil)
        #expect(profile.currencies.hasBuiltMarkers)
        #expect(profile.hasBuiltCompactAffixes)
        // The same tables a profile built the usual way holds (shared name table).
        #expect(profile.currencies.markers.names === LocaleProfile.profile(for: "fr_CA").currencies.markers.names)
    }

    @Test func aLazyReferenceIsBuiltOnceWhateverTheReaders() async {
        final class Box: Sendable { let value = 42 }
        let builds = Atomic<Int>(0)
        let reference = LazyReference { builds.add(1, ordering: .relaxed); return Box() }
        #expect(!reference.isBuilt)
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(reference.value) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(builds.load(ordering: .relaxed) == 1)
        #expect(reference.isBuilt)
        #expect(reference.value.value == 42)
    }
}
