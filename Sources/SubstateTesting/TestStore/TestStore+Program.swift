import Substate

/// The test store of a `Program`: `TestStoreOf<Todos>` for
/// `TestStore<Todos, Todos.Action, Void>`.
public typealias TestStoreOf<P: Program> = TestStore<P.State, P.Action, P.Environment>

extension TestStore {
    /// Creates a test store that runs a `Program` whose environment is `Void`.
    ///
    /// ```swift
    /// let store = TestStore(state: Checklist(), program: Checklist.self)
    /// ```
    /// - Parameters:
    ///   - state: The initial state.
    ///   - program: The program under test: `Checklist.self`.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`.
    ///   - testing: Which store the test drives: a `Store` (the default) or an
    ///     `IsolatedStore` (see ``TestedStore``).
    ///   - fileID: Where to report an effect of the store left running (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public convenience init<P: Program>(
        state: State,
        program: P.Type,
        middleware: [Middleware<State, Action>] = [],
        testing: TestedStore = .store,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where P.State == State, P.Action == Action, P.Environment == Void, Environment == Void {
        self.init(
            create: Update(state: state), environment: (), update: P._updateFunction,
            middleware: middleware, clocks: [],
            tested: testing,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a test store that runs a `Program` whose environment is `Void`, from an
    /// initial update.
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - program: The program under test.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`.
    ///   - testing: Which store the test drives: a `Store` (the default) or an
    ///     `IsolatedStore` (see ``TestedStore``).
    ///   - fileID: Where to report an effect of the initial update left running (filled in
    ///     for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public convenience init<P: Program>(
        create: Update<State, Action>,
        program: P.Type,
        middleware: [Middleware<State, Action>] = [],
        testing: TestedStore = .store,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where P.State == State, P.Action == Action, P.Environment == Void, Environment == Void {
        self.init(
            create: create, environment: (), update: P._updateFunction,
            middleware: middleware, clocks: [],
            tested: testing,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a test store that runs a `Program`.
    ///
    /// ```swift
    /// let store = TestStore(state: Search(), environment: .test, program: Search.self)
    /// ```
    ///
    /// A test store keeps the state each step was asserted against, to compare the next one
    /// with, so a change to a collection in the state copies it whichever form made the store;
    /// this form is here so that a test names the program as the app's `Store` does.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The environment, usually with test doubles.
    ///   - program: The program under test: `Checklist.self`.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`.
    ///   - clocks: The test clocks that ``advance(by:fileID:filePath:line:column:)`` moves;
    ///     by default every ``TestClock`` found in `environment`.
    ///   - testing: Which store the test drives: a `Store` (the default) or an
    ///     `IsolatedStore` (see ``TestedStore``).
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
        testing: TestedStore = .store,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            create: Update(state: state), environment: environment, update: P._updateFunction,
            middleware: middleware, clocks: clocks,
            tested: testing,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a test store that runs a `Program` from an initial update (see
    /// ``init(create:environment:update:middleware:clocks:testing:fileID:filePath:line:column:)``).
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The environment, usually with test doubles.
    ///   - program: The program under test.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`.
    ///   - clocks: The test clocks that ``advance(by:fileID:filePath:line:column:)`` moves;
    ///     by default every ``TestClock`` found in `environment`.
    ///   - testing: Which store the test drives: a `Store` (the default) or an
    ///     `IsolatedStore` (see ``TestedStore``).
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
        testing: TestedStore = .store,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            create: create, environment: environment, update: P._updateFunction,
            middleware: middleware, clocks: clocks,
            tested: testing,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
