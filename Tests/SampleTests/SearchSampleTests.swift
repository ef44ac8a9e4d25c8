import SearchCore
import Substate
import SubstateTesting
import Testing

@MainActor
@Suite struct SearchSampleTests {
    func makeStore() -> TestStore<Search, Search.Action, Search.Environment> {
        TestStore(
            state: Search(),
            environment: Search.Environment(
                words: ["pea", "peach", "peanut", "pear", "plum"], clock: TestClock(),
                debounce: .milliseconds(300), latency: .milliseconds(200)),
            update: Search.update)
    }

    @Test func typingFastSearchesOnceForTheLastQuery() {
        let store = makeStore()
        for query in ["p", "pe", "pea"] {
            store.send(.queryChanged(query)) {
                $0.query = query
                $0.isSearching = true
            }
            store.advance(by: .milliseconds(100))
        }
        store.advance(by: .milliseconds(199))  // 300 ms pause, then 200 ms of latency: not yet
        store.advance(by: .milliseconds(301))
        store.receive(.resultsArrived(query: "pea", ["pea", "peach", "peanut", "pear"])) {
            $0.results = ["pea", "peach", "peanut", "pear"]
            $0.resultsQuery = "pea"
            $0.isSearching = false
            $0.completedSearches = 1
        }
    }

    @Test func aKeystrokeDuringASearchCancelsIt() {
        let store = makeStore()
        store.send(.queryChanged("pe")) {
            $0.query = "pe"
            $0.isSearching = true
        }
        store.advance(by: .milliseconds(400))  // the search for "pe" is running
        store.send(.queryChanged("pea")) { $0.query = "pea" }
        store.advance(by: .milliseconds(500))
        store.receive(.resultsArrived(query: "pea", ["pea", "peach", "peanut", "pear"])) {
            $0.results = ["pea", "peach", "peanut", "pear"]
            $0.resultsQuery = "pea"
            $0.isSearching = false
            $0.completedSearches = 1
        }
    }

    @Test func clearingTheQueryCancelsTheSearch() {
        let store = makeStore()
        store.send(.queryChanged("p")) {
            $0.query = "p"
            $0.isSearching = true
        }
        store.send(.queryChanged("")) {
            $0.query = ""
            $0.isSearching = false
        }
        store.advance(by: .seconds(2))
    }

    @Test func theSampleShowsTheResultsOfTheLastQuery() throws {
        let (output, status) = try Products.run(
            "search", ["--type", "ch,che,cher", "--pause", "20"])
        #expect(status == 0)
        #expect(output.hasSuffix("results for \"cher\": cherry\n"))
    }
}
