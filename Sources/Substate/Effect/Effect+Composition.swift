extension Effect {
    /// Runs several effects side by side.
    ///
    /// Each effect's actions keep their order; actions of different effects interleave as they
    /// are produced. The merged effect ends when all of them have ended.
    /// - Parameter effects: The effects to run.
    /// - Returns: One effect that runs all of `effects`.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// Runs a collection of effects side by side.
    /// - Parameter effects: The effects to run.
    /// - Returns: One effect that runs all of `effects`.
    public static func merge(_ effects: some Sequence<Effect>) -> Effect {
        combine(effects, _Operation.merge) { operation in
            if case .merge(let inner) = operation { inner } else { nil }
        }
    }

    /// Runs this effect and another side by side.
    /// - Parameter other: The effect to run next to this one.
    /// - Returns: An effect that runs both.
    public func merge(with other: Effect) -> Effect {
        .merge(self, other)
    }

    /// Runs several effects one after another.
    ///
    /// Each effect starts when the previous one has ended, so all actions of the first come
    /// before any action of the second.
    /// - Parameter effects: The effects to run, in order.
    /// - Returns: One effect that runs `effects` in sequence.
    public static func concatenate(_ effects: Effect...) -> Effect {
        concatenate(effects)
    }

    /// Runs a collection of effects one after another.
    /// - Parameter effects: The effects to run, in order.
    /// - Returns: One effect that runs `effects` in sequence.
    public static func concatenate(_ effects: some Sequence<Effect>) -> Effect {
        combine(effects, _Operation.concatenate) { operation in
            if case .concatenate(let inner) = operation { inner } else { nil }
        }
    }

    /// Combines effects into one operation, leaving out `none` and flattening nested
    /// combinations of the same kind (`parts` recognises them): `none` for no effect, the
    /// effect itself for one.
    private static func combine(
        _ effects: some Sequence<Effect>,
        _ make: ([Effect]) -> _Operation,
        parts: (_Operation) -> [Effect]?
    ) -> Effect {
        var all: [Effect] = []
        for effect in effects {
            if effect.isNone { continue }
            if let inner = parts(effect._operation) {
                all.append(contentsOf: inner)
            } else {
                all.append(effect)
            }
        }
        switch all.count {
        case 0: return .none
        case 1: return all[0]
        default: return Effect(operation: make(all))
        }
    }

    /// Runs another effect after this one has ended.
    /// - Parameter next: The effect to run once this one has ended.
    /// - Returns: An effect that runs this one, then `next`.
    public func concatenate(with next: Effect) -> Effect {
        .concatenate(self, next)
    }

    /// Transforms every action the effect produces.
    ///
    /// This is how a child's effect becomes its parent's: map each child action into the
    /// parent action that wraps it.
    /// - Parameter transform: Converts each action. It runs in the effect's task.
    /// - Returns: An effect that produces the transformed actions, in the same order.
    /// - Complexity: O(1) for asynchronous work; O(*n*) for *n* synchronous actions.
    public func map<Mapped: Sendable>(
        _ transform: @escaping @Sendable (Action) -> Mapped
    ) -> Effect<Mapped> {
        adapted(actions: { $0.map(transform) }, send: { $0.map(transform) })
    }

    /// Keeps only the actions that satisfy a predicate.
    /// - Parameter isIncluded: Whether to deliver an action. It runs in the effect's task.
    /// - Returns: An effect that produces the included actions, in the same order.
    public func filter(_ isIncluded: @escaping @Sendable (Action) -> Bool) -> Effect {
        adapted(
            actions: { $0.filter(isIncluded) },
            send: { send in Send { action in if isIncluded(action) { await send(action) } } }
        )
    }

    /// Transforms every action, dropping those that transform to `nil`.
    /// - Parameter transform: Converts an action, or returns `nil` to drop it.
    /// - Returns: An effect that produces the transformed actions, in the same order.
    public func compactMap<Mapped: Sendable>(
        _ transform: @escaping @Sendable (Action) -> Mapped?
    ) -> Effect<Mapped> {
        adapted(
            actions: { $0.compactMap(transform) },
            send: { send in
                Send { action in if let mapped = transform(action) { await send(mapped) } }
            }
        )
    }

    /// The effect with its actions passed through an adapter: `actions` for synchronous
    /// actions, `send` for the `Send` of asynchronous work. Everything else — cancellation,
    /// ids, timing — is kept as it is.
    func adapted<Mapped: Sendable>(
        actions: @escaping @Sendable ([Action]) -> [Mapped],
        send adapt: @escaping @Sendable (Send<Mapped>) -> Send<Action>
    ) -> Effect<Mapped> {
        switch _operation {
        case .none:
            return .none
        case .actions(let list):
            return .send(contentsOf: actions(list))
        case .work(let priority, let work):
            return Effect<Mapped>(
                operation: .work(priority) { send, context, report in
                    await work(adapt(send), context, report)
                })
        case .merge(let effects):
            return Effect<Mapped>(
                operation: .merge(effects.map { $0.adapted(actions: actions, send: adapt) }))
        case .concatenate(let effects):
            return Effect<Mapped>(
                operation: .concatenate(effects.map { $0.adapted(actions: actions, send: adapt) }))
        case .marked(let mark, let inner):
            return Effect<Mapped>(
                operation: .marked(mark, inner.adapted(actions: actions, send: adapt)))
        case .deferred(let decide):
            return Effect<Mapped>(
                operation: .deferred { registry, place in
                    decide(registry, place).adapted(actions: actions, send: adapt)
                })
        }
    }

    /// The effect with every lifetime condition in it replaced by `lift(condition)`: how an
    /// embedding parent restates its child's conditions in terms of its own state. Returns
    /// the effect itself, allocating nothing, when it holds no condition.
    @usableFromInline
    func _lifted(_ lift: @escaping @Sendable (EffectLifetime) -> EffectLifetime) -> Effect {
        switch _operation {
        case .none, .actions, .work:
            return self
        case .merge(let effects):
            return Effect(operation: .merge(effects.map { $0._lifted(lift) }))
        case .concatenate(let effects):
            return Effect(operation: .concatenate(effects.map { $0._lifted(lift) }))
        case .marked(.lifetime(let lifetime), let inner):
            return Effect(operation: .marked(.lifetime(lift(lifetime)), inner._lifted(lift)))
        case .marked(let mark, let inner):
            return Effect(operation: .marked(mark, inner._lifted(lift)))
        case .deferred(let decide):
            return Effect(
                operation: .deferred { registry, place in decide(registry, place)._lifted(lift) })
        }
    }

    /// The effect of a child at `key`, with every cancellation id in it restated as an id
    /// inside that place (see ``EffectPlace``): what an embedding parent does to its child's
    /// effect. Ids met when the effect runs or starts (inside work, and in the parts decided
    /// then) are restated through the place the runtime passes them. Returns the effect
    /// itself, allocating nothing, when it holds no id.
    @usableFromInline
    func _placed(in key: _PendingEffectID) -> Effect {
        switch _operation {
        case .none, .actions:
            return self
        case .work(let priority, let work):
            return Effect(
                operation: .work(priority) { send, context, report in
                    await work(send, context.entering(key), report)
                })
        case .merge(let effects):
            return Effect(operation: .merge(effects.map { $0._placed(in: key) }))
        case .concatenate(let effects):
            return Effect(operation: .concatenate(effects.map { $0._placed(in: key) }))
        case .marked(.id(let id, let cancelInFlight), let inner):
            return Effect(
                operation: .marked(
                    .id(key._placing(id), cancelInFlight: cancelInFlight), inner._placed(in: key)))
        case .marked(let mark, let inner):
            return Effect(operation: .marked(mark, inner._placed(in: key)))
        case .deferred(let decide):
            return Effect(
                operation: .deferred { registry, place in
                    decide(registry, place.entering(key))._placed(in: key)
                })
        }
    }

    /// Whether the effect holds a cancellation id, or work or a decision that may meet one
    /// (see ``_placed(in:)``).
    @usableFromInline
    var _containsIDs: Bool {
        switch _operation {
        case .none, .actions:
            return false
        case .work, .deferred, .marked(.id, _):
            return true
        case .merge(let effects), .concatenate(let effects):
            return effects.contains { $0._containsIDs }
        case .marked(_, let inner):
            return inner._containsIDs
        }
    }

    /// Whether the effect holds a lifetime condition anywhere, or a decision that may return
    /// one (see ``_lifted(_:)``).
    @usableFromInline
    var _containsLifetime: Bool {
        switch _operation {
        case .none, .actions, .work:
            return false
        case .deferred, .marked(.lifetime, _):
            return true
        case .merge(let effects), .concatenate(let effects):
            return effects.contains { $0._containsLifetime }
        case .marked(_, let inner):
            return inner._containsLifetime
        }
    }
}
