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
        var parts: [Effect] = []
        for effect in effects {
            switch effect.operation {
            case .none: continue
            case .merge(let inner): parts.append(contentsOf: inner)
            default: parts.append(effect)
            }
        }
        switch parts.count {
        case 0: return .none
        case 1: return parts[0]
        default: return Effect(operation: .merge(parts))
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
        var parts: [Effect] = []
        for effect in effects {
            switch effect.operation {
            case .none: continue
            case .concatenate(let inner): parts.append(contentsOf: inner)
            default: parts.append(effect)
            }
        }
        switch parts.count {
        case 0: return .none
        case 1: return parts[0]
        default: return Effect(operation: .concatenate(parts))
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
        switch operation {
        case .none:
            return .none
        case .actions(let actions):
            return Effect<Mapped>(operation: .actions(actions.map(transform)))
        case .run(let priority, let body, let handler):
            let mappedBody: Effect<Mapped>.Operation.Body = { send in
                try await body(send.map(transform))
            }
            var mappedHandler: Effect<Mapped>.Operation.Handler?
            if let handler {
                mappedHandler = { error, send in await handler(error, send.map(transform)) }
            }
            return Effect<Mapped>(operation: .run(priority, mappedBody, mappedHandler))
        case .merge(let effects):
            return Effect<Mapped>(operation: .merge(effects.map { $0.map(transform) }))
        case .concatenate(let effects):
            return Effect<Mapped>(operation: .concatenate(effects.map { $0.map(transform) }))
        }
    }

    /// Whether this effect is ``none``.
    @inlinable public var isNone: Bool {
        if case .none = operation { return true }
        return false
    }
}
