import Substate

/// `effect.*` cases: actions produced by effects against the same actions sent directly.
@MainActor
enum EffectCases {
    static func stream(operations: Int, rounds: Int) async -> (Double, Double) {
        var best = (subject: Double.infinity, baseline: Double.infinity)
        for _ in 0..<rounds {
            let baselineStore = Store(state: Counter(), environment: (), update: Counter.update)
            let baseline = time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = baselineStore.state } }
                    baselineStore.send(.increment)
                }
            }
            best.baseline = min(best.baseline, baseline / Double(operations))

            let store = Store(state: Counter(), environment: (), update: Counter.update)
            arm { _ = store.state }
            let subject = await time {
                await store.send(.stream(count: operations)).finish()
            }
            precondition(store.state.count == operations, "the stream lost actions")
            best.subject = min(best.subject, subject / Double(operations))
        }
        return best
    }
}
