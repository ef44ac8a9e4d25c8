extension Update {
    /// The same update, carrying a presentation: how the user interface should show its
    /// change (see ``UpdatePresentation``).
    ///
    /// ```swift
    /// case .panelToggled:
    ///     state.isPanelOpen.toggle()
    ///     return Update(state: state).presenting(Fade())
    /// ```
    ///
    /// In SwiftUI, use SubstateUI's `animation(_:)`, which presents the change inside
    /// `withAnimation`. A child's presentation goes with its effect into the parent's update
    /// (see `Update.child`).
    /// - Parameter presentation: How to show the change.
    /// - Returns: An update with the same state and effect that carries `presentation`.
    public func presenting(_ presentation: some UpdatePresentation) -> Update {
        Update(
            state: state, effect: Effect(operation: .marked(.presentation(presentation), effect)))
    }

    /// The presentation this update carries, if any: the last one in its effect, as the store
    /// would use it.
    ///
    /// For tests of update functions:
    ///
    /// ```swift
    /// let update = Panel.update(state: Panel(), environment: (), action: .toggled)
    /// #expect(update.presentation is Fade)
    /// ```
    ///
    /// Reading it runs nothing: it reads the effect's description, without starting any part
    /// of it or asking a throttle (which reads its clock) whether it would start.
    public var presentation: (any UpdatePresentation)? {
        effect.lastPresentation
    }
}

extension Effect {
    /// The last presentation the store would take when starting this effect: presentations
    /// around the parts it starts synchronously, in order. The parts that run in a task commit
    /// nothing when they start, and a throttle's decision is not taken here.
    var lastPresentation: (any UpdatePresentation)? {
        switch _operation {
        case .none, .actions, .work, .concatenate, .deferred:
            return nil
        case .merge(let effects):
            return effects.reversed().lazy.compactMap(\.lastPresentation).first
        case .marked(.presentation(let presentation), let inner):
            return inner.lastPresentation ?? presentation
        case .marked(_, let inner):
            return inner.lastPresentation
        }
    }
}
