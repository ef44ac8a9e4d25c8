import Foundation

/// Records a store's session to a file: the initial state, every action with its step and
/// time, and snapshots of the state. Because the update function is pure, the recording is a
/// complete account of the session: ``Recording`` replays it, and the `substate-inspect` tool
/// reads it without the app's types.
///
/// ```swift
/// let initial = App()
/// let recorder = try Recorder<App, AppAction>(
///     file: URL(fileURLWithPath: "session.jsonl"), initialState: initial,
///     snapshotInterval: 100, clock: ContinuousClock())
/// let store = Store(state: initial, environment: .live, update: App.update,
///                   middleware: [recorder.middleware()])
/// ```
///
/// Each line is written with one `write` call as soon as its action is processed, so a
/// crashed process loses at most the line being written; readers skip a partial last line.
/// (Lines reach the operating system at once; they reach the disk when it flushes them.)
/// Writing errors go to `onError`; recording goes on with the next action.
///
/// It records the actions the update function saw: after interceptors, including the actions
/// effects produced, in the order the store processed them.
///
/// It is not `Sendable`: it is used where its store runs, on the main actor with a ``Store``,
/// on the store's actor with an ``ActorStore`` (see ``Middleware``).
public final class Recorder<State: Encodable, Action: Encodable> {
    /// The file being written.
    public let file: URL
    /// How many actions between two snapshots of the state.
    public let snapshotInterval: Int
    /// The number of actions recorded.
    public private(set) var step = 0

    private let handle: FileHandle
    private let stopwatch: Stopwatch
    private let encoder: JSONEncoder
    private let onError: (any Error) -> Void

    /// Starts a recording: creates (or empties) the file and writes the header and the
    /// initial state.
    /// - Parameters:
    ///   - file: Where to record.
    ///   - initialState: The state the store starts with.
    ///   - snapshotInterval: How many actions between two snapshots; 1 snapshots every step.
    ///   - clock: The store's clock; each action's time is read from it.
    ///   - program: What the header names as the program recorded; the state's type
    ///     (`TodosCore.App`) by default. Tools show it; replaying does not read it.
    ///   - onError: Receives write errors; standard error by default.
    /// - Throws: ``RecordingError`` if the file cannot be created or the state encoded.
    ///
    /// The header also records when the recording started, by the wall clock (`Date()`, in
    /// UTC): a fact for people reading it, unlike the actions' times, which come from `clock`.
    public init<C: Clock>(
        file: URL, initialState: State, snapshotInterval: Int = 100, clock: C,
        program: String? = nil, onError: ((any Error) -> Void)? = nil
    ) throws(RecordingError) where C.Duration == Duration {
        self.file = file
        self.snapshotInterval = max(1, snapshotInterval)
        stopwatch = Stopwatch(on: clock)
        encoder = RecordingFormat.encoder()
        self.onError = onError ?? { writeToStandardError("Substate: recording failed: \($0)") }
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: file)
        else {
            throw .cannotWrite(file: file, reason: "cannot create the file")
        }
        self.handle = handle
        do {
            try handle.write(
                contentsOf: RecordingFormat.header(
                    snapshotInterval: self.snapshotInterval,
                    program: program ?? String(reflecting: State.self), start: Date()))
            try write(kind: "initial", step: 0, time: .zero, field: "state", initialState)
        } catch {
            throw .cannotWrite(file: file, reason: "\(error)")
        }
    }

    deinit {
        try? handle.close()
    }

    /// The middleware that records the store's actions.
    /// - Returns: The middleware; put it after interceptors' middleware, which it records
    ///   the output of either way.
    public func middleware() -> Middleware<State, Action> {
        Middleware(name: "recorder", didProcess: { [self] action, state in record(action, state) })
    }

    /// Records one processed action, and a snapshot when one is due.
    public func record(_ action: Action, _ state: State) {
        step += 1
        let time = stopwatch.elapsed()
        do {
            try write(kind: "action", step: step, time: time, field: "action", action)
            if step % snapshotInterval == 0 {
                try write(kind: "snapshot", step: step, time: time, field: "state", state)
            }
        } catch {
            onError(error)
        }
    }

    private func write(
        kind: String, step: Int, time: Duration, field: String, _ value: some Encodable
    ) throws {
        try handle.write(
            contentsOf: RecordingFormat.entry(
                kind: kind, step: step, time: time, field: field, json: encoder.encode(value)))
    }
}
