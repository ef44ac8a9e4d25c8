import Substate

/// `nav.pushpop.1k`: pushing a screen and popping it through a store, with 1,000 screens
/// under it; the baseline is the same with 10 screens under it, so the ratio says whether a
/// push and a pop cost the same at any depth (the goal: O(1) in the stack's depth).
@MainActor
enum NavigationCases {
    /// A screen: a small program with a counter.
    struct Page: Program, Equatable, Sendable {
        var visits = 0
        enum Action: Sendable { case visit }
        static func update(
            state: consuming Page, environment: Void, action: Action
        ) -> Update<Page, Action> {
            state.visits += 1
            return Update(state: state)
        }
    }

    /// A stack of pages.
    struct Pages: Program, Equatable, Sendable {
        var path: ScreenStack<Page>
        enum Action: Sendable { case path(StackAction<Page>) }
        static func update(
            state: consuming Pages, environment: Void, action: Action
        ) -> Update<Pages, Action> {
            switch action {
            case .path(let action): .child(action, in: state, at: \.path, as: Action.path)
            }
        }
    }

    /// Nanoseconds per push-visit-pop at depth 1,000 and at depth 10, and the resident
    /// memory before and after the run at depth 1,000.
    static func pushPop(operations: Int, rounds: Int) -> (
        deep: Double, shallow: Double, before: Int, after: Int
    ) {
        var before = 0
        var after = 0
        let measured = compare(rounds: rounds, operations: operations) {
            let store = store(depth: 1_000)
            before = Memory.current().residentBytes
            let elapsed = run(store, operations: operations)
            after = Memory.current().residentBytes
            return elapsed
        } baseline: {
            run(store(depth: 10), operations: operations)
        }
        return (measured.subject, measured.baseline, before, after)
    }

    static func store(depth: Int) -> Store<Pages, Pages.Action, Void> {
        Store(
            state: Pages(path: ScreenStack(Array(repeating: Page(), count: depth))),
            environment: (), program: Pages.self)
    }

    static func run(_ store: Store<Pages, Pages.Action, Void>, operations: Int) -> Double {
        let depth = store.state.path.count
        let elapsed = time {
            for _ in 0..<operations {
                store.send(.path(.push(Page())))
                store.send(.path(.screen(store.state.path.lastID!, .visit)))
                store.send(.path(.pop))
            }
        }
        precondition(store.state.path.count == depth, "the stack did not come back")
        return elapsed
    }
}
