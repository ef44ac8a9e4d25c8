import Substate
import SubstateTesting
import Testing

/// The search-as-you-type example of the Effects article, and its test.
struct SearchField: Equatable, Sendable {
    var query = ""
    var results: [String] = []
}

enum SearchFieldAction: Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded(query: String, results: [String])
    case searchFailed(query: String)
}

struct SearchFieldEnvironment: Sendable {
    var clock: any Clock<Duration>
    var search: @Sendable (String) async throws -> [String]
}

enum SearchFieldCancelID: Hashable, Sendable {
    case search
}

extension SearchField {
    static func update(
        state: consuming SearchField, environment: SearchFieldEnvironment,
        action: SearchFieldAction
    ) -> Update<SearchField, SearchFieldAction> {
        switch action {
        case .queryChanged(let query):
            state.query = query
            guard !query.isEmpty else {
                state.results = []
                return Update(state: state, effect: .cancel(id: SearchFieldCancelID.search))
            }
            return Update(
                state: state,
                effect: .run { send in
                    let results = try await environment.search(query)
                    await send(.resultsLoaded(query: query, results: results))
                } catch: { _, send in
                    await send(.searchFailed(query: query))
                }
                .debounce(
                    id: SearchFieldCancelID.search, for: .milliseconds(300),
                    clock: environment.clock))
        case .resultsLoaded(_, let results):
            state.results = results
            return Update(state: state)
        case .searchFailed:
            state.results = []
            return Update(state: state)
        }
    }
}

@MainActor
@Suite struct SearchAsYouTypeTests {
    /// A search service that answers after 200 ms on the test clock.
    static func environment(clock: TestClock) -> SearchFieldEnvironment {
        SearchFieldEnvironment(clock: clock) { query in
            try await clock.sleep(for: .milliseconds(200))
            return [query.uppercased()]
        }
    }

    @Test func onlyTheLatestQueryIsSearchedAndASlowSearchIsCancelled() {
        let clock = TestClock()
        let store = TestStore(
            state: SearchField(), environment: Self.environment(clock: clock),
            update: SearchField.update)

        store.send(.queryChanged("s")) { $0.query = "s" }
        store.advance(by: .milliseconds(100))
        store.send(.queryChanged("sw")) { $0.query = "sw" }  // restarts the debounce
        store.advance(by: .milliseconds(300))  // 400 ms: the search for "sw" starts
        store.advance(by: .milliseconds(100))  // 500 ms: it is still in flight…
        store.send(.queryChanged("swi")) { $0.query = "swi" }  // …and is cancelled
        store.advance(by: .milliseconds(499))  // 999 ms: "swi" is being searched
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(1))  // 1,000 ms: its results arrive
        store.receive(.resultsLoaded(query: "swi", results: ["SWI"])) {
            $0.results = ["SWI"]
        }
    }

    @Test func clearingTheQueryCancelsThePendingSearch() {
        let clock = TestClock()
        let store = TestStore(
            state: SearchField(results: ["OLD"]), environment: Self.environment(clock: clock),
            update: SearchField.update)
        store.send(.queryChanged("a")) { $0.query = "a" }
        store.advance(by: .milliseconds(350))
        store.send(.queryChanged("")) {
            $0.query = ""
            $0.results = []
        }
        store.advance(by: .seconds(1))
        #expect(store.runningEffectCount == 0)
    }

    @Test func aFailedSearchBecomesAnAction() {
        let store = TestStore(
            state: SearchField(),
            environment: SearchFieldEnvironment(clock: TestClock()) { _ in
                throw CancellationError()
            },
            update: SearchField.update)
        store.send(.queryChanged("x")) { $0.query = "x" }
        store.advance(by: .milliseconds(300))
        store.receive(.searchFailed(query: "x"))
    }
}
