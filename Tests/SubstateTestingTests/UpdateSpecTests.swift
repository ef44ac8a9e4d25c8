import Substate
import SubstateTesting
import Testing

@Suite struct UpdateSpecTests {
    let spec = UpdateSpec(
        environment: SearchEnvironment(clock: TestClock()), update: Search.update)

    @Test func givenWhenThenChecksTheState() {
        spec.given(Search()).when(.tick, .tick).then(Search(generation: 2))
    }

    @Test func effectsRunOnTheTestClockAndTheirActionsAreCollected() {
        spec.given(Search())
            .when(.queryChanged("a"), .pollTwice)
            .then(
                Search(query: "a", generation: 1),
                effects: [.debounced(generation: 1), .tick, .tick]
            )
    }

    @Test func synchronousAndCaughtEffectActionsAreCollected() {
        let outcome = spec.given(Search()).when(.sendTwo, .fail)
        #expect(outcome.effectActions.filter { $0 == .tick }.count == 2)
        #expect(outcome.effectActions.contains(.failed("search failed")))
        #expect(outcome.effectsFinished)
    }

    @Test func aWrongStateOrWrongEffectsFail() {
        withKnownIssue {
            spec.given(Search()).when(.tick).then(Search(generation: 5))
        } matching: {
            String(describing: $0).contains("-   generation: 5")
        }
        withKnownIssue {
            spec.given(Search()).when(.sendTwo).then(Search(), effects: [.tick])
        } matching: {
            String(describing: $0).contains("other actions")
        }
    }

    @Test func effectsThatNeverEndAreReported() {
        let forever = UpdateSpec(environment: SearchEnvironment(clock: TestClock())) {
            (state: consuming Search, _: SearchEnvironment, _: SearchAction) in
            Update(
                state: state,
                effect: .run { _ in
                    let never = AsyncStream<Void> { _ in }
                    for await _ in never {}
                })
        }
        withKnownIssue {
            forever.given(Search()).when(.tick).then(Search())
        } matching: {
            String(describing: $0).contains("did not end")
        }
    }
}
