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
        lastPresentation = next.presentation
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
