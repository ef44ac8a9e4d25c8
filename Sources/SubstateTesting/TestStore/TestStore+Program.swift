import Substate

extension TestStore {
    /// Creates a test store that runs a `Program`: the same as
    /// ``init(state:environment:update:middleware:clocks:fileID:filePath:line:column:)``.
    ///
    /// A test store keeps the state each step was asserted against, to compare the next one
    /// with, so a change to a collection in the state copies it whichever form made the store;
    /// this form is here so that a test can name the program as the app's `Store` does.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The environment, usually with test doubles.
    ///   - program: The program under test: `Checklist.self`.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`.
    ///   - clocks: The test clocks that ``advance(by:fileID:filePath:line:column:)`` moves;
    ///     by default every ``TestClock`` found in `environment`.
    ///   - fileID: Where to report an effect of the store left running (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public convenience init<P: Program>(
        state: State,
        environment: Environment,
        program: P.Type,
        middleware: [Middleware<State, Action>] = [],
        clocks: [TestClock]? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            create: Update(state: state), environment: environment, update: P._updateFunction,
            middleware: middleware, clocks: clocks,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a test store that runs a `Program` from an initial update (see
    /// ``init(create:environment:update:middleware:clocks:fileID:filePath:line:column:)``).
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The environment, usually with test doubles.
    ///   - program: The program under test.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`.
    ///   - clocks: The test clocks that ``advance(by:fileID:filePath:line:column:)`` moves;
    ///     by default every ``TestClock`` found in `environment`.
    ///   - fileID: Where to report an effect of the initial update left running (filled in
    ///     for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public convenience init<P: Program>(
        create: Update<State, Action>,
        environment: Environment,
        program: P.Type,
        middleware: [Middleware<State, Action>] = [],
        clocks: [TestClock]? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            create: create, environment: environment, update: P._updateFunction,
            middleware: middleware, clocks: clocks,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
