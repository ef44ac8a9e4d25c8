import Foundation
import Observation
import Substate
import SubstateTesting
import TestSupport
import Testing

/// A small notes app with a child program and an effect, whose types are `Codable` so that
/// its sessions can be recorded.
struct Notebook: Codable, Equatable, Sendable {
    var notes: [Note] = []
    var title = "Notes"
    var saved = 0
}

struct Note: Codable, Equatable, Sendable, Identifiable {
    var id: Int
    var text: String
    var isPinned = false
}

enum NoteAction: Codable, Equatable, Sendable {
    case edit(String)
    case pin
}

enum NotebookAction: Codable, Equatable, Sendable {
    case add(String)
    /// Adds a note, and the same note again through a synchronous effect.
    case addTwice(String)
    case note(id: Int, NoteAction)
    case rename(String)
    case save
    case saved
}

/// What the notebook's effects use: a hook called once the save's action was sent.
struct NotebookEnvironment: Sendable {
    var didSendSaved: @Sendable () -> Void = {}
}

extension Notebook {
    static func update(
        state: consuming Notebook, environment: NotebookEnvironment, action: NotebookAction
    ) -> Update<Notebook, NotebookAction> {
        switch action {
        case .add(let text):
            state.notes.append(Note(id: state.notes.count + 1, text: text))
            return Update(state: state)
        case .addTwice(let text):
            state.notes.append(Note(id: state.notes.count + 1, text: text))
            return Update(state: state, effect: .send(.add(text)))
        case .note(let id, .edit(let text)):
            return .child(
                .edit(text), in: state, at: .element(id: id, in: \.notes),
                as: { .note(id: id, $0) }, environment: (), update: Note.update)
        case .note(let id, .pin):
            return .child(
                .pin, in: state, at: .element(id: id, in: \.notes),
                as: { .note(id: id, $0) }, environment: (), update: Note.update)
        case .rename(let title):
            state.title = title
            return Update(state: state)
        case .save:
            return Update(
                state: state,
                effect: .run { send in
                    await send(.saved)
                    environment.didSendSaved()
                })
        case .saved:
            state.saved += 1
            return Update(state: state)
        }
    }
}

extension Note {
    static func update(state: consuming Note, environment: Void, action: NoteAction)
        -> Update<Note, NoteAction>
    {
        switch action {
        case .edit(let text): state.text = text
        case .pin: state.isPinned.toggle()
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct RecordingTests {
    let folder = Folder()
    var url: URL { folder.url.appendingPathComponent("session.jsonl") }

    /// Runs a session with effects on a test clock, recording it.
    func recordSession(snapshotInterval: Int) async throws -> Notebook {
        let clock = TestClock()
        let recorder = try Recorder<Notebook, NotebookAction>(
            file: url, initialState: Notebook(), snapshotInterval: snapshotInterval, clock: clock)
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update,
            middleware: [recorder.middleware()])
        store.send(.add("milk"))
        clock.advance(by: .milliseconds(250))
        store.send(.add("eggs"))
        store.send(.note(id: 1, .pin))
        clock.advance(by: .seconds(1))
        await store.send(.save).finish()  // the effect's `.saved` is processed and recorded
        store.send(.note(id: 2, .edit("brown eggs")))
        store.send(.rename("Groceries"))
        return store.state
    }

    @Test func aRecordedSessionReplaysToTheSameState() async throws {
        let final = try await recordSession(snapshotInterval: 2)
        let recording = try Recording<Notebook, NotebookAction>(contentsOf: url)
        #expect(recording.problems.isEmpty)
        #expect(
            recording.actions.map(\.action) == [
                .add("milk"), .add("eggs"), .note(id: 1, .pin), .save, .saved,
                .note(id: 2, .edit("brown eggs")), .rename("Groceries"),
            ])
        #expect(recording.actions.map(\.step) == Array(1...7))
        #expect(recording.actions.map(\.time) == [0, 0.25, 0.25, 1.25, 1.25, 1.25, 1.25])
        #expect(recording.file.snapshots.map(\.step) == [2, 4, 6])
        #expect(
            recording.replay(environment: NotebookEnvironment(), update: Notebook.update) == final)
        #expect(
            recording.verify(environment: NotebookEnvironment(), update: Notebook.update) == nil)
        let afterTwo = recording.replay(
            to: 2, environment: NotebookEnvironment(), update: Notebook.update)
        #expect(afterTwo == recording.snapshot(at: 2))
        #expect(afterTwo.notes.map(\.text) == ["milk", "eggs"])
    }

    @Test func aReplayThatDivergesNamesTheFirstStepAndShowsTheDiff() async throws {
        _ = try await recordSession(snapshotInterval: 1)
        let recording = try Recording<Notebook, NotebookAction>(contentsOf: url)
        // A changed update function: pinning no longer pins.
        let divergence = recording.verify(environment: NotebookEnvironment()) {
            state, environment, action in
            if case .note(_, .pin) = action { return Update(state: state) }
            return Notebook.update(state: state, environment: environment, action: action)
        }
        #expect(divergence?.step == 3)
        #expect(divergence?.diff.contains("-       isPinned: true") == true)
        #expect(divergence?.diff.contains("+       isPinned: false") == true)
    }

    @Test func damagedLinesAreSkippedWithTheirLineNumbers() async throws {
        _ = try await recordSession(snapshotInterval: 100)
        var lines = try #require(folder.contents("session.jsonl")).split(separator: "\n")
            .map(String.init)
        lines[3] = "{not json"  // line 4: the second action
        let cut = lines.removeLast()
        let text = lines.joined(separator: "\n") + "\n" + cut.prefix(cut.count / 2)
        folder.write(text, to: "session.jsonl")

        let file = try RecordingFile(contentsOf: url)
        #expect(
            file.problems == [
                RecordingFile.Problem(line: 4, reason: "not a JSON object"),
                RecordingFile.Problem(
                    line: 9, reason: "partial last line (the recording was cut off)"),
            ])
        #expect(file.actions.map(\.step) == [1, 3, 4, 5, 6])
        let recording = try Recording<Notebook, NotebookAction>(contentsOf: url)
        #expect(recording.actions.count == 5)
    }

    @Test func unusableFilesAreClearErrors() throws {
        #expect(throws: RecordingError.missingFile(url)) {
            try RecordingFile(contentsOf: url)
        }
        folder.write("hello\n", to: "session.jsonl")
        #expect(throws: RecordingError.notARecording(file: url)) {
            try RecordingFile(contentsOf: url)
        }
        folder.write(#"{"format":"substate-recording","version":9}"# + "\n", to: "session.jsonl")
        #expect(throws: RecordingError.unknownVersion(file: url, version: 9, supported: 1)) {
            try RecordingFile(contentsOf: url)
        }
        folder.write(
            #"{"format":"substate-recording","version":1,"snapshotInterval":1}"# + "\n",
            to: "session.jsonl")
        #expect(throws: RecordingError.missingInitialState(file: url)) {
            try RecordingFile(contentsOf: url)
        }
    }

    @Test func randomBytesAreNotARecording() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: url)
        #expect(throws: RecordingError.notARecording(file: url)) {
            try RecordingFile(contentsOf: url)
        }
    }
}

@MainActor
@Suite struct TimeMachineTests {
    @Test func stepsBackAndForthThroughTheStatesAndReturns() {
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update)
        let machine = TimeMachine(store: store)
        store.send(.add("a"))
        store.send(.add("b"))
        store.send(.rename("Two"))
        #expect(machine.lastStep == 3)

        machine.stepBack()
        #expect(machine.currentStep == 2)
        #expect(store.state.title == "Notes")
        #expect(store.state.notes.count == 2)
        machine.jump(to: 0)
        #expect(store.state == Notebook())
        machine.stepForward()
        #expect(store.state.notes.map(\.text) == ["a"])
        machine.returnToPresent()
        #expect(!machine.isTravelling)
        #expect(store.state.title == "Two")
        #expect(store.state.notes.count == 2)
    }

    @Test func actionsArrivingWhileTravellingAreHeldThenProcessed() async {
        let sent = Signal()
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(didSendSaved: { sent.fire() }),
            update: Notebook.update)
        let machine = TimeMachine(store: store)
        store.send(.add("a"))
        machine.jump(to: 0)
        let saving = store.send(.save)  // held: not even its update runs
        #expect(!saving.isFinished)
        #expect(store.state == Notebook())

        machine.returnToPresent()  // `.save` runs now, and starts its effect
        machine.jump(to: 0)
        // The effect's `.saved` reaches the store while it travels. The store's drain was
        // queued on the main actor before the signal resumes this test, so it has run.
        await sent.wait()
        #expect(store.state == Notebook())
        store.send(.add("typed while travelling"))
        #expect(store.state == Notebook())

        machine.returnToPresent()
        await saving.finish()
        #expect(store.state.saved == 1)
        #expect(store.state.notes.map(\.text) == ["a", "typed while travelling"])
        #expect(machine.lastStep == 4)
        #expect(machine.actions == [.add("a"), .save, .saved, .add("typed while travelling")])
    }

    @Test func aMachineReleasedWhileTravellingReturnsTheStoreToThePresent() async {
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update)
        var held: StoreTask?
        do {
            let machine = TimeMachine(store: store)
            store.send(.add("a"))
            machine.jump(to: 0)
            held = store.send(.add("held"))
            #expect(store.state == Notebook())
        }
        // The machine is gone: the present is back, with the held action processed, and the
        // store processes what comes next.
        #expect(!store.isTravelling)
        #expect(held?.isFinished == true)
        store.send(.add("after"))
        #expect(store.state.notes.map(\.text) == ["a", "held", "after"])
    }

    // Three minutes: the limit catches tasks that never end, and counts the wait for the main
    // actor behind other tests (up to 69 s under the thread sanitizer on two cores).
    @Test(.timeLimit(.minutes(3)))
    func tearingDownWhileTravellingEndsTheHeldActionsTasks() async {
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update)
        let machine = TimeMachine(store: store)
        store.send(.add("a"))
        machine.jump(to: 0)
        let held = store.send(.save)
        store.tearDown()
        await held.finish()  // returns: the held action was dropped with the store
        await store.finishEffects()
        #expect(store.state.saved == 0)
        machine.returnToPresent()
        #expect(store.state.notes.map(\.text) == ["a"])
    }

    @Test func heldActionsAreProcessedAsIfSentThenEachWithItsFollowUps() {
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update)
        let machine = TimeMachine(store: store)
        store.send(.add("a"))
        machine.jump(to: 0)
        store.send(.addTwice("x"))
        store.send(.add("y"))
        machine.returnToPresent()
        // `.addTwice`'s own `.add` comes right after it, as when it was sent: before `y`.
        #expect(store.state.notes.map(\.text) == ["a", "x", "x", "y"])
    }

    @Test func returningToThePresentFromAnObserverKeepsItsSendsQueued() {
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update)
        let machine = TimeMachine(store: store)
        store.send(.add("a"))
        machine.jump(to: 0)
        var processedAtOnce: Bool?
        withObservationTracking {
            _ = store.state
        } onChange: {
            MainActor.assumeIsolated {
                // Told while the store is in a turn (the send below was held, and the turn
                // settles): the held actions join that turn, and so does this send.
                // (Observation calls this again for the mutation `returnToPresent` makes
                // while this call runs: once is the point.)
                guard processedAtOnce == nil else { return }
                processedAtOnce = false
                machine.returnToPresent()
                store.send(.add("from observer"))
                processedAtOnce = store.state.notes.contains { $0.text == "from observer" }
            }
        }
        store.send(.add("held"))
        #expect(processedAtOnce == false)
        #expect(store.state.notes.map(\.text) == ["a", "held", "from observer"])
    }

    @Test func aLimitDropsTheOldestStates() {
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update)
        let machine = TimeMachine(store: store, limit: 3)
        for text in ["a", "b", "c", "d"] { store.send(.add(text)) }
        #expect(machine.firstStep == 2)
        #expect(machine.lastStep == 4)
        machine.jump(to: 0)
        #expect(machine.currentStep == 2)
        #expect(store.state.notes.map(\.text) == ["a", "b"])
        machine.stop()
        store.send(.add("e"))
        #expect(machine.lastStep == 4)
    }
}
