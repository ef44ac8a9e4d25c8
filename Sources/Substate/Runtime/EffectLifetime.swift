import Synchronization

/// Whether the part of the state that started an effect is still there: the condition under
/// which a child's effects may keep running. `Update.child` attaches one to the effects of a
/// child reached through an ``OptionalLens``, and every enclosing `Update.child` lifts it
/// through its own lens, so that the store can ask it of the root state after each action
/// and cancel the effects of children that are gone.
///
/// The check is a typed closure, kept in a subclass for its type of state (made with
/// ``checking(_:_:)``) behind this erased class: asking it of a state of another type (an
/// effect with a child's lifetime that reached the store through a hand-written `map`
/// instead of `Update.child`) cannot be answered, and fails closed: the condition answers
/// `false`, so the effect is cancelled (or never starts) rather than outliving its child
/// unnoticed. A debug build says why on standard error, once per condition.
@usableFromInline
package class EffectLifetime: @unchecked Sendable {
    // Sendable: its state is immutable but for the atomic flag; the one subclass adds a
    // `@Sendable` closure.

    /// The type of state the condition is asked of.
    @usableFromInline let _stateType: Any.Type
    private let warned = Atomic<Bool>(false)

    @usableFromInline
    init(stateType: Any.Type) {
        _stateType = stateType
    }

    /// A condition on a `State`.
    @inlinable
    package static func checking<State>(
        _: State.Type, _ check: @escaping @Sendable (UnsafePointer<State>) -> Bool
    ) -> EffectLifetime {
        _StateLifetime(check)
    }

    /// Whether the part is alive in `state`; `false` if the lifetime was made for another
    /// type of state.
    ///
    /// The type is compared, and the check then called as the closure it is: no dynamic
    /// cast of an erased closure, whose function type unspecialised code (the store's check
    /// after each action, a condition lifted through a parent's lens) made at run time.
    @inlinable
    package final func isAlive<State>(in state: UnsafePointer<State>) -> Bool {
        guard _stateType == State.self else {
            _warnMismatch(State.self)
            return false
        }
        return unsafeDowncast(self, to: _StateLifetime<State>.self)._check(state)
    }

    @usableFromInline
    func _warnMismatch(_ asked: Any.Type) {
        #if DEBUG
            guard !warned.exchange(true, ordering: .relaxed) else { return }
            writeToStandardError(
                "Substate: an effect bound to a child's lifetime (made for \(_stateType)) reached a "
                    + "store of \(asked) without Update.child, so its lifetime cannot be checked; "
                    + "it is cancelled. Embed child effects with Update.child."
            )
        #endif
    }

    /// The same condition, asked of a parent that holds the state through `lens`.
    @usableFromInline
    func _lifted<Parent, State>(through lens: Lens<Parent, State>) -> EffectLifetime {
        .checking(Parent.self) { parent in
            withUnsafePointer(to: lens.get(parent.pointee)) { self.isAlive(in: $0) }
        }
    }

    /// The same condition, asked of a parent that may hold the state through `lens`: false
    /// when the state itself is missing.
    @usableFromInline
    func _lifted<Parent, State>(through lens: OptionalLens<Parent, State>) -> EffectLifetime {
        .checking(Parent.self) { parent in
            guard let part = lens.get(parent.pointee) else { return false }
            return withUnsafePointer(to: part) { self.isAlive(in: $0) }
        }
    }
}

/// The condition of an ``EffectLifetime`` made for a `State`.
@usableFromInline
final class _StateLifetime<State>: EffectLifetime, @unchecked Sendable {
    @usableFromInline let _check: @Sendable (UnsafePointer<State>) -> Bool

    @usableFromInline
    init(_ check: @escaping @Sendable (UnsafePointer<State>) -> Bool) {
        _check = check
        super.init(stateType: State.self)
    }
}
