import Foundation
import Substate
import SubstateTesting
import TestSupport
import Testing

@MainActor
@Suite struct FlightRecorderTests {
    let folder = TemporaryFolder()

    /// A store of the notebook with a flight recorder; `count` notes added, a quarter second
    /// apart.
    func session(
        count: Int, capacity: Int, snapshotInterval: Int,
        redactState: ((inout Notebook) -> Void)? = nil,
        redactAction: ((NotebookAction) -> NotebookAction)? = nil
    ) -> (
        Store<Notebook, NotebookAction, NotebookEnvironment>,
        FlightRecorder<Notebook, NotebookAction>
    ) {
        let clock = TestClock()
        let recorder = FlightRecorder<Notebook, NotebookAction>(
            capacity: capacity, snapshotInterval: snapshotInterval, initialState: Notebook(),
            clock: clock, redactState: redactState, redactAction: redactAction)
        let store = Store(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update,
            middleware: [recorder.middleware()])
        for number in 1...count {
            store.send(.add("note \(number)"))
            clock.advance(by: .milliseconds(250))
        }
        return (store, recorder)
    }

    @Test func theRecordingHoldsTheLastActionsFromAKeptStateAndReplaysToTheStoresState() throws {
        let (store, recorder) = session(count: 23, capacity: 10, snapshotInterval: 4)
        let file = folder.file("last.jsonl")
        try recorder.write(to: file)
        let recording = try Recording<Notebook, NotebookAction>(contentsOf: file)
        #expect(recording.problems.isEmpty)
        // Actions 14 to 23 are kept; the oldest state from which all later actions are kept
        // is the one after action 16.
        #expect(recording.initialState.notes.count == 16)
        #expect(recording.actions.map(\.action) == (17...23).map { .add("note \($0)") })
        #expect(recording.actions.map(\.step) == Array(1...7))
        #expect(recording.actions.map(\.time) == [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75])
        #expect(recording.file.snapshots.map(\.step) == [4])  // the state after action 20
        #expect(recording.file.snapshotInterval == 4)
        #expect(
            recording.replay(environment: NotebookEnvironment(), update: Notebook.update)
                == store.state)
        #expect(
            recording.verify(environment: NotebookEnvironment(), update: Notebook.update) == nil)
    }

    @Test func beforeTheRingIsFullTheRecordingStartsFromTheInitialState() throws {
        let (store, recorder) = session(count: 3, capacity: 10, snapshotInterval: 4)
        let recording = try Recording<Notebook, NotebookAction>(
            data: try recorder.recording(), source: folder.file("memory.jsonl"))
        #expect(recording.initialState == Notebook())
        #expect(recording.actions.count == 3)
        #expect(
            recording.replay(environment: NotebookEnvironment(), update: Notebook.update)
                == store.state)
    }

    @Test func memoryStaysBoundedWhateverTheSessionsLength() throws {
        let (_, recorder) = session(count: 2_000, capacity: 50, snapshotInterval: 10)
        #expect(recorder.step == 2_000)
        let recording = try Recording<Notebook, NotebookAction>(
            data: try recorder.recording(), source: folder.file("memory.jsonl"))
        #expect((41...50).contains(recording.actions.count))
        #expect(recording.actions.last?.action == .add("note 2000"))
    }

    @Test func redactionChangesWhatIsWrittenNotWhatIsKept() throws {
        let (store, recorder) = session(
            count: 6, capacity: 4, snapshotInterval: 2,
            redactState: { notebook in
                for index in notebook.notes.indices { notebook.notes[index].text = "…" }
            },
            redactAction: { action in
                if case .add = action { return .add("…") }
                return action
            })
        let data = try recorder.recording()
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("note "), "no note's text is written")
        #expect(text.contains("…"))
        #expect(store.state.notes.map(\.text).last == "note 6", "the store's state is untouched")
        // What is kept is not redacted: a second recording without redaction would show it.
        let recording = try Recording<Notebook, NotebookAction>(
            data: data, source: folder.file("redacted.jsonl"))
        #expect(recording.actions.allSatisfy { $0.action == .add("…") })
    }

    @Test func aFileThatCannotBeWrittenIsAnError() throws {
        let (_, recorder) = session(count: 2, capacity: 4, snapshotInterval: 2)
        let missing = folder.file("no/such/folder/last.jsonl")
        #expect {
            try recorder.write(to: missing)
        } throws: { error in
            guard case .cannotWrite(let file, _)? = error as? RecordingError else { return false }
            return file == missing
        }
    }

    @Test func aSnapshotIntervalLargerThanTheCapacityIsTheCapacity() {
        let recorder = FlightRecorder<Notebook, NotebookAction>(
            capacity: 8, snapshotInterval: 100, initialState: Notebook(),
            clock: ContinuousClock())
        #expect(recorder.snapshotInterval == 8)
    }
}
