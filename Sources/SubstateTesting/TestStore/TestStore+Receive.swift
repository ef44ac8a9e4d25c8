import Substate

extension TestStore where Action: Equatable {
    /// Asserts that the next action an effect produced is `expected`, and checks the state it
    /// led to.
    ///
    /// With ``Exhaustivity/off``, earlier actions that are not `expected` are skipped.
    /// - Parameters:
    ///   - expected: The action the test expects.
    ///   - updateExpected: Changes the previous state into the state the test expects.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func receive(
        _ expected: Action,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        receive(
            description: describe(expected), { $0 == expected }, updateExpected,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column),
            mismatch: { actual in
                "Received an unexpected action (- expected, + received):\n"
                    + (Diff.values(expected, actual) ?? describe(actual))
            }
        )
    }
}

extension TestStore {
    /// Asserts that the next action an effect produced matches a predicate, and checks the
    /// state it led to. Use it for actions that are not `Equatable`.
    ///
    /// With ``Exhaustivity/off``, earlier actions that do not match are skipped.
    /// - Parameters:
    ///   - predicate: Whether the action is the one the test expects.
    ///   - updateExpected: Changes the previous state into the state the test expects.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func receive(
        where predicate: (Action) -> Bool,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        receive(
            description: "an action matching the predicate", predicate, updateExpected,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column),
            mismatch: { actual in
                "Received \(describe(actual)), which does not match the predicate."
            }
        )
    }

    func receive(
        description: String,
        _ predicate: (Action) -> Bool,
        _ updateExpected: ((inout State) throws -> Void)?,
        location: Location,
        mismatch: (Action) -> String
    ) {
        runScheduler(at: location)
        if exhaustivity == .off {
            guard let index = received.firstIndex(where: { predicate($0.action) }) else {
                fail("Expected to receive \(description), but \(summary())", at: location)
                return
            }
            let skipped = received[..<index]
            received.removeFirst(index)
            if let last = skipped.last { assertedState = last.stateAfter }
        }
        guard !received.isEmpty else {
            fail("Expected to receive \(description), but \(summary())", at: location)
            return
        }
        let next = received.removeFirst()
        if !predicate(next.action) {
            fail(mismatch(next.action), at: location)
        }
        check(
            previous: assertedState, actual: next.stateAfter, updateExpected,
            location: location, step: "receive(\(describe(next.action)))")
        assertedState = next.stateAfter
        lastAnimation = next.animation
        runScheduler(at: location)
    }

    /// Why nothing could be received: which effects still run, if any.
    func summary() -> String {
        let running = runningEffects
        guard !running.isEmpty else {
            return "no action was received and no effect is running."
        }
        let asleep = clocks.reduce(0) { $0 + $1.sleeperCount }
        return "no action was received. Still running: "
            + running.map { "the effect of \(label($0.name))" }.joined(separator: ", ")
            + (asleep > 0
                ? ". \(asleep) task\(asleep == 1 ? " is" : "s are") asleep on a test clock: "
                    + "advance it."
                : ".")
    }
}

extension TestStore {
    /// Asserts that the next action an effect produced is `expected`, for actions that are not
    /// `Equatable`: a case without a payload matches that case, and a case with one matches
    /// when its dump (`Dump`) is the same as `expected`'s.
    ///
    /// To match a case whatever its payload, or to check its payload with a predicate, use
    /// `receive(Action.someCase)`.
    /// - Parameters:
    ///   - expected: The action the test expects.
    ///   - updateExpected: Changes the previous state into the state the test expects.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    @_disfavoredOverload
    public func receive(
        _ expected: Action,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let expectedText = Dump.text(of: expected)
        receive(
            description: describe(expected),
            { _EnumCase.sameCase($0, expected) && Dump.text(of: $0) == expectedText },
            updateExpected,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column),
            mismatch: { actual in
                "Received an unexpected action (- expected, + received):\n"
                    + (Diff.values(expected, actual) ?? describe(actual))
            }
        )
    }

    /// Asserts that the next action an effect produced is one case of the action enum, named
    /// by the case itself, whatever its payload; for actions that are not `Equatable` too.
    ///
    /// ```swift
    /// store.receive(Search.Action.response) {
    ///     $0.results = ["Swift"]
    /// }
    /// ```
    ///
    /// The case is read by reflection (see `OptionalLens.case(_:)`); a case of several
    /// values is named as the case too (`Action.moved`).
    /// - Parameters:
    ///   - embed: The case the test expects: `Action.response`.
    ///   - updateExpected: Changes the previous state into the state the test expects.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func receive<Payload>(
        _ embed: @escaping (Payload) -> Action,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        receive(
            embed, where: { _ in true }, assert: updateExpected, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }

    /// Asserts that the next action an effect produced is one case of the action enum with a
    /// payload equal to `payload`.
    ///
    /// ```swift
    /// store.receive(Search.Action.response, .success(["Swift"])) {
    ///     $0.results = ["Swift"]
    /// }
    /// ```
    /// - Parameters:
    ///   - embed: The case the test expects: `Action.response`.
    ///   - payload: The payload it must carry.
    ///   - updateExpected: Changes the previous state into the state the test expects.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func receive<Payload: Equatable>(
        _ embed: @escaping (Payload) -> Action,
        _ payload: Payload,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        receive(
            description: describe(embed(payload)),
            { _EnumCase.payload(of: $0, case: embed) == payload }, updateExpected,
            location: location,
            mismatch: { actual in
                "Received an unexpected action (- expected, + received):\n"
                    + (Diff.values(embed(payload), actual) ?? describe(actual))
            }
        )
    }

    /// Asserts that the next action an effect produced is one case of the action enum with a
    /// payload that passes a check.
    ///
    /// ```swift
    /// store.receive(Search.Action.response, where: { (try? $0.get())?.count == 2 })
    /// ```
    /// - Parameters:
    ///   - embed: The case the test expects: `Action.response`.
    ///   - check: Whether the payload is the one the test expects.
    ///   - updateExpected: Changes the previous state into the state the test expects.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func receive<Payload>(
        _ embed: @escaping (Payload) -> Action,
        where check: (Payload) -> Bool,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let expected =
            "a case of \(Dump.name(of: Action.self)) with a payload of "
            + Dump.name(of: Payload.self)
        receive(
            description: expected,
            { _EnumCase.payload(of: $0, case: embed).map(check) ?? false }, updateExpected,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column),
            mismatch: { actual in
                _EnumCase.payload(of: actual, case: embed) == nil
                    ? "Received \(describe(actual)), not \(expected)."
                    : "Received \(describe(actual)), whose payload does not pass the check."
            }
        )
    }
}
