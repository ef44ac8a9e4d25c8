import Foundation
import Substate
import Synchronization
import TestSupport
import Testing

/// A small program whose state and actions are `Codable`, to record and save off the main
/// actor.
struct Guestbook: Program, Codable, Equatable, Sendable {
    var total = 0
    var notes: [String] = []

    enum Action: Codable, Equatable, Sendable {
        case add(Int)
        case note(String)
        /// Notes each entry, from an effect.
        case echo([String])
    }

    static func update(state: consuming Guestbook, environment: Void, action: Action) -> Update<
        Guestbook, Action
    > {
        switch action {
        case .add(let amount):
            state.total += amount
            return Update(state: state)
        case .note(let note):
            state.notes.append(note)
            return Update(state: state)
        case .echo(let notes):
            return Update(
                state: state,
                effect: .run { send in for note in notes { await send(.note(note)) } })
        }
    }
}

/// Middleware on a store on its own actor: the hooks in the same order as on the main actor,
/// the recorder, the flight recorder and the saver.
@Suite struct ActorStoreMiddlewareTests {
    let folder = TemporaryFolder(prefix: "actor-store-middleware")

    @Test func hooksAndInterceptorsRunInOrderAroundEachUpdate() async {
        let trace = Mutex<[String]>([])
        let store = ActorStore(
            state: Guestbook(), environment: (), program: Guestbook.self,
            middleware: [
                .intercept("filter") { action, _ in
                    switch action {
                    case .note("secret"): .drop
                    case .add(10): .replace(with: [.add(1), .add(2)])
                    default: .forward
                    }
                },
                Middleware(
                    name: "trace",
                    willProcess: { action in trace.withLock { $0.append("will \(action)") } },
                    didProcess: { action, state in
                        trace.withLock { $0.append("did \(action) total \(state.total)") }
                    },
                    didChange: { _, before, after in
                        trace.withLock { $0.append("change \(before.total)->\(after.total)") }
                    },
                    didTearDown: { trace.withLock { $0.append("torn down") } }),
            ])
        await store.send(.add(10))
        await store.send(.note("secret"))
        await store.send(.echo(["a"])).finish()
        await store.tearDown()
        #expect(await store.state == Guestbook(total: 3, notes: ["a"]))
        #expect(
            trace.withLock { $0 } == [
                "will add(1)", "did add(1) total 1", "change 0->1",
                "will add(2)", "did add(2) total 3", "change 1->3",
                "will echo([\"a\"])", "did echo([\"a\"]) total 3", "change 3->3",
                "will note(\"a\")", "did note(\"a\") total 3", "change 3->3",
                "torn down",
            ])
    }

    @Test func middlewareAddedAtRunTimeSeesTheActionsUntilItIsRemoved() async {
        let seen = Mutex<[Guestbook.Action]>([])
        let store = ActorStore(state: Guestbook(), environment: (), program: Guestbook.self)
        await store.send(.add(1))
        let token = await store.addMiddleware(
            .observe { action, _ in seen.withLock { $0.append(action) } })
        await store.send(.add(2))
        await store.send(.echo(["x"])).finish()
        await store.removeMiddleware(token)
        await store.removeMiddleware(token)
        await store.send(.add(3))
        #expect(seen.withLock { $0 } == [.add(2), .echo(["x"]), .note("x")])
        #expect(await store.state.total == 6)
    }

    @Test func aRecorderRecordsASessionThatReplaysToTheSameStates() async throws {
        let file = folder.file("session.jsonl")
        let recorder = try Recorder<Guestbook, Guestbook.Action>(
            file: file, initialState: Guestbook(), snapshotInterval: 2, clock: ContinuousClock())
        let store = ActorStore(
            state: Guestbook(), environment: (), program: Guestbook.self,
            middleware: [recorder.middleware()])
        await store.send(.add(5))
        await store.send(.echo(["b", "c"])).finish()
        await store.send(.add(-1))
        await store.tearDown()

        let recording = try Recording<Guestbook, Guestbook.Action>(contentsOf: file)
        #expect(
            recording.actions.map(\.action) == [
                .add(5), .echo(["b", "c"]), .note("b"), .note("c"), .add(-1),
            ])
        #expect(recording.verify(environment: (), program: Guestbook.self) == nil)
        #expect(
            recording.replay(to: nil, environment: (), program: Guestbook.self)
                == Guestbook(total: 4, notes: ["b", "c"]))
    }

    @Test func aFlightRecorderIsWrittenByAHookOfTheSameList() async throws {
        let report = folder.file("report.jsonl")
        let flight = FlightRecorder<Guestbook, Guestbook.Action>(
            capacity: 3, initialState: Guestbook(), clock: ContinuousClock())
        let store = ActorStore(
            state: Guestbook(), environment: (), program: Guestbook.self,
            middleware: [
                flight.middleware(),
                .observe { action, _ in
                    if action == .note("crash") { try? flight.write(to: report) }
                },
            ])
        for amount in 1...5 { await store.send(.add(amount)) }
        await store.send(.note("crash"))

        let recording = try Recording<Guestbook, Guestbook.Action>(contentsOf: report)
        #expect(recording.actions.map(\.action) == [.add(4), .add(5), .note("crash")])
        #expect(
            recording.replay(to: nil, environment: (), program: Guestbook.self)
                == Guestbook(total: 15, notes: ["crash"]))
    }

    @Test func aSaverWritesWhatIsPendingWhenTheStoreIsTornDown() async throws {
        let file = folder.file("guestbook.json")
        let saver = StateSaver<Guestbook, Guestbook>(
            file: file, timing: .debounce(.seconds(3600)), clock: ContinuousClock())
        let store = ActorStore(
            state: Guestbook(), environment: (), program: Guestbook.self,
            middleware: [saver.middleware()])
        await store.send(.add(7))
        await store.send(.note("kept"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        await store.tearDown()

        #expect(try saver.load(into: Guestbook()) == Guestbook(total: 7, notes: ["kept"]))
        #expect(saver.writeCount == 1)
    }
}
