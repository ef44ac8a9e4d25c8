/// A store's middleware, in order: those it was created with, then those added at run time.
@usableFromInline
struct MiddlewareChain<State, Action> {
    @usableFromInline var all: [Middleware<State, Action>] = []
    /// The tokens of the middleware added at run time, parallel to the end of `all`.
    var tokens: [Int] = []
    var installedCount = 0
    /// Whether a `didChange` hook needs the state from before each update.
    @usableFromInline var needsStateBefore = false
    @usableFromInline var hasInterceptors = false

    @usableFromInline
    init(installed: [Middleware<State, Action>]) {
        all = installed
        installedCount = installed.count
        refresh()
    }

    mutating func add(_ middleware: Middleware<State, Action>, token: Int) {
        all.append(middleware)
        tokens.append(token)
        refresh()
    }

    mutating func remove(token: Int) {
        guard let index = tokens.firstIndex(of: token) else { return }
        tokens.remove(at: index)
        all.remove(at: installedCount + index)
        refresh()
    }

    var isEmpty: Bool { all.isEmpty }

    private mutating func refresh() {
        needsStateBefore = all.contains { $0.didChange != nil }
        hasInterceptors = all.contains { $0.intercept != nil }
    }
}
