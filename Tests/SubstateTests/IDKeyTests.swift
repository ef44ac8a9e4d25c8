import Foundation
import Testing

@testable import Substate

/// The keys of the library's tables by id (a KeyedArray's positions, a row tracker's links):
/// `Int`, `Int64` and `UUID` ids placed by a cheap mix of their bits and the table's seed,
/// other ids as a dictionary places them.
struct IDKeyTests {
    @Test func equalIDsHashAlikeUnderEverySeed() {
        let uuid = UUID()
        for seed in [0, 1, -1, 0x1234_5678, Int.max, Int.min] {
            #expect(_IDKey(42)._rawHashValue(seed: seed) == _IDKey(42)._rawHashValue(seed: seed))
            #expect(
                _IDKey(Int64(-7))._rawHashValue(seed: seed)
                    == _IDKey(Int64(-7))._rawHashValue(seed: seed))
            #expect(
                _IDKey(uuid)._rawHashValue(seed: seed)
                    == _IDKey(UUID(uuid: uuid.uuid))._rawHashValue(seed: seed))
            #expect(
                _IDKey("row")._rawHashValue(seed: seed)
                    == _IDKey(String("ro") + "w")._rawHashValue(seed: seed))
        }
    }

    @Test func otherIDsArePlacedAsADictionaryPlacesThem() {
        for seed in [0, 99, -5] {
            #expect(_IDKey("row")._rawHashValue(seed: seed) == "row"._rawHashValue(seed: seed))
        }
    }

    @Test func theTablesSeedIsMixedIn() {
        // The same id lands elsewhere in another table: ids cannot be chosen to collide in
        // every table at once.
        let hashes = Set((0..<16).map { _IDKey(7)._rawHashValue(seed: $0 &* 0x9E37) })
        #expect(hashes.count == 16)
        let uuid = UUID()
        let uuidHashes = Set((0..<16).map { _IDKey(uuid)._rawHashValue(seed: $0 &* 0x9E37) })
        #expect(uuidHashes.count == 16)
    }

    @Test func consecutiveAndStridedIntsSpreadOverTheBuckets() {
        // A dictionary takes the low bits: 1,024 ids into 1,024 buckets fill about 63 % of
        // them when placed at random; consecutive ids and multiples of 1,024 must do as well.
        let seed = 0x5DEE_CE66
        for ids in [Array(0..<1_024), (0..<1_024).map { $0 * 1_024 }] {
            let buckets = Set(ids.map { _IDKey($0)._rawHashValue(seed: seed) & 1_023 })
            #expect(buckets.count > 560, "\(buckets.count) buckets")
        }
    }

    @Test func tablesKeyedByThemFindEveryID() {
        var ints: [_IDKey<Int>: Int] = [:]
        for id in 0..<10_000 { ints[_IDKey(id * 7_919)] = id }
        #expect((0..<10_000).allSatisfy { ints[_IDKey($0 * 7_919)] == $0 })
        #expect(ints[_IDKey(-1)] == nil)
        let uuids = (0..<1_000).map { _ in UUID() }
        let byUUID = Dictionary(uniqueKeysWithValues: uuids.enumerated().map { (_IDKey($1), $0) })
        #expect(uuids.enumerated().allSatisfy { byUUID[_IDKey($1)] == $0 })
        let rows = KeyedArray(uniqueElements: uuids.map { UUIDRow(id: $0) })
        #expect(uuids.enumerated().allSatisfy { rows.index(id: $1) == $0 })
        #expect(rows.index(id: UUID()) == nil)
    }
}

/// A row with a `UUID` id.
private struct UUIDRow: Identifiable, Equatable {
    let id: UUID
}
