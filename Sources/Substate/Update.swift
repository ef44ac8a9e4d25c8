/// The result of an update: the new state, and the effect to run next.
///
/// An update function takes the current state, the environment and an action, and returns an
/// `Update`:
///
/// ```swift
/// static func update(
///     state: consuming Counter, environment: Environment, action: CounterAction
/// ) -> Update<Counter, CounterAction> {
///     switch action {
///     case .increment:
///         state.count += 1
///         return Update(state: state)
///     case .refresh:
///         return Update(state: state, effect: .run { send in
///             await send(.loaded(try await environment.api.count()))
///         })
///     case .loaded(let count):
///         state.count = count
///         return Update(state: state)
///     }
/// }
/// ```
///
/// Taking the state as `consuming` lets the update mutate it in place: the ``Store`` hands its
/// only copy over and takes the result back, so changing one element of a large array costs
/// the same as changing an integer. A plain (borrowed) `state` parameter works too, but then
/// `var state = state` copies any collection the update then modifies.
public struct Update<State, Action: Sendable> {
    /// The state after the update.
    public var state: State

    /// The effect the store runs after committing ``state``.
    public var effect: Effect<Action>

    /// An update that changes the state and runs no effect.
    /// - Parameter state: The new state.
    @inlinable
    public init(state: consuming State) {
        self.state = state
        self.effect = .none
    }

    /// An update that changes the state and runs an effect.
    /// - Parameters:
    ///   - state: The new state.
    ///   - effect: The effect to run once the state is committed.
    @inlinable
    public init(state: consuming State, effect: Effect<Action>) {
        self.state = state
        self.effect = effect
    }

    /// The same update, with another effect running next to its own.
    /// - Parameter effect: The effect to merge in. See ``Effect/merge(_:)-(Effect<Action>...)``.
    /// - Returns: An update with the same state and both effects.
    public func merging(_ effect: Effect<Action>) -> Update {
        Update(state: state, effect: .merge(self.effect, effect))
    }

    /// Runs a list of actions through an update function, in order, and merges their effects.
    ///
    /// Use it to express one action in terms of others, or to set up a state in tests:
    ///
    /// ```swift
    /// case .resetAndRefresh:
    ///     return .applying([.reset, .refresh], to: state, environment: environment,
    ///                      update: Counter.update)
    /// ```
    /// - Parameters:
    ///   - actions: The actions to apply, first to last.
    ///   - state: The state to start from.
    ///   - environment: The environment passed to each call of `update`.
    ///   - update: The update function.
    /// - Returns: The state after the last action, and the merge of every action's effect.
    ///   With no actions, `state` unchanged and no effect.
    /// - Complexity: *n* calls of `update`; the state is moved from one call to the next,
    ///   never copied.
    public static func applying<Environment>(
        _ actions: some Sequence<Action>,
        to state: consuming State,
        environment: Environment,
        update: (consuming State, Environment, Action) -> Update
    ) -> Update {
        var effects: [Effect<Action>] = []
        var current = state
        for action in actions {
            let next = update(consume current, environment, action)
            current = next.state
            if !next.effect.isNone { effects.append(next.effect) }
        }
        return Update(state: current, effect: .merge(effects))
    }
}

extension Update: Sendable where State: Sendable {}

/// Moves an update's state into `target` (uninitialized memory) and returns its effect, without
/// copying the state: each field is moved out of a temporary slot, which is then released
/// with nothing left to destroy. Copying `update.state` instead would retain every reference
/// inside the state (strings, arrays, nested children) and release them again right after.
@inlinable
func unpack<State, Action>(
    _ makeUpdate: () -> Update<State, Action>, stateInto target: UnsafeMutablePointer<State>
) -> Effect<Action> {
    withUnsafeTemporaryAllocation(of: Update<State, Action>.self, capacity: 1) { buffer in
        let slot = buffer.baseAddress!
        slot.initialize(to: makeUpdate())
        // The fields by their offsets, not by `pointer(to: \.state)`: unoptimised generic code
        // makes such a key path anew on every call (demangling its type, about 2 µs a send).
        // One value moved, not `moveInitialize(from:count: 1)`: for a type whose size is not a
        // multiple of its alignment (a struct ending in a `Bool`), that copies a whole stride,
        // past the end of a target that holds exactly one value (a local of a generic
        // function), which AddressSanitizer caught in a release build.
        let raw = UnsafeMutableRawPointer(slot)
        target.initialize(to: raw.assumingMemoryBound(to: State.self).move())
        return (raw + Update<State, Action>._effectOffset)
            .assumingMemoryBound(to: Effect<Action>.self).move()
    }
}

extension Update {
    /// Where ``effect`` lies in an update (``state`` is at its start): the stored properties of
    /// a struct are laid out in order, each at the next multiple of its alignment. Checked
    /// against `MemoryLayout.offset(of:)` by the tests and, with the internal checks on, on
    /// every call.
    @inlinable
    static var _effectOffset: Int {
        let alignment = MemoryLayout<Effect<Action>>.alignment
        let offset = (MemoryLayout<State>.size &+ alignment &- 1) & ~(alignment &- 1)
        #if SUBSTATE_INTERNAL_CHECKS
            precondition(
                MemoryLayout<Update>.offset(of: \.state) == 0
                    && MemoryLayout<Update>.offset(of: \.effect) == offset,
                "Substate: an update's fields are not where unpack reads them")
        #endif
        return offset
    }
}

extension Update {
    /// The same update, followed by actions delivered synchronously after it: an
    /// action-to-action "follow-up" that reads better than an effect.
    ///
    /// ```swift
    /// case .itemAdded(let item):
    ///     state.items.append(item)
    ///     return Update(state: state).followed(by: .save)
    /// ```
    /// - Parameter actions: The actions to process right after this update, in order.
    /// - Returns: An update with the same state whose effect also sends `actions`.
    public func followed(by actions: Action...) -> Update {
        merging(.send(contentsOf: actions))
    }
}
