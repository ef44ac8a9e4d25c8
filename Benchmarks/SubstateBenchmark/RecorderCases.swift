import Substate

/// `flight.*` cases: what a `FlightRecorder` (the last 1,000 actions, a state kept every
/// 100) adds to each action, against the same store without one.
@MainActor
enum RecorderCases {
    static func counter(operations: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let recorder = FlightRecorder<Counter, CounterAction>(
                initialState: Counter(), clock: ContinuousClock())
            let store = Store(
                state: Counter(), environment: (), update: Counter.update,
                middleware: [recorder.middleware()])
            return counting(store, operations: operations)
        } baseline: {
            let store = Store(state: Counter(), environment: (), update: Counter.update)
            return counting(store, operations: operations)
        }
    }

    /// The same on the 100,000-row list: each kept state makes the store's next toggle copy
    /// the list once.
    static func toggle(size: Int, operations: Int, rounds: Int) -> (Double, Double) {
        let indices = (0..<operations).map { ($0 &* 7919) % size }
        return compare(rounds: rounds, operations: operations) {
            let recorder = FlightRecorder<Checklist, ChecklistAction>(
                initialState: Checklist(count: size), clock: ContinuousClock())
            let store = Store(
                state: Checklist(count: size), environment: (), program: Checklist.self,
                middleware: [recorder.middleware()])
            return toggling(store, at: indices)
        } baseline: {
            let store = Store(
                state: Checklist(count: size), environment: (), program: Checklist.self)
            return toggling(store, at: indices)
        }
    }

    private static func counting(
        _ store: Store<Counter, CounterAction, Void>, operations: Int
    ) -> Double {
        time {
            for index in 0..<operations {
                if index % 100 == 0 { arm { _ = store.state } }
                store.send(.increment)
            }
        }
    }

    private static func toggling(_ store: StoreOf<Checklist>, at indices: [Int]) -> Double {
        time {
            for (position, index) in indices.enumerated() {
                if position % 100 == 0 { arm { _ = store.state } }
                store.send(.toggle(index: index))
            }
        }
    }
}
