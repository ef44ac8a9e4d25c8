import Foundation
import Substate
import TestSupport
import Testing

/// An actor of a user's that keeps a store and a flight recorder beside its own state, and
/// uses both without `await`.
private actor Connection {
    let flight = FlightRecorder<Guestbook, Guestbook.Action>(
        capacity: 10, initialState: Guestbook(), clock: ContinuousClock())
    let store: IsolatedStore<Guestbook, Guestbook.Action, Void>
    var answers = 0

    init() {
        store = IsolatedStore(
            state: Guestbook(), environment: (), program: Guestbook.self,
            middleware: [flight.middleware()])
    }

    func received(_ action: Guestbook.Action) async -> Guestbook {
        answers += 1
        await store.send(action).finish()
        return store.state
    }

    /// What the flight recorder kept, read on this actor.
    func lastActions() throws -> [Guestbook.Action] {
        try Recording<Guestbook, Guestbook.Action>(
            data: flight.recording(), source: URL(fileURLWithPath: "/")
        )
        .actions.map(\.action)
    }
}

/// A store that lives in an actor of the user's: the same program, effects and middleware,
/// processed on that actor.
@Suite struct IsolatedStoreTests {
    @Test func anActorUsesItsStoreAndItsRecorderWithoutAwait() async throws {
        let connection = Connection()
        #expect(await connection.received(.add(2)) == Guestbook(total: 2))
        #expect(
            await connection.received(.echo(["a", "b"])) == Guestbook(total: 2, notes: ["a", "b"]))
        #expect(
            try await connection.lastActions() == [
                .add(2), .echo(["a", "b"]), .note("a"), .note("b"),
            ])
    }

    @Test @MainActor func onTheMainActorItsEffectsComeBackToTheMainActor() async {
        let store = IsolatedStore(state: Log(), environment: (), program: Log.self)
        store.send(.echo(["x", "y"]))
        await store.finishEffects()
        #expect(store.state.entries == ["x", "y"])
        #expect(store.runningEffectCount == 0)
    }

    /// Made in a synchronous actor initialiser (no isolation yet), a store's initial effect
    /// delivers to no one until the actor first uses it; then it is processed there.
    @Test func anInitialEffectWaitsForTheActorThatUsesTheStore() async {
        actor Holder {
            let store = IsolatedStore(
                create: Update(state: Log(), effect: .run { send in await send(.append("ready")) }),
                environment: (), program: Log.self)
            func entries() async -> [String] {
                await store.finishEffects()
                return store.state.entries
            }
        }
        #expect(await Holder().entries() == ["ready"])
    }

    @Test func releasingTheActorEndsTheStoresEffects() async {
        actor Holder {
            let store = IsolatedStore(state: Log(), environment: (), program: Log.self)
            func wait(for signal: Signal) { store.send(.waitForCancellation(signal)) }
        }
        let cancelled = Signal()
        var holder: Holder? = Holder()
        await holder?.wait(for: cancelled)
        holder = nil
        await cancelled.wait()
    }

    @Test func tearingDownEndsTheSequencesAndIgnoresLaterSends() async {
        actor Holder {
            let store = IsolatedStore(state: Log(), environment: (), program: Log.self)
            func run() async -> ([LogAction], Int, Bool) {
                let actions = store.actions
                store.send(.increment)
                store.tearDown()
                store.send(.increment)
                var seen: [LogAction] = []
                for await action in actions { seen.append(action) }
                return (seen, store.state.count, store.isTornDown)
            }
        }
        let (seen, count, isTornDown) = await Holder().run()
        #expect(seen == [.increment])
        #expect(count == 1)
        #expect(isTornDown)
    }

    /// The compiler keeps a store in the isolation of the actor that used it (it cannot be
    /// sent anywhere after that); code that gets around the checks and uses it from a second
    /// actor is stopped with a message.
    @Test func aSecondActorIsRefused() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let smuggled = Smuggled(
                    store: IsolatedStore(state: Log(), environment: (), program: Log.self))
                // Both alive, so that neither reuses the other's address.
                let first = FirstUser()
                let second = SecondUser()
                await first.use(smuggled)
                await second.use(smuggled)
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("an IsolatedStore of Log is used from SecondUser"))
    }
}

/// A store carried around the compiler's checks, to two actors.
private struct Smuggled: @unchecked Sendable {
    let store: IsolatedStore<Log, LogAction, Void>
}

private actor FirstUser {
    func use(_ smuggled: Smuggled) { smuggled.store.send(.increment) }
}

private actor SecondUser {
    func use(_ smuggled: Smuggled) { smuggled.store.send(.increment) }
}

/// The calls that do not name their caller's actor are checked too: a send from code with no
/// actor, reading the state, tearing down.
@Suite struct IsolatedStoreOwnerTests {
    func expectRefused(_ result: ExitTest.Result?) {
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains("used outside FirstUser")
                || message.contains("Incorrect actor executor assumption"), "\(message)")
    }

    @Test func aSendFromNoActorIsRefusedOnceTheStoreBelongsToOne() async {
        expectRefused(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await useFromNoActor { $0.send(.increment) }
            })
    }

    @Test func readingTheStateFromNoActorIsRefused() async {
        expectRefused(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await useFromNoActor { _ = $0.state }
            })
    }

    @Test func tearingDownFromNoActorIsRefused() async {
        expectRefused(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await useFromNoActor { $0.tearDown() }
            })
    }

    /// A synchronous helper with no actor of its own, called from the owner, passes.
    @Test func aHelperWithNoActorCalledFromTheOwnerIsAccepted() async {
        let owner = Owner()
        #expect(await owner.run() == 2)
    }
}

private actor Owner {
    let store = IsolatedStore(state: Log(), environment: (), program: Log.self)

    func run() -> Int {
        store.send(.increment)
        helper(store)
        return store.state.count
    }
}

private func helper(_ store: IsolatedStore<Log, LogAction, Void>) {
    store.send(.increment)
}

/// Makes a store belong to an actor, then uses it from a detached task, which has no actor.
private func useFromNoActor(
    _ use: @escaping @Sendable (IsolatedStore<Log, LogAction, Void>) -> Void
) async {
    let smuggled = Smuggled(
        store: IsolatedStore(state: Log(), environment: (), program: Log.self))
    let first = FirstUser()
    await first.use(smuggled)
    await Task.detached { use(smuggled.store) }.value
    withExtendedLifetime(first) {}
}
