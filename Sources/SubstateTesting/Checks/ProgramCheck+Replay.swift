import Foundation
import Substate

extension ProgramCheck {
    /// Plays a sequence of steps, such as the minimal sequence of a failure, through a new
    /// store of the program, effects and clocks included, and checks every property after
    /// each step as ``run(seed:sequences:steps:fileID:filePath:line:column:)`` does: the
    /// regression test of a failure the check found. A failure's report ends with the call to
    /// copy:
    ///
    /// ```swift
    /// @MainActor @Test func clearingTheQueryDropsTheSearch() {
    ///     SearchChecks.check().replay([
    ///         .send(.queryChanged("p")),
    ///         .send(.queryChanged("")),
    ///         .advance(.milliseconds(500)),
    ///     ])
    /// }
    /// ```
    /// - Parameters:
    ///   - steps: The steps.
    ///   - fileID: Where to report a failure (filled in for you).
    ///   - filePath: Where to report a failure (filled in for you).
    ///   - line: Where to report a failure (filled in for you).
    ///   - column: Where to report a failure (filled in for you).
    /// - Returns: The failure, or `nil` when every property held after every step.
    @discardableResult
    public func replay(
        _ steps: [CheckStep<Action>],
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> CheckFailure<State, Action>? {
        var played: [CheckStep<Action>] = []
        let violation = play(middleware: { _ in [] }) { _, _ in
            guard played.count < steps.count else { return nil }
            played.append(steps[played.count])
            return played.last
        }
        guard let violation else { return nil }
        return report(
            violation, after: played, recording: nil,
            at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A failure found by replaying, reported at `location`.
    func report(
        _ violation: Violation, after steps: [CheckStep<Action>],
        recording: Result<URL, RecordingError>?, at location: Location
    ) -> CheckFailure<State, Action> {
        let failure = CheckFailure(
            property: violation.property, message: violation.message, steps: steps,
            stateBefore: violation.before, stateAfter: violation.after, seed: nil, sequence: 0,
            sequences: 0, foundSteps: steps.count, shrinkPlays: 0, recording: recording)
        fail(failure.report, at: location)
        return failure
    }
}

extension ProgramCheck where P.State: Decodable, P.Action: Decodable {
    /// Replays a recording, such as one a failed check wrote, through the program's update
    /// function and checks every invariant after every recorded action: a regression test
    /// that fails while the update function still turns those actions into a state that breaks
    /// an invariant.
    ///
    /// ```swift
    /// @MainActor @Test func searchClearedWhileLoadingShowsNoResults() throws {
    ///     let recording = try Recording<Search, Search.Action>(
    ///         contentsOf: Bundle.module.url(forResource: "cleared", withExtension: "jsonl")!)
    ///     SearchChecks.check().replay(recording: recording)
    /// }
    /// ```
    ///
    /// Effects are not started: the actions they sent are in the recording, at the steps
    /// where the store processed them. So only invariants are checked, not the running
    /// effects or a model, which need the steps as they were taken; and a bug that made an
    /// effect send an action it should not have is replayed as it was recorded, fix or no fix.
    /// For a regression test of the whole program, effects included, replay the failure's
    /// steps with ``replay(_:fileID:filePath:line:column:)``.
    /// - Parameters:
    ///   - recording: The recording.
    ///   - fileID: Where to report a failure (filled in for you).
    ///   - filePath: Where to report a failure (filled in for you).
    ///   - line: Where to report a failure (filled in for you).
    ///   - column: Where to report a failure (filled in for you).
    /// - Returns: The failure, or `nil` when every invariant held at every step.
    @discardableResult
    public func replay(
        recording: Recording<State, Action>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> CheckFailure<State, Action>? {
        let environment = makeEnvironment()
        var state = recording.initialState
        var steps: [CheckStep<Action>] = []
        for recorded in recording.actions {
            let before = state
            state = P.update(state: state, environment: environment, action: recorded.action).state
            steps.append(.send(recorded.action))
            guard let violation = brokenInvariant(before: before, after: state) else { continue }
            return report(
                violation, after: steps, recording: .success(recording.file.file),
                at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return nil
    }
}
