import Observation

/// Holds a program's state, changes it only through its update function, and runs the
/// effects the updates ask for.
///
/// A store is created from an initial state, an environment (the program's dependencies:
/// clocks, clients, files) and a static, pure update function:
///
/// ```swift
/// let store = Store(state: Counter(), environment: .live, update: Counter.update)
/// store.send(.increment)
/// print(store.state.count)  // 1
/// ```
///
/// ## Sending actions
/// ``send(_:)`` runs the update function with the current state, commits the state it returns
/// and starts its effect, all before it returns. The actions that effects produce come back
/// through the same update function, in the order each effect produced them. An action sent
/// while the store is already processing one (from an observer, or from an error handler) is
/// queued and processed right after the current one, so the state is never changed
/// reentrantly.
///
/// `send` returns a ``StoreTask``: `await store.send(.load).finish()` waits until the work
/// that action caused has finished, which command-line programs and tests need.
///
/// ## Observing
/// `Store` is `Observable`: SwiftUI views and `withObservationTracking` that read ``state``
/// are told when it changes. ``states`` and ``actions`` are asynchronous sequences for code
/// that is not a view, such as servers and command-line tools.
///
/// ## Cost
/// The store never keeps a second copy of the state while updating it: it moves the state
/// into the update function and takes the result back, so an update that changes one element
/// of a 100,000-element array costs the same as one that increments a counter. Observers do
/// not pay for the size of the state either: see <doc:Observation> for exactly when they are
/// notified.
///
/// ## Lifetime
/// The store owns its effects. ``cancelEffects()`` cancels them all; ``tearDown()`` also
/// ends ``states`` and ``actions`` and makes later sends do nothing. A store that is
/// deallocated tears itself down. Effects hold no reference to their store, so a running
/// effect never keeps a store alive.
@MainActor
public final class Store<State: Equatable & Sendable, Action: Sendable, Environment>: Observable {
    /// The signature of an update function.
    ///
    /// The state parameter is `consuming` so that the store can move its only copy of the
    /// state in. An update function declared with a plain `State` parameter converts to this
    /// type too.
    public typealias UpdateFunction = (consuming State, Environment, Action) -> Update<
        State, Action
    >

    /// The state, moved out while the update function runs.
    @usableFromInline let storage: StateCell<State>
    /// `\.state`, made once: a key path of a generic class costs an allocation per literal.
    @usableFromInline let stateKeyPath: KeyPath<Store, State>
    @usableFromInline let environment: Environment
    @usableFromInline let updateFunction: UpdateFunction
    @usableFromInline let registrar = ObservationRegistrar()

    /// Whether an action is being processed: sends made now are queued.
    @usableFromInline var isProcessing = false
    @usableFromInline var queue: [Queued] = []
    @usableFromInline var queueHead = 0

    @usableFromInline let inbox = EffectInbox<Action>()
    @usableFromInline let registry = EffectRegistry()
    @usableFromInline let outstanding = EffectGroup()
    @usableFromInline let committedStates = Broadcast<State>()
    @usableFromInline let processedActions = Broadcast<Action>()

    /// Whether the store was torn down, by ``tearDown()``.
    ///
    /// A torn-down store keeps its last state but ignores every action sent to it and runs no
    /// effect.
    public var isTornDown: Bool { tornDown }
    @usableFromInline var tornDown = false

    /// Receives errors that effects threw and did not handle themselves.
    ///
    /// An effect created with ``Effect/run(priority:operation:catch:)`` and no `catch` handler
    /// reports its errors here, on the main actor. The default prints the error to standard
    /// error. Set your own to log it, or to turn it into an action with ``send(_:)``; such a
    /// send is processed like any other. Errors thrown by an effect after it was cancelled are
    /// not reported.
    public var effectErrorHandler: @MainActor (any Error) -> Void = { error in
        writeToStandardError("Substate: an effect failed with an error no handler caught: \(error)")
    }

    /// Creates a store from an initial state.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The dependencies the update function and its effects use.
    ///   - update: The update function: `(State, Environment, Action) -> Update`.
    @inlinable
    public init(
        state: State,
        environment: Environment,
        update: @escaping UpdateFunction
    ) {
        self.storage = StateCell(state)
        self.stateKeyPath = \Store.state
        self.environment = environment
        self.updateFunction = update
        inbox.onWake { [weak self] in
            Task { @MainActor in self?.drainInbox() }
        }
    }

    /// Creates a store from an initial update, whose effect starts at once.
    ///
    /// Use it to start work when the program starts, as Elm's `init` does:
    ///
    /// ```swift
    /// let store = Store(
    ///     create: Update(state: Feed(), effect: .send(.refresh)),
    ///     environment: .live,
    ///     update: Feed.update
    /// )
    /// ```
    /// Synchronous actions of the effect are processed before the initialiser returns.
    /// ``finishEffects()`` waits for the rest.
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The dependencies the update function and its effects use.
    ///   - update: The update function.
    public convenience init(
        create: Update<State, Action>,
        environment: Environment,
        update: @escaping UpdateFunction
    ) {
        self.init(state: create.state, environment: environment, update: update)
        let effect = create.effect
        guard !effect.isNone else { return }
        isProcessing = true
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            start(effect, in: EffectGroup())
            processQueue()
        }
        isProcessing = false
    }

    /// The current state.
    ///
    /// Read-only: the state changes only through ``send(_:)``. Reading it inside a SwiftUI
    /// view or `withObservationTracking` registers an observation of it.
    @inlinable public var state: State {
        registrar.access(self, keyPath: stateKeyPath)
        return storage.value
    }

    deinit {
        registry.close()
        inbox.close()
        outstanding.close()
        committedStates.finish()
        processedActions.finish()
    }
}

extension Store {
    /// An action waiting to be processed, and the work it belongs to.
    @usableFromInline
    struct Queued {
        @usableFromInline let action: Action
        @usableFromInline let group: EffectGroup

        @usableFromInline
        init(action: Action, group: EffectGroup) {
            self.action = action
            self.group = group
        }
    }
}
