import Substate

/// Search as you type over a local list of words: each keystroke restarts a debounce, and a
/// new search cancels the one in flight, so only the last query's results arrive.
public struct Search: Program, Codable, Equatable, Sendable {
    /// What the user typed.
    public var query = ""
    /// The results of the last search that finished.
    public var results: [String] = []
    /// The query those results are for.
    public var resultsQuery = ""
    /// Whether a search is waiting or running.
    public var isSearching = false
    /// How many searches ran to the end.
    public var completedSearches = 0

    /// An empty search.
    public init() {}

    /// What happens in a search.
    public enum Action: Codable, Equatable, Sendable {
        /// The user changed the query.
        case queryChanged(String)
        /// A search finished.
        case resultsArrived(query: String, [String])
    }

    /// What a search needs: the words, a clock, and the service's latency.
    public struct Environment: Sendable {
        /// The words to search.
        public var words: [String]
        /// The clock for the debounce and the latency.
        public var clock: any Clock<Duration>
        /// How long the user must pause before a search starts.
        public var debounce: Duration
        /// How long a search takes, as a slow service would.
        public var latency: Duration

        /// An environment.
        /// - Parameters:
        ///   - words: The words to search; ``Words/all`` by default.
        ///   - clock: The clock.
        ///   - debounce: The pause before a search.
        ///   - latency: How long a search takes.
        public init(
            words: [String] = Words.all, clock: any Clock<Duration>,
            debounce: Duration = .milliseconds(300), latency: Duration = .milliseconds(200)
        ) {
            self.words = words
            self.clock = clock
            self.debounce = debounce
            self.latency = latency
        }
    }

    /// The search's update.
    public static func update(
        state: consuming Search, environment: Environment, action: Action
    ) -> Update<Search, Action> {
        switch action {
        case .queryChanged(let query):
            state.query = query
            guard !query.isEmpty else {
                state.results = []
                state.resultsQuery = ""
                state.isSearching = false
                return Update(state: state, effect: .cancel(id: "search"))
            }
            state.isSearching = true
            return Update(state: state, effect: search(query, environment))
        case .resultsArrived(let query, let results):
            state.results = results
            state.resultsQuery = query
            state.isSearching = false
            state.completedSearches += 1
            return Update(state: state)
        }
    }

    private static func search(_ query: String, _ environment: Environment) -> Effect<Action> {
        func effect<C: Clock>(_ clock: C) -> Effect<Action> where C.Duration == Duration {
            let words = environment.words
            return Effect<Action>.run { send in
                try await clock.sleep(for: environment.latency)  // the service at work
                let needle = query.lowercased()
                let found = words.filter { $0.lowercased().hasPrefix(needle) }
                await send(.resultsArrived(query: query, found))
            }
            .debounce(id: "search", for: environment.debounce, clock: clock)
        }
        return effect(environment.clock)
    }
}
