import Substate
import SubstateTesting
import Testing

/// What `testing: .isolatedStore` changes: the test store drives an `IsolatedStore` on the
/// main actor, with the same checks. (The test store suites run with both stores: see the
/// suites whose tests take a `TestedStore`.)
@MainActor
@Suite struct TestedStoreTests {
    @Test func theTestStoreDrivesTheStoreItWasAskedFor() {
        let main = makeSearchStore()
        #expect(main.tested == .store)
        #expect(main.isolatedStore == nil)
        _ = main.store

        let isolated = makeSearchStore(testing: .isolatedStore)
        #expect(isolated.tested == .isolatedStore)
        let store = isolated.isolatedStore
        #expect(store != nil)
        isolated.send(.tick) { $0.generation = 1 }
        #expect(store?.state.generation == 1)
    }

    @Test func anActionSentToTheIsolatedStoreItselfIsReceived() {
        let store = makeSearchStore(testing: .isolatedStore)
        store.isolatedStore?.send(.sendTwo)
        store.receive(.sendTwo)
        store.receive(.tick) { $0.generation = 1 }
        store.receive(.tick) { $0.generation = 2 }
    }

    @Test(arguments: TestedStore.allCases)
    func anEffectErrorNoHandlerCaughtFailsTheTestAtTheSend(_ tested: TestedStore) {
        let store = TestStore(
            state: Search(), environment: SearchEnvironment(clock: TestClock()),
            update: { (state: consuming Search, _: SearchEnvironment, action: SearchAction) in
                action == .fail
                    ? Update(state: state, effect: .run { _ in throw SearchFailure() })
                    : Update(state: state)
            },
            testing: tested)
        let line = #line + 2
        withKnownIssue {
            store.send(.fail)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && String(describing: issue).contains(
                    "An effect started by send(SearchAction.fail) threw an error that no handler caught"
                )
        }
    }

    @Test func releasingTheTestStoreReleasesItsIsolatedStoreAndEndsItsEffects() {
        weak var released: IsolatedStore<Search, SearchAction, SearchEnvironment>?
        do {
            let store = makeSearchStore(testing: .isolatedStore)
            released = store.isolatedStore
            store.send(.pollTwice)
            #expect(released?.runningEffectCount == 1)
            store.skipInFlightEffects()
        }
        #expect(released == nil)
    }

    @Test func askingAnIsolatedTestStoreForItsStoreStopsWithAMessage() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    _ = makeSearchStore(testing: .isolatedStore).store
                }
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("drives an IsolatedStore"))
        #expect(message.contains("Use `isolatedStore`"))
    }
}
