/// Whether the part of the state that started an effect is still there: the condition under
/// which a child's effects may keep running. `Update.child` attaches one to the effects of a
/// child reached through an ``OptionalLens``, and every enclosing `Update.child` lifts it
/// through its own lens, so that the store can ask it of the root state after each action
/// and cancel the effects of children that are gone.
///
/// The check takes a pointer to the state it was made for; it is never called with another
/// type: ``isPresent(in:)`` compares the types first and answers `true` when they differ
/// (an effect that was mapped by hand rather than embedded with `Update.child`).
@usableFromInline
package final class EffectPresence: Sendable {
    @usableFromInline let stateType: ObjectIdentifier
    @usableFromInline let check: @Sendable (UnsafeRawPointer) -> Bool

    @usableFromInline
    init<State>(_: State.Type, check: @escaping @Sendable (UnsafePointer<State>) -> Bool) {
        stateType = ObjectIdentifier(State.self)
        self.check = { check($0.assumingMemoryBound(to: State.self)) }
    }

    /// Whether the part is present in `state`; `true` if the presence was made for another
    /// type of state.
    @inlinable
    package func isPresent<State>(in state: UnsafePointer<State>) -> Bool {
        guard stateType == ObjectIdentifier(State.self) else { return true }
        return check(UnsafeRawPointer(state))
    }

    /// The same condition, asked of a parent that holds the state through `lens`.
    @usableFromInline
    func lifted<Parent, State>(through lens: Lens<Parent, State>) -> EffectPresence {
        guard stateType == ObjectIdentifier(State.self) else { return self }
        return EffectPresence(Parent.self) { parent in
            withUnsafePointer(to: lens.get(parent.pointee)) { self.isPresent(in: $0) }
        }
    }

    /// The same condition, asked of a parent that may hold the state through `lens`: false
    /// when the state itself is missing.
    @usableFromInline
    func lifted<Parent, State>(through lens: OptionalLens<Parent, State>) -> EffectPresence {
        guard stateType == ObjectIdentifier(State.self) else { return self }
        return EffectPresence(Parent.self) { parent in
            guard let part = lens.get(parent.pointee) else { return false }
            return withUnsafePointer(to: part) { self.isPresent(in: $0) }
        }
    }
}
