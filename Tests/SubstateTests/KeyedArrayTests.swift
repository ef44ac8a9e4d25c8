import Foundation
import Substate
import TestSupport
import Testing

struct Card: Equatable, Identifiable, Codable, Sendable {
    var id: Int
    var title = ""
    var isDone = false
}

@Suite struct KeyedArrayTests {
    func cards(_ ids: [Int]) -> KeyedArray<Card> {
        KeyedArray(uniqueElements: ids.map { Card(id: $0, title: "card \($0)") })
    }

    @Test func findsElementsByIDAndKeepsTheirOrder() {
        let array = cards([3, 1, 2])
        #expect(array.ids == [3, 1, 2])
        #expect(array.map(\.id) == [3, 1, 2])
        #expect(array[id: 1]?.title == "card 1")
        #expect(array[id: 9] == nil)
        #expect(array.index(id: 2) == 2)
        #expect(array.contains(id: 3))
        #expect(!array.contains(id: 4))
        #expect(array.count == 3)
        #expect(
            array.elements == [
                Card(id: 3, title: "card 3"), Card(id: 1, title: "card 1"),
                Card(id: 2, title: "card 2"),
            ])
    }

    @Test func settingByIDReplacesAppendsAndRemoves() {
        var array = cards([1, 2])
        array[id: 2]?.isDone = true
        #expect(array[id: 2]?.isDone == true)
        array[id: 5] = Card(id: 5)
        #expect(array.ids == [1, 2, 5])
        array[id: 1] = nil
        #expect(array.ids == [2, 5])
        #expect(array.index(id: 5) == 1)
    }

    @Test func aSecondElementWithAnIDThatIsThereIsNotAdded() {
        var array = cards([1, 2])
        let appended = array.append(Card(id: 2, title: "other"))
        let inserted = array.insert(Card(id: 1), at: 0)
        #expect(!appended && !inserted)
        #expect(array == cards([1, 2]))
        let third = array.append(Card(id: 3))
        #expect(third)
        array.append(contentsOf: [Card(id: 3), Card(id: 4), Card(id: 4, title: "second")])
        #expect(array.ids == [1, 2, 3, 4])
        #expect(array[id: 4]?.title == "")
    }

    @Test func duplicatesCanBeMergedWhenMaking() {
        let array = KeyedArray(
            [Card(id: 1, title: "a"), Card(id: 2, title: "b"), Card(id: 1, title: "c")]
        ) { first, later in Card(id: first.id, title: first.title + later.title) }
        #expect(array.ids == [1, 2])
        #expect(array[id: 1]?.title == "ac")
    }

    /// Stopped with a message in every build (a precondition prints none when optimised).
    @Test func duplicateIDsStopTheProgramWithAMessage() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = KeyedArray(uniqueElements: [Card(id: 1), Card(id: 1)])
            })
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains(
                "KeyedArray(uniqueElements:): the id 1 appears twice"))
    }

    @Test func changingAnElementsIDToOneThatIsThereStopsTheProgramWithAMessage() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var array = KeyedArray(uniqueElements: [Card(id: 1), Card(id: 2)])
                array[0].id = 2
            })
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains(
                "an element's id changed from 1 to 2, which another element has"))
    }

    @Test func anIndexOutOfBoundsStopsTheProgramWithAMessage() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var array = KeyedArray(uniqueElements: [Card(id: 1)])
                array.remove(at: 3)
            })
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains(
                "KeyedArray.remove(at:): index 3 out of bounds 0..<1"))
    }

    @Test func changingAnElementsIDInPlaceMovesItsKey() {
        var array = cards([1, 2])
        array[0].id = 7
        #expect(array.ids == [7, 2])
        #expect(array[id: 7]?.title == "card 1")
        #expect(array[id: 1] == nil)
    }

    /// Every mutation, run on a `KeyedArray` and on a plain array side by side, from a seed:
    /// the elements, the ids and every lookup by id agree after each step.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func mutationsAgreeWithAPlainArray(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var keyed = KeyedArray<Card>()
        var plain: [Card] = []
        var nextID = 0
        for step in 0..<2_000 {
            let choice = Int.random(in: 0..<10, using: &random)
            switch choice {
            case 0, 1:
                let card = Card(id: nextID, title: "\(step)")
                nextID += 1
                let index = Int.random(in: 0...plain.count, using: &random)
                keyed.insert(card, at: index)
                plain.insert(card, at: index)
            case 2 where !plain.isEmpty:
                let index = Int.random(in: 0..<plain.count, using: &random)
                let removed = keyed.remove(at: index)
                #expect(removed == plain.remove(at: index))
            case 3 where !plain.isEmpty:
                let id = plain.randomElement(using: &random)!.id
                keyed.remove(id: id)
                plain.removeAll { $0.id == id }
            case 4 where !plain.isEmpty:
                let index = Int.random(in: 0..<plain.count, using: &random)
                keyed[id: plain[index].id]?.isDone.toggle()
                plain[index].isDone.toggle()
            case 5 where plain.count > 1:
                let i = Int.random(in: 0..<plain.count, using: &random)
                let j = Int.random(in: 0..<plain.count, using: &random)
                keyed.swapAt(i, j)
                plain.swapAt(i, j)
            case 6 where step % 50 == 0:
                keyed.sort { $0.title < $1.title }
                plain.sort { $0.title < $1.title }
            case 7 where step % 40 == 0:
                keyed.removeAll { $0.isDone }
                plain.removeAll { $0.isDone }
            case 8 where plain.count > 2:
                let sources = Set(
                    (0..<3).map { _ in Int.random(in: 0..<plain.count, using: &random) })
                let destination = Int.random(in: 0...plain.count, using: &random)
                keyed.move(fromOffsets: sources, toOffset: destination)
                plain = moved(plain, sources, destination)
            case 9 where step % 97 == 0:
                keyed.reverse()
                plain.reverse()
            default:
                break
            }
            #expect(keyed.elements == plain, "step \(step)")
            #expect(keyed.ids == plain.map(\.id), "step \(step)")
            for (index, card) in plain.enumerated() where keyed.index(id: card.id) != index {
                Issue.record(
                    "step \(step): \(card.id) found at \(String(describing: keyed.index(id: card.id))), not \(index)"
                )
                return
            }
        }
    }

    /// What SwiftUI's `move(fromOffsets:toOffset:)` does to an array, as its documentation
    /// defines it: take the elements at the offsets out (in order), then insert them, together,
    /// where the element that was at `destination` now is (or at the end).
    func moved(_ array: [Card], _ sources: Set<Int>, _ destination: Int) -> [Card] {
        var rest = array
        var taken: [Card] = []
        for offset in sources.sorted(by: >) { taken.insert(rest.remove(at: offset), at: 0) }
        let insertion = destination - sources.filter { $0 < destination }.count
        rest.insert(contentsOf: taken, at: insertion)
        return rest
    }

    @Test func changingAnElementLeavesTheIDsStorageShared() {
        var array = cards(Array(0..<100))
        let before = array.ids
        array[id: 40]?.title = "changed"
        array[3].isDone = true
        let after = array.ids
        let same = before.withUnsafeBufferPointer { old in
            after.withUnsafeBufferPointer { new in old.baseAddress == new.baseAddress }
        }
        #expect(same, "a change to an element should not copy the ids a view compares")
        array.append(Card(id: 100))
        #expect(array.ids.count == 101)
    }

    @Test func encodesAsAPlainArrayAndRejectsDuplicateIDsWhenDecoding() throws {
        let array = cards([2, 1])
        let data = try JSONEncoder().encode(array)
        #expect(try JSONDecoder().decode([Card].self, from: data) == array.elements)
        #expect(try JSONDecoder().decode(KeyedArray<Card>.self, from: data) == array)
        let duplicate = Data(
            #"[{"id":1,"title":"","isDone":false},{"id":1,"title":"x","isDone":true}]"#.utf8)
        do {
            _ = try JSONDecoder().decode(KeyedArray<Card>.self, from: duplicate)
            Issue.record("decoding duplicate ids should fail")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("the id 1 appears twice"))
        }
    }

    @Test func equalityComparesTheElementsInOrder() {
        var changed = cards([1, 2])
        changed[id: 1]?.title = "card 1"  // the same value: still equal
        #expect(changed == cards([1, 2]))
        #expect(cards([1, 2]) != cards([2, 1]))
        let literal: KeyedArray<Card> = [
            Card(id: 1, title: "card 1"), Card(id: 2, title: "card 2"),
        ]
        #expect(literal == cards([1, 2]))
        #expect(
            String(describing: KeyedArray(uniqueElements: [Card(id: 1)]))
                == String(describing: [Card(id: 1)]))
    }

    @Test func aSortWhoseComparatorThrowsLeavesTheArrayAsItWas() {
        struct Refused: Error {}
        // 1...210 in a scrambled order (211 is prime), so that sorting takes many comparisons.
        let before = cards((1...210).map { $0 * 97 % 211 })
        var keyed = before
        var comparisons = 0
        #expect(throws: Refused.self) {
            try keyed.sort {
                comparisons += 1
                if comparisons == 100 { throw Refused() }
                return $0.id < $1.id
            }
        }
        #expect(keyed.elementsEqual(before))
        #expect(keyed.ids.elementsEqual(before.map(\.id)))
        // Every id still finds its own row, for reading and for writing.
        for card in before {
            #expect(keyed[id: card.id] == card)
        }
        keyed[id: 7]?.title = "seven"
        #expect(keyed.first { $0.id == 7 }?.title == "seven")
        #expect(keyed.filter { $0.title == "seven" }.count == 1)
    }
}
