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
        Update(state: state, effect: Effect(operation: .presentation(presentation, effect)))
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
    public var presentation: (any UpdatePresentation)? {
        var last: (any UpdatePresentation)?
        effect.start(
            in: EffectScope(), deliver: { _ in }, spawn: { _, _ in }, present: { last = $0 })
        return last
    }
}
