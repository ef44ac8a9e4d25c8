import Substate

/// `memory.1M`: whether a store's memory stays flat over a long run.
enum MemoryCases {
    /// Sends 1,000,000 actions — nine increments for each action that starts a one-action
    /// effect — waiting for the effects every 10,000 actions, and samples the resident memory
    /// as it goes.
    /// - Returns: The resident bytes at the start, after the first tenth of the actions, the
    ///   most seen while running, and at the end.
    @MainActor
    static func million(operations: Int) async -> (start: Int, tenth: Int, peak: Int, end: Int) {
        let store = Store(state: Counter(), environment: (), update: Counter.update)
        let start = Memory.current().residentBytes
        var peak = start
        var tenth = start
        for index in 0..<operations {
            store.send(index % 10 == 9 ? .incrementLater : .increment)
            if index % 10_000 == 9_999 {
                await store.finishEffects()
                let resident = Memory.current().residentBytes
                peak = max(peak, resident)
                if index + 1 == operations / 10 { tenth = resident }
            }
        }
        await store.finishEffects()
        precondition(store.state.count == operations, "an action was lost")
        let end = Memory.current().residentBytes
        return (start, tenth, max(peak, end), end)
    }
}
