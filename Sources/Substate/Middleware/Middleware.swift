/// Code that runs around a store's update function: it watches actions and states, or
/// intercepts actions before the update. Loggers, action timing, persistence and recording
/// are middleware; the update function stays pure.
///
/// ```swift
/// let store = Store(
///     state: App(), environment: .live, update: App.update,
///     middleware: [
///         .actionLogger(),
///         .intercept("no-op filter") { action, state in
///             action == .refresh && state.isLoading ? .drop : .forward
///         },
///     ])
/// ```
///
/// ## Order
/// For each action sent or produced by an effect, the store
/// 1. passes it through every interceptor, in the order of the list; an interceptor may
///    drop it, replace it, or add actions after it, and what it lets through goes on to the
///    next interceptor;
/// 2. for each action that came out, calls every `willProcess` hook, runs the update function
///    and commits the state, then calls every `didProcess` and `didChange` hook, in list order
///    (middleware added at run time with ``Store/addMiddleware(_:)`` come last).
///
/// ## What middleware may not do
/// A middleware never changes the state: it receives values, not the store's storage.
/// To change the state it sends an action, like anyone else; an action sent from a hook is
/// queued and processed after the current one. Hooks run inside the store's processing of an
/// action, so they should be quick: a slow hook delays every action. Hand slow work (writing
/// files, networking) to a task, as the persistence middleware does.
///
/// ## Isolation
/// Hooks run where the store runs: on the main actor for a ``Store``, on the store's actor
/// for an ``ActorStore``. A middleware is not `Sendable`, so the compiler keeps it with what
/// it touches: hooks made in main-actor code may use main-actor state and go to a ``Store``;
/// an ``ActorStore`` takes its middleware as `sending`, so hooks that capture something
/// another isolation uses (a main-actor object) are refused at compile time, and a recorder
/// handed to the store is used by the store alone from then on.
///
/// ## Cost
/// A store without middleware pays one check per action. A `didChange` hook receives the
/// state from before the update too, which costs the store a copy of the state per action
/// (cheap for small states; for a state holding big collections, the update's first change
/// to a collection then copies it). Prefer `didProcess` when the state after is enough.
public struct Middleware<State, Action> {
    /// The name, for messages and for the timing table.
    public let name: String
    @usableFromInline let _intercept: ((Action, State) -> Interception<Action>)?
    @usableFromInline let _willProcess: ((Action) -> Void)?
    @usableFromInline let _didProcess: ((Action, State) -> Void)?
    @usableFromInline let _didChange: ((Action, State, State) -> Void)?
    let didTearDown: (() -> Void)?
    /// Called when the middleware is installed in a store, with what the store offers
    /// (where it runs its effect tasks, how to read its state); returns the middleware to
    /// install: itself, or a form that the store's offer makes cheaper (a state saver that
    /// can read the state when a save is due keeps no copy of it per action).
    @usableFromInline package var install: ((_MiddlewareServices<State>) -> Middleware)?

    /// A middleware from any of the hooks.
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - intercept: Called with each action and the current state before the update;
    ///     returns what to do with the action.
    ///   - willProcess: Called right before the update function runs for an action.
    ///   - didProcess: Called with the action and the committed state after the update.
    ///   - didChange: Called with the action, the state before and the state after the update.
    ///   - didTearDown: Called once when the store is torn down (``Store/tearDown()``).
    public init(
        name: String,
        intercept: ((Action, State) -> Interception<Action>)? = nil,
        willProcess: ((Action) -> Void)? = nil,
        didProcess: ((Action, State) -> Void)? = nil,
        didChange: ((_ action: Action, _ before: State, _ after: State) -> Void)? =
            nil,
        didTearDown: (() -> Void)? = nil
    ) {
        self.name = name
        self._intercept = intercept
        self._willProcess = willProcess
        self._didProcess = didProcess
        self._didChange = didChange
        self.didTearDown = didTearDown
    }

    /// A middleware that intercepts actions before the update function.
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - body: Decides what to do with each action, given the current state.
    /// - Returns: The middleware.
    public static func intercept(
        _ name: String = "intercept",
        _ body: @escaping (Action, State) -> Interception<Action>
    ) -> Middleware {
        Middleware(name: name, intercept: body)
    }

    /// A middleware that watches each action with the state after it.
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - body: Called after each update with the action and the committed state.
    /// - Returns: The middleware.
    public static func observe(
        _ name: String = "observe", _ body: @escaping (Action, State) -> Void
    ) -> Middleware {
        Middleware(name: name, didProcess: body)
    }

    /// A middleware that watches each action with the states before and after it.
    ///
    /// It costs the store a copy of the state per action: see "Cost" above.
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - body: Called after each update with the action, the state before and the state
    ///     after.
    /// - Returns: The middleware.
    public static func observeChanges(
        _ name: String = "observe changes",
        _ body: @escaping (_ action: Action, _ before: State, _ after: State) -> Void
    ) -> Middleware {
        Middleware(name: name, didChange: body)
    }
}
