// Debug builds only: optimised builds inline `unpack(_:stateInto:)` for the store's types.
#if DEBUG
    /// An update's two parts, reached through its type: what ``_UpdateUnpacker`` needs to take an
    /// update apart without naming `Update<State, Action>` in a generic context.
    @usableFromInline
    protocol _UpdateParts {
        associatedtype _State
        associatedtype _Action: Sendable
        /// Copies the state into `target` (uninitialized memory) and returns the effect.
        func _unpack(stateInto target: UnsafeMutablePointer<_State>) -> Effect<_Action>
    }

    extension Update: _UpdateParts {
        @inlinable
        func _unpack(stateInto target: UnsafeMutablePointer<State>) -> Effect<Action> {
            target.initialize(to: state)
            return effect
        }
    }

    /// Takes apart the updates a store commits, in debug builds: ``unpack(_:stateInto:)`` without
    /// a lookup of `Update<State, Action>`'s type metadata.
    ///
    /// Unoptimised generic code asks the runtime for the metadata of every generic type it holds
    /// a value of, each time: `unpack`, holding the update function's result, looked up
    /// `Update<State, Action>` on every action (a hashed cache lookup, about 350–475 instructions,
    /// a tenth of a debug `send`). A method of a generic class reads its type parameters from
    /// its object instead; a store makes this object once, with the update's type as `U`.
    @usableFromInline
    final class _UpdateUnpacker<U: _UpdateParts> {
        @usableFromInline
        init() {}

        /// Runs `makeUpdate`, copies its state into `target` and returns its effect.
        @inlinable
        func unpack(
            _ makeUpdate: () -> U, stateInto target: UnsafeMutablePointer<U._State>
        ) -> Effect<U._Action> {
            makeUpdate()._unpack(stateInto: target)
        }
    }
#endif
