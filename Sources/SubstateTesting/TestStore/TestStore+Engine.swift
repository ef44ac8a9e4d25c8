import Substate

extension TestStore {
    /// The store a test store drives (see ``TestedStore``): what the test store asks of it,
    /// written once for both.
    @MainActor
    enum Engine {
        case store(Store<State, Action, Environment>)
        case isolated(IsolatedStore<State, Action, Environment>)

        /// Makes the store of `kind`, its effects on `scheduler`, and sets `probe` to watch it.
        init(
            _ kind: TestedStore,
            state: State,
            environment: Environment,
            update: @escaping UpdateFunction,
            middleware: [Middleware<State, Action>],
            scheduler: TestScheduler
        ) {
            switch kind {
            case .store:
                self = .store(
                    Store(
                        state: state, environment: environment, update: update,
                        middleware: middleware, executor: scheduler))
            case .isolatedStore:
                self = .isolated(
                    IsolatedStore(
                        state: state, environment: environment, update: update,
                        middleware: middleware, effectErrorHandler: nil, executor: scheduler,
                        isolation: MainActor.shared))
            }
        }

        var state: State {
            switch self {
            case .store(let store): store.state
            case .isolated(let store): store.state
            }
        }

        func watch(with probe: any StoreProbe<Action>) {
            switch self {
            case .store(let store): store.probe = probe
            case .isolated(let store): store.probe = probe
            }
        }

        func send(_ action: Action) -> StoreTask {
            switch self {
            case .store(let store): store.send(action)
            case .isolated(let store): store.send(action)
            }
        }

        func begin(with effect: Effect<Action>) {
            switch self {
            case .store(let store): store.begin(with: effect)
            case .isolated(let store): store.begin(with: effect)
            }
        }

        /// Processes what effects delivered; whether anything was.
        func drainInbox() -> Bool {
            switch self {
            case .store(let store): store.drainInbox()
            case .isolated(let store): store.drainInbox()
            }
        }

        /// Drains the inbox (as ``drainInbox()``) without keeping the store: for the
        /// scheduler's idle handler, which outlives the test store. `false` once it went.
        var drainWithoutKeeping: @MainActor () -> Bool {
            switch self {
            case .store(let store): { [weak store] in store?.drainInbox() ?? false }
            case .isolated(let store): { [weak store] in store?.drainInbox() ?? false }
            }
        }

        func cancelEffects() {
            switch self {
            case .store(let store): store.cancelEffects()
            case .isolated(let store): store.cancelEffects()
            }
        }

        func tearDown() {
            switch self {
            case .store(let store): store.tearDown()
            case .isolated(let store): store.tearDown()
            }
        }

        func isRunning(_ record: EffectRecord) -> Bool {
            switch self {
            case .store(let store): store.isRunning(record)
            case .isolated(let store): store.isRunning(record)
            }
        }
    }
}
