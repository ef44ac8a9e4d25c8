extension Unmanaged {
    /// Calls `body` with the instance, without retaining it: the caller guarantees that
    /// something else holds it until `body` returns.
    ///
    /// The standard library's `_withUnsafeGuaranteedRef`, called through a function of this
    /// module: a closure written in a main-actor method and handed straight to it (a function
    /// of a module built without strict concurrency) is checked at run time to run on the
    /// main actor, a call to `swift_task_isCurrentExecutor` per use; handed to this function,
    /// it is not.
    @inlinable @inline(__always)
    func _withGuaranteedReference<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}
