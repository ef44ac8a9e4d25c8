/// How middleware reads its store's state when it needs it, instead of keeping a copy of
/// the state after every action: a copy kept across the next update makes that update copy
/// whatever it changes in place (a state saver on a list of 100,000 rows would copy the list
/// per action).
///
/// A ``Store`` hands one to its middleware when it installs them (see ``_MiddlewareSite``).
/// The state is read on the store's isolation: at once when the caller is there (the main
/// actor), else through the store's effect inbox, which hands it over when the store next
/// drains its inbox, so that a test store's scheduler runs the hand-off as it runs effects.
@usableFromInline
package final class _StateSource<State>: @unchecked Sendable {
    // `@unchecked`: `read` is called and replaced on the store's isolation only; the store's
    // state is `Sendable`, so the values it returns may go to other threads.
    private var read: () -> State?
    private let isOnIsolation: @Sendable () -> Bool
    private let post: @Sendable (_InboxCall) -> Void

    /// A source.
    /// - Parameters:
    ///   - read: The store's state, called on its isolation until ``disconnect(final:)``.
    ///   - isOnIsolation: Whether the caller is on the store's isolation.
    ///   - post: Puts a call in the store's inbox.
    package init(
        read: @escaping () -> State?,
        isOnIsolation: @escaping @Sendable () -> Bool,
        post: @escaping @Sendable (_InboxCall) -> Void
    ) {
        self.read = read
        self.isOnIsolation = isOnIsolation
        self.post = post
    }

    /// Lets go of the store, which is torn down or going away: from now on the source reads
    /// `state`, the store's last. Called on the store's isolation.
    package func disconnect(final state: State) {
        read = { state }
    }

    /// Runs `receive` with the state on the store's isolation: now if the caller is there,
    /// else when the store next drains its inbox. `receive` gets `nil` (on any thread) if the
    /// store goes away or is torn down first.
    /// - Parameter receive: What to do with the state; on the store's isolation when it has
    ///   one, so that it can read what the store's hooks write at the same moment.
    func withState(_ receive: @escaping @Sendable (State?) -> Void) {
        if isOnIsolation() {
            receive(read())
            return
        }
        post(_InboxCall({ [self] in receive(self.read()) }, dropped: { receive(nil) }))
    }

    /// The state and what `body` reads with it, if the caller is on the store's isolation;
    /// `nil` elsewhere.
    func stateHere<Extra>(with body: () -> Extra) -> (State, Extra)? {
        guard isOnIsolation() else { return nil }
        return read().map { ($0, body()) }
    }

    /// The state and what `body` reads with it on the store's isolation, waiting for the
    /// store to hand it over if the caller is elsewhere; `nil` if the store goes away first.
    ///
    /// The caller blocks while it waits: the store's isolation must not be waiting for the
    /// caller.
    func waitForState<Extra: Sendable>(
        with body: @escaping @Sendable () -> Extra
    ) -> (State, Extra)? {
        if isOnIsolation() { return stateHere(with: body) }
        // `nil` until the answer comes; the answer itself is `nil` if the store went away.
        let answer = WaitableLock<_Sent<(State, Extra)?>?>(nil)
        withState { state in answer.withLock { $0 = _Sent(state.map { ($0, body()) }) } }
        return answer.wait { $0 }.value
    }
}

/// A value that goes from the store's isolation to a waiting thread or task: the store's
/// state, which is `Sendable` (the saver's generic `State` does not say so).
struct _Sent<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
