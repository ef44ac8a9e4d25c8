extension Update {
    /// The same update, carrying an animation: how the user interface should show its
    /// change (see ``UpdateAnimation``).
    ///
    /// ```swift
    /// case .panelToggled:
    ///     state.isPanelOpen.toggle()
    ///     return Update(state: state).animating(Fade())
    /// ```
    ///
    /// In SwiftUI, use SubstateUI's `animation(_:)`, which presents the change inside
    /// `withAnimation`. A child's animation goes with its effect into the parent's update
    /// (see `Update.child`).
    /// - Parameter animation: How to show the change.
    /// - Returns: An update with the same state and effect that carries `animation`.
    public func animating(_ animation: some UpdateAnimation) -> Update {
        Update(
            state: state, effect: Effect(operation: .marked(.animation(animation), effect)))
    }

    /// The animation this update carries, if any: the last one in its effect, as the store
    /// would use it.
    ///
    /// For tests of update functions:
    ///
    /// ```swift
    /// let update = Panel.update(state: Panel(), environment: (), action: .toggled)
    /// #expect(update.animation is Fade)
    /// ```
    ///
    /// Reading it runs nothing: it reads the effect's description, without starting any part
    /// of it or asking a throttle (which reads its clock) whether it would start.
    public var animation: (any UpdateAnimation)? {
        effect.lastAnimation
    }
}

extension Effect {
    /// The last animation the store would take when starting this effect: animations
    /// around the parts it starts synchronously, in order. The parts that run in a task commit
    /// nothing when they start, and a throttle's decision is not taken here.
    var lastAnimation: (any UpdateAnimation)? {
        switch _operation {
        case .none, .actions, .work, .concatenate, .deferred:
            return nil
        case .merge(let effects):
            return effects.reversed().lazy.compactMap(\.lastAnimation).first
        case .marked(.animation(let animation), let inner):
            return inner.lastAnimation ?? animation
        case .marked(_, let inner):
            return inner.lastAnimation
        }
    }
}
