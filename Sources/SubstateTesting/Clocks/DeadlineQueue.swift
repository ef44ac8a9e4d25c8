/// A binary min-heap of sleepers' deadlines, ordered by deadline, then by the order they went
/// to sleep. Entries of cancelled sleepers stay until they reach the top and are skipped.
struct DeadlineQueue {
    struct Entry {
        var deadline: TestClock.Instant
        var sequence: Int

        func precedes(_ other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }

    private var heap: [Entry] = []

    var first: Entry? { heap.first }

    mutating func insert(deadline: TestClock.Instant, sequence: Int) {
        heap.append(Entry(deadline: deadline, sequence: sequence))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        guard !heap.isEmpty else { return }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
