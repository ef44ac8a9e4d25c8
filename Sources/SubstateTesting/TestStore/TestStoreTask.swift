/// The effects that one ``TestStore/send(_:assert:fileID:filePath:line:column:)`` started.
///
/// Cancel it to simulate what ends an effect in the app, such as a view disappearing:
///
/// ```swift
/// let timer = store.send(.startTimer) { $0.isTiming = true }
/// store.advance(by: .seconds(1))
/// store.receive(.tick) { $0.seconds = 1 }
/// timer.cancel()
/// ```
public struct TestStoreTask: Sendable {
    let cancelEffects: @Sendable () -> Void
    let checkRunning: @Sendable () -> Bool

    /// Cancels the effects, and runs the scheduler so that they end before this returns.
    /// Actions they had produced but the store had not processed are dropped.
    public func cancel() {
        cancelEffects()
    }

    /// Whether any of the effects is still running.
    public var isRunning: Bool {
        checkRunning()
    }
}
