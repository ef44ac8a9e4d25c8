import Synchronization

/// Whether the part of the state that started an effect is still there: the condition under
/// which a child's effects may keep running. `Update.child` attaches one to the effects of a
/// child reached through an ``OptionalLens``, and every enclosing `Update.child` lifts it
/// through its own lens, so that the store can ask it of the root state after each action
/// and cancel the effects of children that are gone.
///
/// The check is a typed closure, kept erased: asking it of a state of another type (an
/// effect with a child's lifetime that reached the store through a hand-written `map`
/// instead of `Update.child`) cannot be answered, and fails closed: the condition answers
/// `false`, so the effect is cancelled (or never starts) rather than outliving its child
/// unnoticed. A debug build says why on standard error, once per condition.
@usableFromInline
package final class EffectLifetime: Sendable {
    /// `@Sendable (UnsafePointer<State>) -> Bool`.
    @usableFromInline let _check: any Sendable
    /// The type of state the condition is asked of.
    let stateType: Any.Type
    private let warned = Atomic<Bool>(false)

    @usableFromInline
    package init<State>(_: State.Type, check: @escaping @Sendable (UnsafePointer<State>) -> Bool) {
        stateType = State.self
        self._check = check
    }

    /// Whether the part is alive in `state`; `false` if the lifetime was made for another
    /// type of state.
    @inlinable
    package func isAlive<State>(in state: UnsafePointer<State>) -> Bool {
        guard let check = _check as? @Sendable (UnsafePointer<State>) -> Bool else {
            _warnMismatch(State.self)
            return false
        }
        return check(state)
    }

    @usableFromInline
    func _warnMismatch(_ asked: Any.Type) {
        #if DEBUG
            guard !warned.exchange(true, ordering: .relaxed) else { return }
            writeToStandardError(
                "Substate: an effect bound to a child's lifetime (made for \(stateType)) reached a "
                    + "store of \(asked) without Update.child, so its lifetime cannot be checked; "
                    + "it is cancelled. Embed child effects with Update.child."
            )
        #endif
    }

    /// The same condition, asked of a parent that holds the state through `lens`.
    @usableFromInline
    func _lifted<Parent, State>(through lens: Lens<Parent, State>) -> EffectLifetime {
        EffectLifetime(Parent.self) { parent in
            withUnsafePointer(to: lens.get(parent.pointee)) { self.isAlive(in: $0) }
        }
    }

    /// The same condition, asked of a parent that may hold the state through `lens`: false
    /// when the state itself is missing.
    @usableFromInline
    func _lifted<Parent, State>(through lens: OptionalLens<Parent, State>) -> EffectLifetime {
        EffectLifetime(Parent.self) { parent in
            guard let part = lens.get(parent.pointee) else { return false }
            return withUnsafePointer(to: part) { self.isAlive(in: $0) }
        }
    }
}
