extension Effect {
    /// Makes the effect cancellable by an id.
    ///
    /// Any `Hashable & Sendable` value is an id: a string, an enum case, a type's
    /// `ObjectIdentifier`, a child's `Identifiable` id. Two ids match when their values have
    /// the same type and are equal: `1 as Int` and `1 as Int8` are different ids (unlike
    /// `AnyHashable`, which would equate them). Ids are scoped to the store that runs the
    /// effect: two stores never cancel each other's effects.
    ///
    /// ```swift
    /// case .searchChanged(let query):
    ///     return Update(state: state, effect: .run { send in
    ///         await send(.results(try await environment.search(query)))
    ///     }
    ///     .cancellable(id: "search", cancelInFlight: true))  // take the latest
    /// case .cancelSearch:
    ///     return Update(state: state, effect: .cancel(id: "search"))
    /// ```
    ///
    /// Once an effect is cancelled, the actions it produces are dropped, including those it
    /// had produced but the store had not processed yet. Synchronous actions (``send(_:)``)
    /// are delivered at once and cannot be cancelled. Inside ``concatenate(_:)-(Effect<Action>...)``
    /// or another effect's task, an id names the whole task that runs it.
    /// - Parameters:
    ///   - id: The id to cancel the effect by.
    ///   - cancelInFlight: Whether to cancel effects already running under the same id before
    ///     this one starts: "take latest".
    /// - Returns: The same effect, cancellable by `id`.
    public func cancellable(
        id: some Hashable & Sendable, cancelInFlight: Bool = false
    ) -> Effect {
        guard !isNone || cancelInFlight else { return .none }
        return Effect(operation: .marked(.id(EffectID(id), cancelInFlight: cancelInFlight), self))
    }

    /// The same effect, cancellable by an id already erased (no second wrapping: the id
    /// stays equal to the one ``cancel(id:)`` makes from the same value).
    func cancellable(_ id: EffectID) -> Effect {
        Effect(operation: .marked(.id(id, cancelInFlight: false), self))
    }

    /// An effect that cancels the running effects with an id.
    ///
    /// Cancelling an id with no running effect does nothing.
    /// - Parameter id: The id given to ``cancellable(id:cancelInFlight:)``.
    /// - Returns: An effect that cancels when the store starts it, producing no action.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        cancelling([EffectID(id)])
    }

    /// An effect that cancels the running effects with any of several ids.
    /// - Parameter ids: The ids given to ``cancellable(id:cancelInFlight:)``.
    /// - Returns: An effect that cancels when the store starts it, producing no action.
    public static func cancel<ID: Hashable & Sendable>(ids: some Sequence<ID>) -> Effect {
        cancelling(ids.map(EffectID.init))
    }

    /// An effect that cancels every effect its store is running, with an id or without.
    public static var cancelAll: Effect {
        Effect(
            operation: .deferred { registry, _ in
                registry.cancelAll()
                return .none
            })
    }

    /// Cancels `ids`, restated in the place of the program that asks (see ``EffectPlace``),
    /// when the store starts the effect or the task that holds it reaches it.
    static func cancelling(_ ids: [EffectID]) -> Effect {
        Effect(
            operation: .deferred { registry, place in
                registry.cancel(ids: ids.map(place.id))
                return .none
            })
    }
}
