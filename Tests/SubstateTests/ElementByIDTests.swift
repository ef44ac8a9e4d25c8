import Substate
import Synchronization
import Testing

/// An id that counts how often it is compared, to tell a remembered position (a comparison or
/// two) from a search (one per element before it).
struct CountedID: Hashable, Sendable {
    let value: Int
    let comparisons: Comparisons

    final class Comparisons: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
        func reset() { count.withLock { $0 = 0 } }
    }

    static func == (lhs: CountedID, rhs: CountedID) -> Bool {
        lhs.comparisons.add()
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

struct CountedItem: Equatable, Identifiable, Sendable {
    var id: CountedID
    var title: String

    static func == (lhs: CountedItem, rhs: CountedItem) -> Bool {
        lhs.id.value == rhs.id.value && lhs.title == rhs.title
    }
}

struct CountedShelf: Equatable, Sendable {
    var items: [CountedItem]
    var others: [CountedItem] = []

    init(count: Int, comparisons: CountedID.Comparisons) {
        items = (0..<count).map {
            CountedItem(id: CountedID(value: $0, comparisons: comparisons), title: "item \($0)")
        }
    }
}

@Suite(.serialized) struct ElementByIDTests {
    let comparisons = CountedID.Comparisons()

    /// The most comparisons a remembered position may take. A lookup compares the element
    /// at each slot it probes, and slots are placed by the id's hash, whose seed changes with
    /// every run: usually one or two, and a run of 32 occupied slots in a table at most half
    /// full is too unlikely to happen. A search compares once per element before the one found
    /// (9,001 below).
    static let probeBound = 32

    func id(_ value: Int) -> CountedID { CountedID(value: value, comparisons: comparisons) }

    /// The fewest comparisons `body` made in three tries. The table of positions is shared by
    /// the process, and a test running in parallel may take the slot of the element being
    /// looked up between its two lookups; three tries in a row losing it would take three
    /// collisions. A lens that never used its position compares once per element every time.
    func fewestComparisons(_ body: () -> Void) -> Int {
        (0..<3).map { _ in
            body()
            comparisons.reset()
            body()
            return comparisons.value
        }.min()!
    }

    @Test func anElementThatDidNotMoveIsFoundWithoutASearch() {
        var shelf = CountedShelf(count: 10_000, comparisons: comparisons)
        let lens = OptionalLens.element(id: id(9_000), in: \CountedShelf.items)
        var found: [String?] = []
        #expect(fewestComparisons { found.append(lens.get(shelf)?.title) } <= Self.probeBound)
        #expect(found.allSatisfy { $0 == "item 9000" })
        // A lens made anew, as an update function makes one per action, finds it too.
        var writes: [Bool] = []
        let written = fewestComparisons {
            writes.append(
                OptionalLens.element(id: id(9_000), in: \CountedShelf.items)
                    .set(&shelf, to: CountedItem(id: id(9_000), title: "changed")))
        }
        #expect(written <= Self.probeBound)
        #expect(writes.allSatisfy { $0 })
        #expect(shelf.items[9_000].title == "changed")
        // The search it replaces: one comparison per element up to the one found.
        comparisons.reset()
        #expect(shelf.items.firstIndex { $0.id == id(9_000) } == 9_000)
        #expect(comparisons.value == 9_001)
    }

    @Test func anElementThatMovedIsFoundAgainAndRememberedWhereItIsNow() {
        var shelf = CountedShelf(count: 1_000, comparisons: comparisons)
        let lens = OptionalLens.element(id: id(500), in: \CountedShelf.items)
        #expect(lens.get(shelf)?.title == "item 500")
        shelf.items.insert(CountedItem(id: id(-1), title: "new"), at: 0)
        // The remembered position now holds another element: the lens searches, not trusts.
        #expect(lens.get(shelf)?.title == "item 500")
        var modified: [Bool] = []
        #expect(
            fewestComparisons { modified.append(lens.modify(&shelf) { $0.title = "moved" } != nil) }
                <= Self.probeBound)
        #expect(modified.allSatisfy { $0 })
        #expect(shelf.items[501].title == "moved")
        #expect(shelf.items[500].title == "item 499")
    }

    @Test func afterEnoughSearchesEveryElementIsFoundWithoutOne() {
        let shelf = CountedShelf(count: 10_000, comparisons: comparisons)
        // Searches for 40 different elements: enough for the table to be rebuilt from the
        // whole array, after which even an element never looked up before needs no search.
        for value in 0..<40 {
            #expect(
                OptionalLens.element(id: id(value * 7), in: \CountedShelf.items).get(shelf) != nil)
        }
        comparisons.reset()
        #expect(
            OptionalLens.element(id: id(9_999), in: \CountedShelf.items).get(shelf)?.title
                == "item 9999")
        #expect(comparisons.value <= Self.probeBound)
    }

    @Test func aRemovedElementIsMissingEvenWhereItsPositionWasRemembered() {
        var shelf = CountedShelf(count: 100, comparisons: comparisons)
        let lens = OptionalLens.element(id: id(99), in: \CountedShelf.items)
        #expect(lens.get(shelf) != nil)
        shelf.items.removeLast()
        #expect(lens.get(shelf) == nil)
        #expect(!lens.set(&shelf, to: CountedItem(id: id(99), title: "back")))
        #expect(shelf.items.count == 99)
        // And an array that shrank below the remembered index is no trap either.
        shelf.items.removeAll()
        #expect(lens.get(shelf) == nil)
    }

    @Test func twoArraysWithTheSameIdsAreKeptApart() {
        var shelf = CountedShelf(count: 10, comparisons: comparisons)
        shelf.others = shelf.items.reversed().map {
            CountedItem(id: $0.id, title: "other \($0.id.value)")
        }
        let inItems = OptionalLens.element(id: id(2), in: \CountedShelf.items)
        let inOthers = OptionalLens.element(id: id(2), in: \CountedShelf.others)
        for _ in 0..<3 {
            #expect(inItems.get(shelf)?.title == "item 2")
            #expect(inOthers.get(shelf)?.title == "other 2")
        }
    }

    @Test func moreElementsThanTheTableRemembersAreAllFoundRightly() {
        var shelf = CountedShelf(count: 5_000, comparisons: comparisons)
        for value in stride(from: 0, to: 5_000, by: 7) {
            #expect(
                OptionalLens.element(id: id(value), in: \CountedShelf.items)
                    .modify(&shelf) { $0.title += "!" } != nil)
        }
        shelf.items.reverse()
        for value in stride(from: 0, to: 5_000, by: 7) {
            #expect(
                OptionalLens.element(id: id(value), in: \CountedShelf.items).get(shelf)?.title
                    == "item \(value)!")
        }
    }
}
