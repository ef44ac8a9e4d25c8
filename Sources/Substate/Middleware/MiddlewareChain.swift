/// A store's middleware, in order: those it was created with, then those added at run time.
@usableFromInline
struct _MiddlewareChain<State, Action> {
    @usableFromInline var _all: [Middleware<State, Action>] = []
    /// The tokens of the middleware added at run time, parallel to the end of `_all`.
    var tokens: [Int] = []
    var installedCount = 0
    /// Whether a `didChange` hook needs the state from before each update.
    @usableFromInline var _needsStateBefore = false
    @usableFromInline var _hasInterceptors = false

    @usableFromInline
    init(installed: [Middleware<State, Action>]) {
        _all = installed
        installedCount = installed.count
        refresh()
    }

    mutating func add(_ middleware: Middleware<State, Action>, token: Int) {
        _all.append(middleware)
        tokens.append(token)
        refresh()
    }

    mutating func remove(token: Int) {
        guard let index = tokens.firstIndex(of: token) else { return }
        tokens.remove(at: index)
        _all.remove(at: installedCount + index)
        refresh()
    }

    var isEmpty: Bool { _all.isEmpty }

    private mutating func refresh() {
        _needsStateBefore = _all.contains { $0._didChange != nil }
        _hasInterceptors = _all.contains { $0._intercept != nil }
    }
}
