extension Store {
    /// The states the store commits from now on, one after each processed action; a reader
    /// that falls behind gets the newest.
    ///
    /// For code that is not a SwiftUI view: servers, command-line tools, bridges to other
    /// systems. Each access creates a new subscription that starts buffering at once, so no
    /// commit is missed between the access and the first iteration; iterate it from one task.
    /// A state supersedes the ones before it: the subscription keeps the newest unread state
    /// only, so a reader slower than the store (a client that stops reading its socket) skips
    /// the states it missed and costs the memory of one state. The sequence ends when the
    /// store is torn down or deallocated, and when the iterating task is cancelled.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     print(state.count)
    /// }
    /// ```
    ///
    /// - Complexity: Free while nobody subscribes. A subscriber keeps the newest state until
    ///   it reads it, so the next update that modifies a shared collection copies it: with
    ///   subscribers, each action may cost O(state size).
    public var states: StoreSequence<State> {
        StoreSequence(_committedStates)
    }

    /// The actions the store processes from now on, in the order it processes them.
    ///
    /// Includes actions sent with ``send(_:)`` and actions produced by effects, each yielded
    /// after its update was committed. Actions the store ignores (after ``tearDown()``, or
    /// from cancelled effects) are not included. Each access creates a new subscription;
    /// see ``states`` for its lifetime. The subscription keeps up to 10,000 unread actions:
    /// a reader that falls further behind misses the oldest (a debug build says so on
    /// standard error, once per subscription), so memory stays bounded.
    public var actions: StoreSequence<Action> {
        StoreSequence(_processedActions)
    }
}
