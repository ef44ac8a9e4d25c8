extension Store {
    /// What a store keeps while it shows a past state: the present state. (The actions that
    /// arrive meanwhile are held by the runtime.)
    @usableFromInline
    struct _Travel {
        var present: State
    }

    /// Whether the store shows a past state (see ``TimeMachine``).
    public var isTravelling: Bool { _travel != nil }

    /// Shows a past state in place of the present one, which is kept. Until ``endTravel()``,
    /// actions — sent, or produced by effects — are held by the runtime, not processed.
    func travel(to past: State) {
        if _travel == nil {
            _travel = _Travel(present: _storage.value)
            runtime.startHolding()
        }
        show(past)
    }

    /// Puts the present state back and processes the actions held meanwhile, in order (see
    /// ``EffectRuntime/releaseHeld()``).
    func endTravel() {
        guard let travel = _travel else { return }
        self._travel = nil
        show(travel.present)
        runtime.releaseHeld()
    }

    /// Replaces the shown state, notifying observers and scoped stores as a commit does.
    private func show(_ state: State) {
        _ = _storage.take()
        _storage.put(state)
        if _committedStates._hasSubscribers { _committedStates._publish(state) }
        _observation.publish(_storage.pointer, of: self)
    }
}
