import Foundation

extension Store {
    /// Adds a middleware to the running store, after all the others: Substate's escape hatch
    /// to watch a store from code that did not create it (a debugging panel, a test).
    ///
    /// It sees the actions processed from now on. Adding or removing middleware from inside
    /// a hook takes effect from the next action.
    /// - Parameter middleware: The middleware.
    /// - Returns: A token for ``removeMiddleware(_:)``.
    @discardableResult
    public func addMiddleware(_ middleware: Middleware<State, Action>) -> MiddlewareToken {
        core.addMiddleware(middleware, at: _middlewareServices)
    }

    /// Removes a middleware added with ``addMiddleware(_:)``. Removing it twice does nothing.
    /// - Parameter token: What ``addMiddleware(_:)`` returned.
    public func removeMiddleware(_ token: MiddlewareToken) {
        core.removeMiddleware(token)
    }

    /// What the store offers the middleware it installs: its effect executor, and its state
    /// on demand, read on the main actor (at once from there, else through the effect inbox).
    /// Whether the caller is on the main actor is asked of the main queue, which runs the
    /// main actor (on Linux on a thread of its own, not the main thread).
    @usableFromInline
    var _middlewareServices: _MiddlewareServices<State> {
        _MiddlewareServices(executor: runtime.executor, source: _stateSource)
    }

    /// The one source of the store's state for its middleware, made when first needed. It
    /// holds the store `unowned` (a weak reference would give the store a side table, after
    /// which every retain of it takes the runtime's slow path) and lets go of it when the
    /// store is torn down or goes away (``releaseResources()``), from then on handing out the
    /// store's last state.
    var _stateSource: _StateSource<State> {
        if let source = _stateSourceIfMade { return source }
        let inbox = runtime.inbox
        let source = _StateSource(
            read: { [unowned self] in MainActor.assumeIsolated { self._presentState } },
            isOnIsolation: { _MainQueue.isCurrent },
            post: { inbox.post($0) })
        _stateSourceIfMade = source
        return source
    }

    /// The present state: the committed state, or the one kept aside while the store shows a
    /// past state (see ``TimeMachine``).
    @usableFromInline
    var _presentState: State { _travel?.present ?? _storage.value }
}
