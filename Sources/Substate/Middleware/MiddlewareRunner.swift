/// A store that runs actions through a middleware chain: ``Store`` on the main actor and
/// ``ActorStore``'s core on its actor. The chain's processing is written once, here, against
/// what the two stores have in common.
@usableFromInline
protocol _MiddlewareRunner<State, Action>: AnyObject {
    associatedtype State
    associatedtype Action

    /// The committed state, as hooks and interceptors receive it.
    var _middlewareState: State { get }
    /// Whether the store was torn down; actions an interceptor let through are dropped then.
    var _middlewareIsTornDown: Bool { get }
    /// Runs the update function for an action, commits its state and starts its effect.
    func commit(_ action: Action, in group: EffectGroup?) -> EffectGroup?
}

extension _MiddlewareRunner {
    /// ``_processThroughMiddleware(_:in:chain:)`` with a chain the caller holds: read without
    /// a retain (an atomic pair per send). Here and not in the main-actor store, where a
    /// closure handed to `_withUnsafeGuaranteedRef` (a function of a module built without
    /// strict concurrency) would be checked at run time to run on the main actor.
    @inlinable
    func _processThroughMiddleware(
        _ action: Action, in group: EffectGroup?,
        unretained chain: Unmanaged<_MiddlewareChain<State, Action>>
    ) -> EffectGroup? {
        chain._withUnsafeGuaranteedRef { chain in
            // Without interceptors, straight to the hooks: the other path's locals cost a
            // debug build their types' metadata on every call.
            chain._hasInterceptors
                ? _processThroughMiddleware(action, in: group, chain: chain)
                : _processWithHooks(action, in: group, chain: chain)
        }
    }

    /// Runs an action through the interceptors, then processes each action that comes out
    /// with the hooks around the update. Inlinable, as the rest of the send path, so that it
    /// is specialised for the program's types.
    @inlinable
    func _processThroughMiddleware(
        _ action: Action, in group: EffectGroup?, chain: _MiddlewareChain<State, Action>
    ) -> EffectGroup? {
        guard chain._hasInterceptors else {
            return _processWithHooks(action, in: group, chain: chain)
        }
        var actions = [action]
        for middleware in chain._all {
            guard let intercept = middleware._intercept else { continue }
            var passed: [Action] = []
            for action in actions {
                switch intercept(action, _middlewareState) {
                case .forward: passed.append(action)
                case .drop: continue
                case .replace(let replacements): passed += replacements
                }
            }
            actions = passed
        }
        var group = group
        for action in actions where !_middlewareIsTornDown {
            group = _processWithHooks(action, in: group, chain: chain)
        }
        return group
    }

    @inlinable
    func _processWithHooks(
        _ action: Action, in group: EffectGroup?, chain: _MiddlewareChain<State, Action>
    ) -> EffectGroup? {
        guard chain._needsStateBefore else {
            chain._willProcess?(action)
            let group = commit(action, in: group)
            chain._didProcess?(action, _middlewareState)
            return group
        }
        for middleware in chain._all { middleware._willProcess?(action) }
        let before = _middlewareState
        let group = commit(action, in: group)
        for middleware in chain._all {
            middleware._didProcess?(action, _middlewareState)
            middleware._didChange?(action, before, _middlewareState)
        }
        return group
    }
}
