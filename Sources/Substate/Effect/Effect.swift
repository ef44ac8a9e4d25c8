/// Asynchronous work that an update asks the store to run, described as a value.
///
/// An update function is pure: it cannot fetch, sleep or print. Instead it returns an `Effect`
/// next to the new state, and the ``Store`` runs it. Every action the effect produces is fed
/// back through the update function, in the order the effect produced it, so that everything
/// that happens to the state is still an action.
///
/// ```swift
/// case .refresh:
///     state.isLoading = true
///     return Update(state: state, effect: .run { send in
///         let items = try await environment.api.items()
///         await send(.loaded(items))
///     } catch: { error, send in
///         await send(.failed(error.localizedDescription))
///     })
/// ```
///
/// `Effect` is a `Sendable` `AsyncSequence` of actions, so an effect can be iterated, combined
/// with other asynchronous sequences, and any asynchronous sequence of actions can become an
/// effect with ``init(_:)``.
///
/// ## How the store runs an effect
/// - ``none`` does nothing and costs nothing.
/// - ``send(_:)`` and ``send(contentsOf:)`` deliver their actions synchronously: the store
///   processes them right after the action that returned the effect, before `send` returns.
/// - ``run(priority:operation:catch:)`` and sequences run in a task of their own, off the main
///   actor. Their actions come back to the store in the order they were sent.
/// - ``merge(_:)-(Effect<Action>...)`` runs effects side by side; ``concatenate(_:)-(Effect<Action>...)`` runs
///   them one after another in a single task.
///
/// ## Errors
/// An error thrown inside a `run` operation is never dropped silently. If the effect has a
/// `catch` handler, the handler receives it and may send actions. Otherwise the store that runs
/// the effect passes it to its ``Store/effectErrorHandler``, which by default prints it to
/// standard error; `SubstateTesting`'s `TestStore` reports it as a test failure. An error thrown
/// once the effect was cancelled (a `CancellationError` from a sleep, say) is not reported:
/// cancellation is how effects normally end, and a cancelled effect's actions are dropped
/// anyway. When you iterate an effect yourself, the first unhandled error is thrown from the
/// iterator and ends the sequence.
public struct Effect<Action: Sendable>: Sendable {
    /// What the effect does, as a tree the store interprets without iterating.
    ///
    /// Seven cases, each one something the runtime does differently: nothing, actions now,
    /// work in a task, parts side by side, parts one after another, a part with a mark the
    /// runtime acts on (an id, a child's lifetime, an animation), and a part decided when it
    /// starts (cancellations, throttles). Every public operator is built on these.
    @usableFromInline
    indirect enum _Operation: Sendable {
        case none
        case actions([Action])
        /// Asynchronous work, run in a task of its own. `run` is work that ignores the
        /// context; operators such as `timeout` use it.
        case work(TaskPriority?, _Operation._Work)
        case merge([Effect])
        case concatenate([Effect])
        case marked(_EffectMark, Effect)
        /// Decided when the store starts it, with the store's registry at hand and the place
        /// of the program that returned it, to restate its ids with (`cancel`, `throttle`).
        /// Deciding may act on the registry (a cancellation does, and decides `none`).
        case deferred(@Sendable (EffectRegistry, EffectPlace) -> Effect)

        @usableFromInline typealias _Body = @Sendable (Send<Action>) async throws -> Void
        @usableFromInline typealias _Handler = @Sendable (any Error, Send<Action>) async -> Void
        @usableFromInline typealias _Work =
            @Sendable (
                Send<Action>, EffectContext, _ report: @escaping @Sendable (any Error) -> Void
            )
            async -> Void
    }

    @usableFromInline let _operation: _Operation

    @usableFromInline
    init(operation: _Operation) {
        self._operation = operation
    }

    /// An effect that does nothing.
    ///
    /// Returning `.none` costs nothing: the store starts no task for it.
    @inlinable
    public static var none: Effect { Effect(operation: .none) }

    /// Whether this effect is ``none``.
    @inlinable
    public var isNone: Bool {
        if case .none = _operation { return true }
        return false
    }

    /// An effect that delivers one action synchronously.
    ///
    /// The store processes the action right after the action whose update returned this
    /// effect, before the `send` that started it returns. Prefer calling the update logic
    /// directly where you can; use this to reuse another action's handling.
    /// - Parameter action: The action to deliver.
    /// - Returns: An effect that produces `action` once.
    public static func send(_ action: Action) -> Effect {
        Effect(operation: .actions([action]))
    }

    /// An effect that delivers several actions synchronously, in order.
    /// - Parameter actions: The actions to deliver.
    /// - Returns: An effect that produces `actions` in order.
    public static func send(contentsOf actions: some Sequence<Action>) -> Effect {
        let actions = Array(actions)
        return actions.isEmpty ? .none : Effect(operation: .actions(actions))
    }

    /// An effect that runs an asynchronous operation, which may send any number of actions.
    ///
    /// The operation runs in a task of its own, off the main actor. Each `await send(action)`
    /// hands the action to the store; the store processes the actions in the order they were
    /// sent. Once the effect is cancelled, further actions it sends are dropped.
    ///
    /// ```swift
    /// .run { send in
    ///     for await line in environment.lines() {
    ///         await send(.received(line))
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - priority: The priority of the task that runs the operation.
    ///   - operation: The work to do. It receives a ``Send`` to deliver actions with.
    ///   - handler: Receives an error the operation throws, and may send actions in response
    ///     (for example a failure action). Without a handler, the error goes to the store's
    ///     ``Store/effectErrorHandler``. An error thrown after the effect was cancelled is
    ///     passed to neither.
    /// - Returns: An effect that runs `operation`.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil
    ) -> Effect {
        Effect(
            operation: .work(priority) { send, _, report in
                await execute(operation, catch: handler, send: send, report: report)
            })
    }

    /// An effect that sends every element of an asynchronous sequence, in order.
    ///
    /// The sequence is iterated in a task of its own. An error the sequence throws is handled
    /// like an error thrown by ``run(priority:operation:catch:)`` without a handler.
    /// - Parameter sequence: The actions to send.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Action {
        self = .run { send in
            for try await action in sequence {
                await send(action)
            }
        }
    }
}
