import Substate

/// `actor.*` cases: programs on stores of their own actors (``ActorStore``).
enum ActorCases {
    /// `actor.parallel`: eight stores, each sent an eighth of the increments by a task of
    /// its own, all at once; baseline: one store sent all of them by one task. Nanoseconds per
    /// send, from the first send until every store is done: on N cores the eight stores
    /// should take about 1/N of the baseline's time.
    static func parallel(operations: Int, rounds: Int) async -> (Double, Double) {
        let storeCount = 8
        let perStore = operations / storeCount
        var best = (subject: Double.infinity, baseline: Double.infinity)
        for _ in 0..<rounds {
            let single = ActorStore(state: Counter(), environment: (), update: Counter.update)
            let baseline = await time {
                for _ in 0..<(perStore * storeCount) { await single.send(.increment) }
            }
            let total = await single.state.count
            precondition(total == perStore * storeCount, "a send was lost")
            best.baseline = min(best.baseline, baseline / Double(perStore * storeCount))

            let stores = (0..<storeCount).map { _ in
                ActorStore(state: Counter(), environment: (), update: Counter.update)
            }
            let subject = await time {
                await withTaskGroup(of: Void.self) { group in
                    for store in stores {
                        group.addTask {
                            for _ in 0..<perStore { await store.send(.increment) }
                        }
                    }
                }
            }
            for store in stores {
                let count = await store.state.count
                precondition(count == perStore, "a send was lost")
            }
            best.subject = min(best.subject, subject / Double(perStore * storeCount))
        }
        return best
    }
}
