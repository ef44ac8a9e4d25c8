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
        defer { nextMiddlewareToken += 1 }
        _middlewareChain.add(middleware, token: nextMiddlewareToken, executor: runtime.executor)
        return MiddlewareToken(id: nextMiddlewareToken)
    }

    /// Removes a middleware added with ``addMiddleware(_:)``. Removing it twice does nothing.
    /// - Parameter token: What ``addMiddleware(_:)`` returned.
    public func removeMiddleware(_ token: MiddlewareToken) {
        _middlewareChain.remove(token: token.id)
    }

}

extension Store: @MainActor _MiddlewareHost {
    @inlinable var _hostState: State { _storage.value }
    @inlinable var _hostIsTornDown: Bool { _tornDown }
}
