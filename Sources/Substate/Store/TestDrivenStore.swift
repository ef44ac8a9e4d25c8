/// A store that `SubstateTesting`'s `TestStore` drives on the main actor, with its step delegate
/// and
/// its scheduler: a ``Store``, or an ``IsolatedStore`` that belongs to the main actor. What the
/// test store asks of the store it drives, once for both.
@MainActor
package protocol TestDrivenStore<State, Action>: AnyObject {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Sendable

    /// The current state.
    var state: State { get }
    /// Watches every step of the store (the test store itself).
    var stepDelegate: (any StoreStepDelegate<Action>)? { get set }
    /// Sends an action from the test, on the main actor.
    func sendFromTest(_ action: Action) -> StoreTask
    /// Starts the effect of an initial update.
    func begin(with effect: Effect<Action>)
    /// Processes what effects delivered; whether anything was.
    func drainInbox() -> Bool
    /// Cancels every effect.
    func cancelEffects()
    /// Tears the store down.
    func tearDown()
    /// Whether an effect task the store started is still running.
    func isRunning(_ running: RunningEffect) -> Bool
}

extension Store: TestDrivenStore {
    package func sendFromTest(_ action: Action) -> StoreTask {
        send(action)
    }
}

extension IsolatedStore: @MainActor TestDrivenStore {
    package func sendFromTest(_ action: Action) -> StoreTask {
        send(action, isolation: MainActor.shared)
    }
}
