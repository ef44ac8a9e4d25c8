import Substate
import SubstateTesting

/// A search field: typing debounces a search on the environment's clock.
struct Search: Equatable, Sendable {
    var query = ""
    var generation = 0
    var results: [String] = []
    var isSearching = false
}

enum SearchAction: Equatable, Sendable {
    case queryChanged(String)
    case debounced(generation: Int)
    case results([String])
    case pollTwice
    case tick
    case fail
    case failed(String)
    case sendTwo
}

struct SearchEnvironment: Sendable {
    var clock: any Clock<Duration>
    var delay: Duration = .milliseconds(300)
}

struct SearchFailure: Error {}

extension Search {
    static func update(
        state: consuming Search, environment: SearchEnvironment, action: SearchAction
    ) -> Update<Search, SearchAction> {
        switch action {
        case .queryChanged(let query):
            state.query = query
            state.generation += 1
            let generation = state.generation
            return Update(
                state: state,
                effect: .run { send in
                    try await environment.clock.sleep(for: environment.delay)
                    await send(.debounced(generation: generation))
                }
            )
        case .debounced(let generation):
            guard generation == state.generation, !state.query.isEmpty else {
                return Update(state: state)
            }
            state.isSearching = true
            let query = state.query
            return Update(
                state: state,
                effect: .run { send in await send(.results([query, query + "!"])) }
            )
        case .results(let results):
            state.isSearching = false
            state.results = results
            return Update(state: state)
        case .pollTwice:
            return Update(
                state: state,
                effect: .run { send in
                    for _ in 0..<2 {
                        try await environment.clock.sleep(for: .seconds(1))
                        await send(.tick)
                    }
                }
            )
        case .tick:
            state.generation += 1
            return Update(state: state)
        case .fail:
            return Update(
                state: state,
                effect: .run { _ in
                    throw SearchFailure()
                } catch: { _, send in
                    await send(.failed("search failed"))
                }
            )
        case .failed(let message):
            state.results = [message]
            return Update(state: state)
        case .sendTwo:
            return Update(state: state, effect: .send(contentsOf: [.tick, .tick]))
        }
    }
}

@MainActor
func makeSearchStore(clock: TestClock = TestClock(), testing tested: TestedStore = .store)
    -> TestStore<Search, SearchAction, SearchEnvironment>
{
    TestStore(
        state: Search(), environment: SearchEnvironment(clock: clock), update: Search.update,
        testing: tested)
}
