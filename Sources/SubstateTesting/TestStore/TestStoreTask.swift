/// The work that one ``TestStore/send(_:assert:fileID:filePath:line:column:)`` started: its
/// effects, and the effects started by the actions they produced (the test store's view of
/// the `StoreTask` the real store returned).
///
/// Cancel it to simulate what ends an effect in the app, such as a view disappearing:
///
/// ```swift
/// let timer = store.send(.startTimer) { $0.isTiming = true }
/// store.advance(by: .seconds(1))
/// store.receive(.tick) { $0.seconds = 1 }
/// timer.cancel()
/// ```
@MainActor
public struct TestStoreTask: Sendable {
    let cancelWork: @MainActor () -> Void
    let isFinished: @MainActor () -> Bool

    /// Cancels the work, and runs the scheduler so that its effects end before this returns.
    /// Actions they had produced but the store had not processed are dropped.
    public func cancel() {
        cancelWork()
    }

    /// Whether any of the work is still running: an effect, or an action it queued.
    public var isRunning: Bool {
        !isFinished()
    }
}
