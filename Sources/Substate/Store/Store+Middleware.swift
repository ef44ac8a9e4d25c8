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

    /// Runs an action through the interceptors, then processes each action that comes out
    /// with the hooks around the update. Inlinable, as the rest of the send path, so that it
    /// is specialised for the program's types.
    @inlinable
    func _processThroughMiddleware(
        _ action: Action, in group: EffectGroup?, chain: _MiddlewareChain<State, Action>
    ) -> EffectGroup? {
        guard chain._hasInterceptors else {
            return processWithHooks(action, in: group, chain: chain)
        }
        var actions = [action]
        for middleware in chain._all {
            guard let intercept = middleware._intercept else { continue }
            var passed: [Action] = []
            for action in actions {
                switch intercept(action, _storage.value) {
                case .forward: passed.append(action)
                case .drop: continue
                case .replace(let replacements): passed += replacements
                }
            }
            actions = passed
        }
        var group = group
        for action in actions where !_tornDown {
            group = processWithHooks(action, in: group, chain: chain)
        }
        return group
    }

    @inlinable
    func processWithHooks(
        _ action: Action, in group: EffectGroup?, chain: _MiddlewareChain<State, Action>
    ) -> EffectGroup? {
        guard chain._needsStateBefore else {
            chain._willProcess?(action)
            let group = commit(action, in: group)
            chain._didProcess?(action, _storage.value)
            return group
        }
        for middleware in chain._all { middleware._willProcess?(action) }
        let before = chain._needsStateBefore ? _storage.value : nil
        let group = commit(action, in: group)
        for middleware in chain._all {
            middleware._didProcess?(action, _storage.value)
            if let didChange = middleware._didChange, let before {
                didChange(action, before, _storage.value)
            }
        }
        return group
    }

    /// Tells every middleware that the store was torn down.
    func tearDownMiddleware() {
        guard let chain = _middlewareChain else { return }
        for middleware in chain._all { middleware.didTearDown?() }
    }
}
