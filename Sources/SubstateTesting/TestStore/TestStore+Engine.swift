import Substate

extension TestStore {
    /// Makes the store of `kind` (see ``TestedStore``), its effects on `scheduler`.
    static func makeEngine(
        _ kind: TestedStore,
        state: State,
        environment: Environment,
        update: @escaping UpdateFunction,
        middleware: [Middleware<State, Action>],
        scheduler: TestScheduler
    ) -> any TestDrivenStore<State, Action> {
        switch kind {
        case .store:
            Store(
                state: state, environment: environment, update: update,
                middleware: middleware, executor: scheduler)
        case .isolatedStore:
            IsolatedStore(
                state: state, environment: environment, update: update,
                middleware: middleware, effectErrorHandler: nil, executor: scheduler,
                isolation: MainActor.shared)
        }
    }
}
