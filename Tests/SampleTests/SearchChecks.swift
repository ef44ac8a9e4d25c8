import SearchCore
import Substate
import SubstateTesting
import Testing

/// Random typing into the search sample: whatever is typed, and however long the pauses,
/// the results shown are the current query's, and no search outlives the query it is for.
@MainActor
@Suite struct SearchChecks {
    static let words = ["pea", "peach", "peanut", "pear", "plum"]

    /// Typing (a few letters of the words), deleting a letter, clearing.
    static func actions(_ state: Search) -> Gen<Search.Action> {
        Gen.oneOf(
            Gen.string(of: "pea", length: 0...3).map(Search.Action.queryChanged),
            state.query.isEmpty
                ? nil : Gen.constant(.queryChanged(String(state.query.dropLast()))),
            state.query.isEmpty ? nil : Gen.constant(.queryChanged(state.query + "c")))
    }

    /// What must hold in every state of a search.
    static func addInvariants<P: Program>(to check: ProgramCheck<P>) where P.State == Search {
        check.invariant("shown results are the current query's") { state in
            state.isSearching || state.query.isEmpty || state.resultsQuery == state.query
        }
        check.invariant("an empty query shows nothing and searches nothing") { state in
            !state.query.isEmpty || (state.results.isEmpty && !state.isSearching)
        }
        check.invariant("every result starts with its query") { state in
            state.results.allSatisfy { $0.hasPrefix(state.resultsQuery) }
        }
    }

    static func check() -> ProgramCheck<Search> {
        let check = ProgramCheck(
            state: Search(),
            environment: { Search.Environment(words: words, clock: TestClock()) },
            program: Search.self, actions: actions)
        addInvariants(to: check)
        check.runningEffects(atMost: { $0.isSearching ? 1 : 0 })
        return check
    }

    @Test func randomTypingShowsOnlyTheCurrentQuerysResults() {
        Self.check().run(seed: 1, sequences: 100, steps: 30)
    }
}
