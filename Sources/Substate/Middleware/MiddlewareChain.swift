/// A store's middleware, in order: those it was created with, then those added at run time.
///
/// Immutable, and a class: a send reads it through one reference, instead of copying every
/// array of a struct; adding or removing middleware makes a new chain.
@usableFromInline
final class _MiddlewareChain<State, Action> {
    @usableFromInline let _all: [Middleware<State, Action>]
    /// The tokens of the middleware added at run time, parallel to the end of `_all`.
    let tokens: [Int]
    let installedCount: Int
    /// Whether a `didChange` hook needs the state from before each update.
    @usableFromInline let _needsStateBefore: Bool
    @usableFromInline let _hasInterceptors: Bool
    /// The `willProcess` hooks, in list order, as one closure, for the path without
    /// `didChange` hooks; `nil` when there is none. One hook is called as it is: a send pays
    /// one closure call, not an array's iteration with a retain of each hook.
    @usableFromInline let _willProcess: ((Action) -> Void)?
    /// The `didProcess` hooks, in list order, as one closure, for the same path.
    @usableFromInline let _didProcess: ((Action, State) -> Void)?

    @usableFromInline
    convenience init(installed: [Middleware<State, Action>]) {
        self.init(all: installed, tokens: [], installedCount: installed.count)
    }

    private init(all: [Middleware<State, Action>], tokens: [Int], installedCount: Int) {
        self._all = all
        self.tokens = tokens
        self.installedCount = installedCount
        _needsStateBefore = all.contains { $0._didChange != nil }
        _hasInterceptors = all.contains { $0._intercept != nil }
        // A single hook is kept as the middleware holds it. Not through an array or a generic
        // helper: each holds a closure as a value of a type parameter, behind a thunk that
        // returns `()` indirectly, and reading it back wraps it in another (two more calls,
        // and a retain of each thunk, per hook and send).
        var willProcess: ((Action) -> Void)?
        var willProcessCount = 0
        var didProcess: ((Action, State) -> Void)?
        var didProcessCount = 0
        for middleware in all {
            if let hook = middleware._willProcess {
                if willProcessCount == 0 { willProcess = hook }
                willProcessCount += 1
            }
            if let hook = middleware._didProcess {
                if didProcessCount == 0 { didProcess = hook }
                didProcessCount += 1
            }
        }
        _willProcess = willProcessCount > 1 ? Self.allWillProcess(all) : willProcess
        _didProcess = didProcessCount > 1 ? Self.allDidProcess(all) : didProcess
    }

    /// This chain with a middleware added at run time, at the end.
    func adding(_ middleware: Middleware<State, Action>, token: Int) -> _MiddlewareChain {
        _MiddlewareChain(
            all: _all + [middleware], tokens: tokens + [token], installedCount: installedCount)
    }

    /// This chain without the middleware added with `token`; itself if there is none.
    func removing(token: Int) -> _MiddlewareChain {
        guard let index = tokens.firstIndex(of: token) else { return self }
        var all = _all
        var tokens = tokens
        tokens.remove(at: index)
        all.remove(at: installedCount + index)
        return _MiddlewareChain(all: all, tokens: tokens, installedCount: installedCount)
    }

    var isEmpty: Bool { _all.isEmpty }

    /// The `willProcess` hooks of the middleware, called in order, as one closure.
    private static func allWillProcess(_ all: [Middleware<State, Action>]) -> (Action) -> Void {
        { action in
            for middleware in all { middleware._willProcess?(action) }
        }
    }

    /// The `didProcess` hooks of the middleware, called in order, as one closure.
    private static func allDidProcess(
        _ all: [Middleware<State, Action>]
    ) -> (Action, State) -> Void {
        { action, state in
            for middleware in all { middleware._didProcess?(action, state) }
        }
    }
}

/// What a store does to its chain when middleware is added or removed at run time, or the
/// store is torn down: written once for ``Store`` and the core of the stores off the main
/// actor, which each keep their own chain and token counter.
extension Optional {
    /// The chain of the middleware a store is created with, installed at `site`; `nil` when
    /// there is none.
    @usableFromInline
    static func installing<State, Action>(
        _ middleware: [Middleware<State, Action>], at site: _MiddlewareServices<State>
    ) -> Self where Wrapped == _MiddlewareChain<State, Action> {
        middleware.isEmpty
            ? nil : _MiddlewareChain(installed: middleware.map { $0.installed(at: site) })
    }

    /// Adds `middleware` at the end of the chain, under `token`, installed at `site`.
    mutating func add<State, Action>(
        _ middleware: Middleware<State, Action>, token: Int, at site: _MiddlewareServices<State>
    ) where Wrapped == _MiddlewareChain<State, Action> {
        self = (self ?? _MiddlewareChain(installed: [])).adding(
            middleware.installed(at: site), token: token)
    }

    /// Removes the middleware added under `token`; the chain becomes `nil` when nothing is
    /// left. An unknown token changes nothing.
    mutating func remove<State, Action>(token: Int)
    where Wrapped == _MiddlewareChain<State, Action> {
        guard let removed = self?.removing(token: token) else { return }
        self = removed.isEmpty ? nil : removed
    }

    /// Tells every middleware of the chain that its store was torn down.
    func tellTearDown<State, Action>()
    where Wrapped == _MiddlewareChain<State, Action> {
        guard let chain = self else { return }
        for middleware in chain._all { middleware.didTearDown?() }
    }
}

extension Middleware {
    /// The middleware to put in a store's chain: what its `install` makes of it at `site`.
    @usableFromInline
    func installed(at site: _MiddlewareServices<State>) -> Middleware {
        install?(site) ?? self
    }
}
