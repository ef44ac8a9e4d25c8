extension Update {
    /// The update of a child that asks to be dismissed: the presentation or stack that holds
    /// it removes it, without the child or its parent declaring an action for it.
    ///
    /// ```swift
    /// case .saved:
    ///     return .dismiss(state)
    /// ```
    ///
    /// A child presented with ``PresentationAction`` (a sheet, a destination) or pushed on a
    /// ``ScreenStack`` is dismissed by its parent's `Update.child`, which sends the parent
    /// `.dismiss` (or `.popFrom(id)` for a screen) right after this update. The parent sees
    /// that action with the child's last state still in place, so it can save or refresh,
    /// and then the child is gone and its effects end. An effect that finishes the child's
    /// work (a save) sends the child an action whose update returns this.
    ///
    /// The request goes up through the programs that embed the child (an enum of screens,
    /// a panel inside a sheet) to the nearest presentation or stack screen that holds it, and
    /// dismisses that one, as SwiftUI's `dismiss` action does. A request that reaches the
    /// store (nothing presents the program) is dropped; a debug build says so on standard
    /// error.
    /// - Parameter state: The child's last state.
    /// - Returns: An update with the state that asks its presentation to dismiss it.
    public static func dismiss(_ state: consuming State) -> Update {
        Update(
            state: state,
            effect: Effect(operation: .marked(.dismiss(_DismissingProgram(State.self)), .none)))
    }

    /// Whether this update asks for the program to be dismissed (see ``dismiss(_:)``).
    ///
    /// For tests of update functions:
    ///
    /// ```swift
    /// #expect(Editor.update(state: editor, environment: (), action: .saved).isDismissal)
    /// ```
    public var isDismissal: Bool { effect._asksToDismiss }
}

extension Effect {
    /// Whether the update that returned this effect asked to be dismissed: a dismissal mark
    /// among the parts the store would start synchronously.
    @usableFromInline
    var _asksToDismiss: Bool {
        switch _operation {
        case .none, .actions, .work, .concatenate, .deferred:
            return false
        case .merge(let effects):
            return effects.contains { $0._asksToDismiss }
        case .marked(.dismiss, _):
            return true
        case .marked(_, let inner):
            return inner._asksToDismiss
        }
    }

    /// The effect without its dismissal marks: what a presentation or stack embeds once it
    /// has taken the request, so that it never reaches the parent's own presenter.
    @usableFromInline
    var _withoutDismissal: Effect {
        switch _operation {
        case .none, .actions, .work, .concatenate, .deferred:
            return self
        case .merge(let effects):
            return .merge(effects.map(\._withoutDismissal))
        case .marked(.dismiss, let inner):
            return inner._withoutDismissal
        case .marked(let mark, let inner):
            return Effect(operation: .marked(mark, inner._withoutDismissal))
        }
    }
}

/// Says, in a debug build, each time, that a dismissal reached a store: the program that
/// asked for it is not presented by a ``PresentationAction`` or a ``ScreenStack``. It names
/// the program and, where the store knows it, the action that led to it.
@usableFromInline
package func _warnUnhandledDismissal(_ program: _DismissingProgram, after action: Any?) {
    #if DEBUG
        let after = action.map { " (after \(Dump.text(of: $0)))" } ?? ""
        writeToStandardError(
            "Substate: \(Dump.name(of: program.type)) asked to be dismissed (Update.dismiss)"
                + "\(after), but nothing presents it: only a child embedded with "
                + "PresentationAction or on a ScreenStack can be dismissed. The request is "
                + "dropped.")
    #endif
}
