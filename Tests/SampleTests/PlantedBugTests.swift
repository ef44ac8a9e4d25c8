import Foundation
import SearchCore
import Substate
import SubstateTesting
import TestSupport
import Testing

/// The search sample with a bug planted: clearing the query does not cancel the search in
/// flight, so its results arrive for a query that is gone. Example tests that clear and then
/// wait long enough would catch it; nobody wrote one. The check finds it by itself.
struct ForgetfulSearch: Program {
    typealias State = Search
    typealias Action = Search.Action

    static func update(
        state: consuming Search, environment: Search.Environment, action: Search.Action
    ) -> Update<Search, Search.Action> {
        if case .queryChanged("") = action {
            state.query = ""
            state.results = []
            state.resultsQuery = ""
            state.isSearching = false
            return Update(state: state)  // the bug: no `.cancel(id: "search")`
        }
        return Search.update(state: state, environment: environment, action: action)
    }
}

@MainActor
@Suite struct PlantedBugTests {
    let folder = TemporaryFolder()

    /// The sample's check, on the program with the bug, without the limit on running effects
    /// (which catches this bug one step earlier, before anything shows).
    func check() -> ProgramCheck<ForgetfulSearch> {
        let check = ProgramCheck(
            state: Search(),
            environment: { Search.Environment(words: SearchChecks.words, clock: TestClock()) },
            program: ForgetfulSearch.self, actions: SearchChecks.actions)
        SearchChecks.addInvariants(to: check)
        check.recordingsDirectory = folder.url
        return check
    }

    static let minimal: [CheckStep<Search.Action>] = [
        .send(.queryChanged("p")),
        .send(.queryChanged("")),
        .advance(.milliseconds(500)),
    ]

    @Test func theCheckFindsThePlantedBugAndShrinksItToThreeSteps() throws {
        let started = ContinuousClock.now
        let failure = try #require(check().firstFailure(seed: 1, sequences: 40, steps: 25))
        let elapsed = ContinuousClock.now - started
        print("found and shrunk in \(elapsed), \(failure.shrinkPlays) plays")
        #expect(
            failure.property == "invariant \"an empty query shows nothing and searches nothing\"")
        #expect(failure.steps.map(\.swift) == Self.minimal.map(\.swift))
        #expect(failure.foundSteps > failure.steps.count)
        #expect(failure.stateBefore.results.isEmpty)
        #expect(failure.stateAfter.results == SearchChecks.words)
        #expect(failure.report.contains("check.replay([\n        .send(.queryChanged(\"p\")),"))
    }

    @Test func theWrittenRecordingReplaysToTheSameFailure() throws {
        let failure = try #require(check().firstFailure(seed: 1, sequences: 40, steps: 25))
        let file = try #require(try failure.recording?.get())
        let recording = try Recording<Search, Search.Action>(contentsOf: file)
        #expect(recording.problems.isEmpty)
        // The two actions sent, the search's results that came back, when they came back.
        #expect(
            recording.actions.map(\.action) == [
                .queryChanged("p"), .queryChanged(""),
                .resultsArrived(query: "p", SearchChecks.words),
            ])
        #expect(recording.actions.map(\.time) == [0, 0, 0.5])
        var replayed: CheckFailure<Search, Search.Action>?
        withKnownIssue("the planted bug, replayed from its recording") {
            replayed = check().replay(recording: recording)
        }
        #expect(replayed?.property == failure.property)
        #expect(replayed?.stateAfter == failure.stateAfter)
        // The inspector reads it as any recording.
        let (timeline, status) = try Products.run("substate-inspect", ["timeline", file.path])
        #expect(status == 0)
        #expect(timeline.contains("3     0.500     resultsArrived(query: \"p\""))
    }

    @Test func theMinimalStepsAreARegressionTestThatPassesOnceTheBugIsFixed() {
        var failure: CheckFailure<Search, Search.Action>?
        withKnownIssue("the planted bug, replayed from its steps") {
            failure = check().replay(Self.minimal)
        }
        #expect(failure?.steps.count == 3)
        // The sample itself cancels the search: the same steps pass.
        #expect(SearchChecks.check().replay(Self.minimal) == nil)
    }

    @Test func theSameSeedFindsTheSameSequence() {
        let first = check().firstFailure(seed: 7, sequences: 40)
        let second = check().firstFailure(seed: 7, sequences: 40)
        #expect(first != nil)
        #expect(first?.steps.map(\.swift) == second?.steps.map(\.swift))
        #expect(first?.sequence == second?.sequence)
        #expect(first?.shrinkPlays == second?.shrinkPlays)
    }
}
