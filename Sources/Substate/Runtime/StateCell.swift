/// Holds a store's state in memory the store owns, so that it can be moved out into the update
/// function and moved back without ever existing twice (which would make the update's first
/// write to a shared collection copy it).
@usableFromInline
final class _StateCell<State> {
    @usableFromInline let _pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    /// Whether the state is in the cell (it is out while the update function runs). Set and
    /// read on every send by short accesses that never overlap: unchecked for exclusivity at
    /// run time.
    @usableFromInline @exclusivity(unchecked) var _holdsValue = true

    @usableFromInline
    init(_ state: consuming State) {
        _pointer.initialize(to: state)
    }

    /// The state, read in place.
    @inlinable var value: State {
        if !_holdsValue {
            _misuse(_impureReadMessage)
        }
        return _pointer.pointee
    }

    /// Where the state is, to read in place (a field of it, without copying the rest).
    @inlinable var pointer: UnsafePointer<State> {
        if !_holdsValue {
            _misuse(_impureReadMessage)
        }
        return UnsafePointer(_pointer)
    }

    /// Moves the state out; the cell is empty until ``put(_:)``.
    @inlinable func take() -> State {
        if !_holdsValue {
            _misuse(
                """
                Substate: an action was processed while an update was running. Update functions must be \
                pure: they may not use the store.
                """)
        }
        _holdsValue = false
        return _pointer.move()
    }

    /// Moves a state in.
    @inlinable func put(_ state: consuming State) {
        _pointer.initialize(to: state)
        _holdsValue = true
    }

    deinit {
        if _holdsValue { _pointer.deinitialize(count: 1) }
        _pointer.deallocate()
    }
}

/// What a read of the state during an update stops with.
@usableFromInline
let _impureReadMessage = """
    Substate: the state was read while an update was running. Update functions must be \
    pure: they may not use the store.
    """
