extension Store {
    /// What a store keeps while it shows a past state: the present state, and the actions
    /// that arrived meanwhile.
    @usableFromInline
    struct Travel {
        var present: State
        var held: [EffectRuntime<Action>.Queued] = []
    }

    /// Whether the store shows a past state (see ``TimeMachine``).
    public var isTravelling: Bool { travel != nil }

    /// Shows a past state in place of the present one, which is kept. Until ``endTravel()``,
    /// actions — sent, or produced by effects — are held, not processed.
    func travel(to past: State) {
        if travel == nil { travel = Travel(present: storage.value) }
        show(past)
    }

    /// Puts the present state back and processes the actions held meanwhile, in order.
    func endTravel() {
        guard let travel else { return }
        self.travel = nil
        show(travel.present)
        guard !travel.held.isEmpty else { return }
        processing {
            for entry in travel.held where !tornDown {
                _ = process(entry.action, in: entry.group)
                runtime.processQueue { _ = process($0, in: $1) }
                runtime.leave(entry.group)
            }
        }
    }

    /// Holds an action that arrived while travelling. Returns the group it will run in.
    @usableFromInline
    func hold(_ action: Action, in group: EffectGroup?) -> EffectGroup {
        let group = group ?? runtime.makeGroup()
        runtime.enter(group)
        travel?.held.append(EffectRuntime.Queued(action: action, group: group))
        return group
    }

    /// Replaces the shown state, notifying observers and scoped stores as a commit does.
    private func show(_ state: State) {
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            _ = storage.take()
            storage.put(state)
        }
        if committedStates.hasSubscribers { committedStates.publish(state) }
        if !scopes.isEmpty { refreshScopes() }
    }
}
