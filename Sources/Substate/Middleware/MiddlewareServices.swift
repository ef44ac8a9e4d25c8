/// What a store tells a middleware when it installs it: where the store runs its effect
/// tasks, and, for a ``Store``, how to read its state when the middleware needs it.
@usableFromInline
package struct _MiddlewareServices<State> {
    /// Where the store runs its effect tasks (`nil`: the global executor), so that work of
    /// the middleware's own (a state saver's timer) runs there too: on a test store's
    /// scheduler in tests.
    @usableFromInline package let executor: (any TaskExecutor)?
    /// How to read the store's state on demand; `nil` for a store that cannot hand it over
    /// (the stores off the main actor), whose middleware keep what they need from their hooks.
    @usableFromInline package let source: _StateSource<State>?

    package init(executor: (any TaskExecutor)?, source: _StateSource<State>?) {
        self.executor = executor
        self.source = source
    }
}
