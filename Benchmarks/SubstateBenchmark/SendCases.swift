import Substate

/// `send.*` cases: the cost of `store.send` against in-place mutation of an `@Observable`.
@MainActor
enum SendCases {
    static func counter(operations: Int, rounds: Int, rearmEvery: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let store = Store(state: Counter(), environment: (), update: Counter.update)
            return time {
                for index in 0..<operations {
                    if index % rearmEvery == 0 { arm { _ = store.state } }
                    store.send(.increment)
                }
            }
        } baseline: {
            let model = CounterModel()
            return time {
                for index in 0..<operations {
                    if index % rearmEvery == 0 { arm { _ = model.count } }
                    model.count += 1
                }
            }
        }
    }

    static func toggle(size: Int, operations: Int, rounds: Int) -> (Double, Double) {
        let indices = (0..<operations).map { ($0 &* 7919) % size }
        return compare(rounds: rounds, operations: operations) {
            let store = Store(
                state: Checklist(count: size), environment: (), program: Checklist.self
            )
            return time {
                for (position, index) in indices.enumerated() {
                    if position % 100 == 0 { arm { _ = store.state } }
                    store.send(.toggle(index: index))
                }
            }
        } baseline: {
            let model = ChecklistModel(count: size)
            return time {
                for (position, index) in indices.enumerated() {
                    if position % 100 == 0 { arm { _ = model.items } }
                    model.items[index].isDone.toggle()
                }
            }
        }
    }
}
