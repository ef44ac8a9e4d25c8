import Testing

@testable import Substate

@Suite struct AsyncBufferTests {
    /// The ring grows to its limit, wraps around, and past the limit drops the oldest: the
    /// reader gets the newest `limit`, in order.
    @Test func theNewestElementsAreKeptInOrderUpToTheLimit() async {
        let buffer = AsyncBuffer<Int>(limit: 5)
        for value in 0..<3 { #expect(!buffer.push(value)) }
        #expect(await buffer.next() == 0)
        #expect(await buffer.next() == 1)
        for value in 3..<7 { #expect(!buffer.push(value)) }
        #expect(buffer.push(7))
        #expect(buffer.push(8))
        #expect(buffer.droppedCount == 2)
        buffer.finish()
        var seen: [Int] = []
        while let value = await buffer.next() { seen.append(value) }
        #expect(seen == [4, 5, 6, 7, 8])
    }

    /// With a limit of one, each element replaces the one before, which is released at once.
    @Test func aLimitOfOneKeepsTheNewestOnly() async {
        final class Box: Sendable {}
        let buffer = AsyncBuffer<Box>(limit: 1)
        weak var first: Box?
        do {
            let box = Box()
            first = box
            buffer.push(box)
        }
        #expect(first != nil)
        let second = Box()
        buffer.push(second)
        #expect(first == nil)
        #expect(await buffer.next() === second)
    }
}
