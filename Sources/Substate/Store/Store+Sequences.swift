extension Store {
    /// The states the store commits from now on, one after each processed action.
    ///
    /// For code that is not a SwiftUI view: servers, command-line tools, bridges to other
    /// systems. Each access creates a new subscription that starts buffering at once, so no
    /// state is missed between the access and the first iteration; iterate it from one task.
    /// The sequence ends when the store is torn down or deallocated, and when the iterating
    /// task is cancelled.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     print(state.count)
    /// }
    /// ```
    ///
    /// - Complexity: Free while nobody subscribes. A subscriber keeps each state until it
    ///   reads it, so the next update that modifies a shared collection copies it: with
    ///   subscribers, each action may cost O(state size).
    public var states: StoreSequence<State> {
        StoreSequence(_committedStates)
    }

    /// The actions the store processes from now on, in the order it processes them.
    ///
    /// Includes actions sent with ``send(_:)`` and actions produced by effects, each yielded
    /// after its update was committed. Actions the store ignores (after ``tearDown()``, or
    /// from cancelled effects) are not included. Each access creates a new subscription;
    /// see ``states`` for its lifetime.
    public var actions: StoreSequence<Action> {
        StoreSequence(_processedActions)
    }
}
