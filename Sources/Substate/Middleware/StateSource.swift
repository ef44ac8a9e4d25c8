/// How middleware reads its store's state when it needs it, instead of keeping a copy of
/// the state after every action: a copy kept across the next update makes that update copy
/// whatever it changes in place (a state saver on a list of 100,000 rows would copy the list
/// per action).
///
/// A ``Store`` hands one to its middleware when it installs them (see ``_MiddlewareServices``).
/// The state is read on the store's isolation: at once when the caller is there (the main
/// actor), else through the store's effect inbox, which hands it over when the store next
/// drains its inbox, so that a test store's scheduler runs the hand-off as it runs effects.
/// Once the store is torn down or gone, the source hands out its last state at once, on any
/// thread.
@usableFromInline
package final class _StateSource<State>: @unchecked Sendable {
    // `@unchecked`: `read` is called and cleared on the store's isolation only; the store's
    // state is `Sendable`, so the values it returns may go to other threads.
    private var read: (() -> State)?
    /// The store's last state, once it is torn down or gone; read on any thread.
    private let last = Locked<_Sent<State>?>(nil)
    private let isOnIsolation: @Sendable () -> Bool
    private let post: @Sendable (_InboxCall) -> Void

    /// A source.
    /// - Parameters:
    ///   - read: The store's state, called on its isolation until ``disconnect(final:)``.
    ///   - isOnIsolation: Whether the caller is on the store's isolation.
    ///   - post: Puts a call in the store's inbox.
    package init(
        read: @escaping () -> State,
        isOnIsolation: @escaping @Sendable () -> Bool,
        post: @escaping @Sendable (_InboxCall) -> Void
    ) {
        self.read = read
        self.isOnIsolation = isOnIsolation
        self.post = post
    }

    /// Lets go of the store, which is torn down or going away: from now on the source hands
    /// out `state`, the store's last, on any thread. Called on the store's isolation, before
    /// the store's inbox drops the calls in it (which then answer with `state`).
    package func disconnect(final state: State) {
        last.withLock { $0 = _Sent(state) }
        read = nil
    }

    /// The store's last state, once it is torn down or gone.
    private var lastState: State? { last.withLock { $0?.value } }

    /// Runs `receive` with the state: now if the store is gone or the caller is on its
    /// isolation, else on its isolation when it next drains its inbox, or with its last
    /// state if it is torn down first. `receive` gets `nil` only if the inbox drops the call
    /// without the store being torn down.
    /// - Parameter receive: What to do with the state; on the store's isolation while it
    ///   runs, so that it can read what the store's hooks write at the same moment.
    func withState(_ receive: @escaping @Sendable (State?) -> Void) {
        if let state = lastState { return receive(state) }
        if isOnIsolation() { return receive(read?() ?? lastState) }
        post(
            _InboxCall(
                { [self] in receive(read?() ?? lastState) },
                dropped: { [self] in receive(lastState) }))
    }

    /// The state and what `body` reads with it, if the store is gone or the caller is on its
    /// isolation; `nil` elsewhere.
    func stateHere<Extra>(with body: () -> Extra) -> (State, Extra)? {
        if let state = lastState { return (state, body()) }
        guard isOnIsolation(), let read else { return nil }
        return (read(), body())
    }

    /// The state and what `body` reads with it on the store's isolation, waiting for the
    /// store to hand it over if the caller is elsewhere (its last state, once it is torn down
    /// or gone).
    ///
    /// The caller blocks while it waits: the store's isolation must not be waiting for the
    /// caller.
    func waitForState<Extra: Sendable>(
        with body: @escaping @Sendable () -> Extra
    ) -> (State, Extra)? {
        if isOnIsolation() { return stateHere(with: body) }
        // `nil` until the answer comes.
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
