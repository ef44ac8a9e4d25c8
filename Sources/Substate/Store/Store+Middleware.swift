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
        var chain = middlewareChain ?? MiddlewareChain(installed: [])
        chain.add(middleware, token: nextMiddlewareToken)
        middleware.attach?(runtime.executor)
        middlewareChain = chain
        return MiddlewareToken(id: nextMiddlewareToken)
    }

    /// Removes a middleware added with ``addMiddleware(_:)``. Removing it twice does nothing.
    /// - Parameter token: What ``addMiddleware(_:)`` returned.
    public func removeMiddleware(_ token: MiddlewareToken) {
        guard var chain = middlewareChain else { return }
        chain.remove(token: token.id)
        middlewareChain = chain.isEmpty ? nil : chain
    }

    /// Runs an action through the interceptors, then processes each action that comes out
    /// with the hooks around the update.
    @inlinable
    func processThroughMiddleware(
        _ action: Action, in group: EffectGroup?, chain: MiddlewareChain<State, Action>
    ) -> EffectGroup? {
        // Time travel needs middleware (the time machine's), so a plain store never checks.
        if travel != nil { return hold(action, in: group) }
        guard chain.hasInterceptors else {
            return processWithHooks(action, in: group, chain: chain)
        }
        var actions = [action]
        for middleware in chain.all {
            guard let intercept = middleware.intercept else { continue }
            var passed: [Action] = []
            for action in actions {
                switch intercept(action, storage.value) {
                case .forward: passed.append(action)
                case .drop: continue
                case .replace(let replacements): passed += replacements
                }
            }
            actions = passed
        }
        var group = group
        for action in actions where !tornDown {
            group = processWithHooks(action, in: group, chain: chain)
        }
        return group
    }

    @inlinable
    func processWithHooks(
        _ action: Action, in group: EffectGroup?, chain: MiddlewareChain<State, Action>
    ) -> EffectGroup? {
        for middleware in chain.all { middleware.willProcess?(action) }
        let before = chain.needsStateBefore ? storage.value : nil
        let group = commit(action, in: group)
        for middleware in chain.all {
            middleware.didProcess?(action, storage.value)
            if let didChange = middleware.didChange, let before {
                didChange(action, before, storage.value)
            }
        }
        return group
    }

    /// Tells every middleware that the store was torn down.
    func tearDownMiddleware() {
        guard let chain = middlewareChain else { return }
        for middleware in chain.all { middleware.didTearDown?() }
    }
}
