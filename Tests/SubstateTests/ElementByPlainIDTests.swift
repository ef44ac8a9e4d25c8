import Foundation
import Synchronization
import Testing

@testable import Substate

/// Comparisons of ``PlainID``s, counted across the process (the id itself holds no reference).
let plainIDComparisons = Atomic<Int>(0)

/// An id that is plain data, so that a lens keeps it as bits, and that counts its comparisons.
struct PlainID: Hashable, Sendable {
    let value: Int32
    let shelf: UInt16

    static func == (lhs: PlainID, rhs: PlainID) -> Bool {
        plainIDComparisons.add(1, ordering: .relaxed)
        return lhs.value == rhs.value && lhs.shelf == rhs.shelf
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(shelf)
    }
}

struct PlainItem: Equatable, Identifiable, Sendable {
    var id: PlainID
    var title: String
}

struct IntItem: Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
}

struct UUIDItem: Equatable, Identifiable, Sendable {
    var id: UUID
    var title: String
}

struct PlainShelves: Equatable, Sendable {
    var plain: [PlainItem] = (0..<10_000).map {
        PlainItem(id: PlainID(value: Int32($0), shelf: 1), title: "item \($0)")
    }
    var ints: [IntItem] = (0..<10_000).map { IntItem(id: $0 * 3, title: "item \($0 * 3)") }
    var uuids: [UUIDItem] = (0..<1_000).map { _ in UUIDItem(id: UUID(), title: "") }
}

/// Lenses to elements by ids that fit in a lens's bits (plain data of at most 16 bytes):
/// they find the same elements as lenses to ids that do not (``ElementByIDTests``). Only
/// optimised builds keep such an id as bits (debug builds capture it, as for other ids): the
/// lens tests here reach that path in CI's `swift test -c release` run.
@Suite(.serialized) struct ElementByPlainIDTests {
    @Test func idsThatArePlainDataFitInBitsAndOthersDoNot() {
        let uuid = UUID()
        #expect(_IDBits(uuid)?.id(as: UUID.self) == uuid)
        #expect(_IDBits(-42)?.id(as: Int.self) == -42)
        let plain = PlainID(value: 7, shelf: 3)
        #expect(_IDBits(plain).map { $0.id(as: PlainID.self) == plain } == true)
        #expect(_IDBits("a string") == nil)
        #expect(_IDBits(CountedID.Comparisons()) == nil)
        #expect(_IDBits((UUID(), 1)) == nil)
    }

    @Test func aPlainIDThatDidNotMoveIsFoundWithoutASearch() {
        var shelves = PlainShelves()
        let id = PlainID(value: 9_000, shelf: 1)
        #expect(OptionalLens.element(id: id, in: \PlainShelves.plain).get(shelves) != nil)
        // A lens made anew, as an update function makes one per action.
        let fewest = (0..<3).map { _ in
            plainIDComparisons.store(0, ordering: .relaxed)
            let changed = OptionalLens.element(id: id, in: \PlainShelves.plain)
                .set(&shelves, to: PlainItem(id: id, title: "changed"))
            #expect(changed)
            return plainIDComparisons.load(ordering: .relaxed)
        }.min()!
        #expect(fewest <= ElementByIDTests.probeBound)
        #expect(shelves.plain[9_000].title == "changed")
        #expect(shelves.plain.filter { $0.title == "changed" }.count == 1)
    }

    @Test func intIDsReachTheirElementsWhereverTheyMove() {
        var shelves = PlainShelves()
        let lens = OptionalLens.element(id: 2_997, in: \PlainShelves.ints)
        #expect(lens.get(shelves)?.title == "item 2997")
        shelves.ints.reverse()
        #expect(lens.modify(&shelves) { $0.title = "moved" } != nil)
        #expect(shelves.ints[10_000 - 1 - 999].title == "moved")
        shelves.ints.removeAll { $0.id == 2_997 }
        #expect(lens.get(shelves) == nil)
        #expect(lens.set(&shelves, to: IntItem(id: 2_997, title: "back")) == false)
        // An id of no element (between two ids) is missing, however the table placed it.
        #expect(OptionalLens.element(id: 2_998, in: \PlainShelves.ints).get(shelves) == nil)
    }

    @Test func afterEnoughSearchesEveryIntIDIsRememberedWhereItIs() {
        var shelves = PlainShelves()
        // Moves every element, so that each id looked up next is searched for; 40 searches
        // rebuild the table from the whole array, with the same hash as a lookup uses.
        shelves.ints.reverse()
        for value in 0..<40 {
            #expect(
                OptionalLens.element(id: value * 21, in: \PlainShelves.ints).get(shelves)?.title
                    == "item \(value * 21)")
        }
        let id = 3 * 1_234
        let remembered = shelves.ints._rememberedIndex(
            of: id, hash: _PositionHints.hash(id), under: \PlainShelves.ints)
        #expect(remembered == shelves.ints.firstIndex { $0.id == id })
    }

    @Test func uuidIDsReachTheirElements() {
        var shelves = PlainShelves()
        let chosen = shelves.uuids[700].id
        let lens = OptionalLens.element(id: chosen, in: \PlainShelves.uuids)
        #expect(lens.modify(&shelves) { $0.title = "chosen" } != nil)
        #expect(shelves.uuids[700].title == "chosen")
        shelves.uuids.shuffle()
        #expect(lens.get(shelves)?.title == "chosen")
        #expect(OptionalLens.element(id: UUID(), in: \PlainShelves.uuids).get(shelves) == nil)
    }

    @Test func equalIntIDsHashAlikeAndSpreadOverATable() {
        #expect(_PositionHints.hash(12_345) == _PositionHints.hash(12_345))
        // Ids that share their low bits (multiples of 1,024) still spread over a small table.
        let slots = Set((0..<64).map { _PositionHints.hash($0 * 1_024) & 127 })
        #expect(slots.count > 32)
    }
}
