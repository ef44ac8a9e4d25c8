/// Steps a running store back and forth through the states it went through: Elm's
/// debugger, for a store.
///
/// ```swift
/// let machine = TimeMachine(store: store)
/// …                          // use the app
/// machine.stepBack()         // the store shows the state before the last action
/// machine.jump(to: 3)        // the state after the third action
/// machine.returnToPresent()  // back to now
/// ```
///
/// The machine adds a middleware to the store that keeps the state after each action, from
/// the moment it is created (at most `limit` states: the oldest are dropped).
///
/// ## While travelling
/// The store shows the past state: views and ``Store/state`` read it, observers and scoped
/// stores are told as for a commit. The present state is kept aside. Effects are
/// **suspended**: they go on running, but every action that arrives — from an effect or sent
/// by hand — is held, not processed, so nothing changes the past state on screen or starts
/// new effects. ``returnToPresent()`` puts the present state back and processes the held
/// actions in the order they arrived; their ``StoreTask``s finish then. Nothing is lost and
/// the present is exactly what it would have been.
///
/// A machine that is released while it shows the past returns the store to the present
/// first, and stops keeping states, as ``stop()`` does. Tearing the store down drops the held
/// actions: their ``StoreTask/finish()`` returns.
@MainActor
public final class TimeMachine<State: Equatable & Sendable, Action: Sendable, Environment> {
    private weak var store: Store<State, Action, Environment>?
    private var token: MiddlewareToken?
    private let limit: Int
    /// The states: the one the machine started from, then one after each action.
    private var states: [State]
    /// The actions, `states.count - 1` of them.
    private var recorded: [Action] = []
    /// How many steps were dropped at the start, to keep `limit`.
    private var dropped = 0

    /// The step shown while travelling; `nil` at the present.
    public private(set) var currentStep: Int?

    /// Starts keeping the states of a store.
    /// - Parameters:
    ///   - store: The store.
    ///   - limit: How many states to keep; the oldest are dropped.
    public init(store: Store<State, Action, Environment>, limit: Int = 10_000) {
        self.store = store
        self.limit = max(2, limit)
        states = [store.state]
        token = store.addMiddleware(
            Middleware(
                name: "time machine",
                didProcess: { [weak self] action, state in self?.keep(action, state) }))
    }

    /// The first step that can be shown (0 until states were dropped).
    public var firstStep: Int { dropped }

    /// The last step: the number of actions since the machine started.
    public var lastStep: Int { dropped + states.count - 1 }

    /// Whether the store shows a past state.
    public var isTravelling: Bool { currentStep != nil }

    /// The actions kept, oldest first: the action of step `firstStep + 1` comes first.
    public var actions: [Action] { recorded }

    /// Shows the state after a step (0: the state the machine started from). Jumping to
    /// ``lastStep`` shows the present state but stays travelling: use ``returnToPresent()``
    /// to go on.
    /// - Parameter step: The step, clamped to ``firstStep``…``lastStep``.
    public func jump(to step: Int) {
        guard let store else { return }
        let step = min(max(step, firstStep), lastStep)
        currentStep = step
        store.travel(to: states[step - dropped])
    }

    /// Shows the state one step earlier (from the present: before the last action).
    public func stepBack() {
        jump(to: (currentStep ?? lastStep) - 1)
    }

    /// Shows the state one step later; at the last step, returns to the present.
    public func stepForward() {
        guard let currentStep else { return }
        if currentStep >= lastStep {
            returnToPresent()
        } else {
            jump(to: currentStep + 1)
        }
    }

    /// Shows the present state again and processes the actions held while travelling.
    public func returnToPresent() {
        currentStep = nil
        store?.endTravel()
    }

    /// Stops keeping states, returning to the present first.
    public func stop() {
        returnToPresent()
        if let token { store?.removeMiddleware(token) }
        token = nil
    }

    isolated deinit {
        // Left travelling, the store would hold every later action forever.
        if currentStep != nil { store?.endTravel() }
        if let token { store?.removeMiddleware(token) }
    }

    private func keep(_ action: Action, _ state: State) {
        states.append(state)
        recorded.append(action)
        if states.count > limit {
            states.removeFirst()
            recorded.removeFirst()
            dropped += 1
        }
    }
}
