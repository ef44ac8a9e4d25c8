extension TestStore {
    /// Moves the environment's test clocks forward, running every effect that becomes due,
    /// and processing the actions they produce, before it returns.
    /// - Parameters:
    ///   - duration: How far to move time.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func advance(
        by duration: Duration,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard !clocks.isEmpty else {
            fail(
                "advance(by:) needs a TestClock in the environment, or passed as `clocks:`.",
                at: Location(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            return
        }
        for clock in clocks { clock.advance(by: duration) }
        runScheduler(at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Runs the environment's test clocks until nothing sleeps on them.
    /// - Parameters:
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func runClocks(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        for clock in clocks {
            clock.run(fileID: fileID, filePath: filePath, line: line, column: column)
        }
        runScheduler(at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Ends the test's use of the store: runs what can run, then (with ``Exhaustivity/on``)
    /// fails for every action received but not asserted and every effect still running, each
    /// at the line of the `send` that started it. Remaining effects are then cancelled.
    ///
    /// The store does this by itself when it is deallocated; call it to check earlier.
    public func finish() {
        runScheduler()
        if exhaustivity == .on { checkExhaustion() }
        isFinished = true
        engine.cancelEffects()
        scheduler.run()
    }

    /// Forgets the actions received so far without asserting them.
    public func skipReceivedActions() {
        runScheduler()
        received = []
        assertedState = state
    }

    /// Cancels every running effect, so that the test may end while they would still run.
    public func skipInFlightEffects() {
        engine.cancelEffects()
        scheduler.run()
    }

    /// The number of effects still running.
    public var runningEffectCount: Int {
        runningEffects.count
    }

    /// The actions received but not asserted yet, oldest first.
    public var receivedActions: [Action] {
        received.map(\.action)
    }

    func checkExhaustion() {
        for item in received {
            fail(
                "The store received \(describe(item.action)), which the test did not assert. "
                    + "Receive it, or call skipReceivedActions().",
                at: item.origin
            )
        }
        for running in runningEffects {
            fail(
                "The effect of \(label(running.name)) is still running when the test ends. "
                    + "Advance the clock, cancel it, or call skipInFlightEffects().",
                at: running.origin
            )
        }
    }
}
