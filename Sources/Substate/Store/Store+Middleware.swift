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
        let chain = (_middlewareChain ?? _MiddlewareChain(installed: []))
            .adding(middleware, token: nextMiddlewareToken)
        middleware.attach?(runtime.executor)
        _middlewareChain = chain
        return MiddlewareToken(id: nextMiddlewareToken)
    }

    /// Removes a middleware added with ``addMiddleware(_:)``. Removing it twice does nothing.
    /// - Parameter token: What ``addMiddleware(_:)`` returned.
    public func removeMiddleware(_ token: MiddlewareToken) {
        guard let chain = _middlewareChain?.removing(token: token.id) else { return }
        _middlewareChain = chain.isEmpty ? nil : chain
    }

    /// Tells every middleware that the store was torn down.
    func tearDownMiddleware() {
        guard let chain = _middlewareChain else { return }
        for middleware in chain._all { middleware.didTearDown?() }
    }
}

extension Store: @MainActor _MiddlewareHost {
    @inlinable var _hostState: State { _storage.value }
    @inlinable var _hostIsTornDown: Bool { _tornDown }
}
