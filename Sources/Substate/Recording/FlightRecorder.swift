import Foundation

/// Keeps the last actions of a store, and states to start them from, in a fixed amount of
/// memory, and writes them as a recording when asked: after an error, on a signal, from a
/// crash reporter's hook. Cheap enough to leave on in production.
///
/// ```swift
/// let recorder = FlightRecorder<App, AppAction>(
///     capacity: 1_000, snapshotInterval: 100, initialState: initial,
///     clock: ContinuousClock(),
///     redactState: { $0.session.token = "" },
///     redactAction: { action in
///         if case .signIn = action { return .signIn(password: "") }
///         return action
///     })
/// let store = Store(state: initial, environment: .live, program: App.self,
///                   middleware: [recorder.middleware()])
/// // Later, when something went wrong:
/// try recorder.write(to: reportFolder.appendingPathComponent("last-actions.jsonl"))
/// ```
///
/// The file is a recording in the format ``Recorder`` writes, of the last stretch of the
/// session: it starts from the oldest kept state and holds every action since, so that
/// ``Recording`` replays it, `substate-inspect html` shows it step by step and
/// `substate-inspect test` turns it into a test. Its steps count from that state (step 1 is
/// the first action kept); its times from when that state was kept.
///
/// ## What it keeps
/// The last `capacity` actions in a ring, each with its time on `clock`, and the state after
/// every `snapshotInterval`-th action (and the initial state) for as long as actions after
/// it are kept. A recording therefore covers between `capacity - snapshotInterval + 1` and
/// `capacity` of the last actions.
///
/// ## What it costs
/// Per action: one read of the clock and one write into the ring, whatever the size of the
/// state: O(1), and no allocation (the ring is allocated with the recorder). On Linux the
/// standard clocks (`ContinuousClock`, `SuspendingClock`) are read from the kernel's coarse
/// monotonic clock, a few nanoseconds a read against about twenty for the precise one: the
/// times are exact to the kernel's tick (1–10 ms), and leave out time the machine slept.
/// Other clocks (a test clock) are read as they are; a ``Recorder`` reads the precise clock.
/// Every `snapshotInterval`-th action it keeps the state, which is a reference, not a copy;
/// but while it is kept, the store's next in-place write to a collection in the state copies
/// that collection once (see
/// <doc:Performance>): O(size of the state) per `snapshotInterval` actions. Memory: at most
/// `capacity` actions and `capacity / snapshotInterval + 2` states. Encoding and redaction
/// happen only when a recording is written.
///
/// ## Redaction
/// `redactState` and `redactAction` change what is written, never what is kept or what the
/// store sees: clear tokens, passwords, personal data that must not leave the device or the
/// server. A recording of redacted values may not replay to the same states; that is the
/// price of not carrying the data.
///
/// It is not `Sendable`: it is used where its store runs, on the main actor with a ``Store``,
/// on the store's actor with an ``ActorStore`` (see ``Middleware``).
public final class FlightRecorder<State: Encodable, Action: Encodable> {
    /// How many of the last actions are kept.
    public var capacity: Int { _ring.capacity }
    /// How many actions between two kept states.
    public var snapshotInterval: Int { _ring.snapshotInterval }
    /// The number of actions seen since the recorder was made.
    public var step: Int { _ring.step }

    /// A value kept with the step and the time it was seen at: an action, or a snapshot of
    /// the state.
    @usableFromInline
    struct _Stamped<Value> {
        @usableFromInline var step: Int
        /// Nanoseconds on the recorder's stopwatch.
        @usableFromInline var time: Int64
        @usableFromInline var value: Value

        @inlinable
        init(step: Int, time: Int64, _ value: Value) {
            self.step = step
            self.time = time
            self.value = value
        }
    }
    @usableFromInline typealias _Entry = _Stamped<Action>
    @usableFromInline typealias _Snapshot = _Stamped<State>

    /// What is kept but the actions, in one value, so that recording an action is one access
    /// to the recorder's storage.
    @usableFromInline
    struct _Ring {
        @usableFromInline var step = 0
        /// How many actions the ring holds.
        @usableFromInline let capacity: Int
        /// The slot of the next action: action n is in slot (n - 1) % capacity.
        @usableFromInline var next = 0
        /// Actions until the next kept state (no division per action).
        @usableFromInline var untilSnapshot: Int
        @usableFromInline let snapshotInterval: Int
        @usableFromInline var snapshots: [_Snapshot?]
        @usableFromInline var newestSnapshot = 0

        @inlinable
        init(capacity: Int, snapshotInterval: Int, initialState: State) {
            self.capacity = capacity
            snapshots = Array(repeating: nil, count: capacity / snapshotInterval + 2)
            snapshots[0] = _Snapshot(step: 0, time: 0, initialState)
            untilSnapshot = snapshotInterval
            self.snapshotInterval = snapshotInterval
        }

        /// Writes the action into its slot of `actions`, and keeps the state when one is due.
        @inlinable
        mutating func record(
            _ action: Action, _ state: State, at time: Int64,
            into actions: UnsafeMutablePointer<_Entry?>
        ) {
            step &+= 1
            actions[next] = _Entry(step: step, time: time, action)
            next &+= 1
            if next == capacity { next = 0 }
            untilSnapshot &-= 1
            if untilSnapshot == 0 { keep(state, at: time) }
        }

        /// Keeps the state after every `snapshotInterval`-th action; apart from ``record``, so
        /// that what runs for every action stays small enough to be inlined.
        @inlinable @inline(never)
        mutating func keep(_ state: State, at time: Int64) {
            untilSnapshot = snapshotInterval
            newestSnapshot += 1
            if newestSnapshot == snapshots.count { newestSnapshot = 0 }
            snapshots[newestSnapshot] = _Snapshot(step: step, time: time, state)
        }
    }

    @exclusivity(unchecked) @usableFromInline var _ring: _Ring
    /// The ring of the last actions, `capacity` slots allocated once: no array's uniqueness
    /// and bounds checks per write. Only the recorder, on its store's thread, touches it.
    @usableFromInline let _actions: UnsafeMutablePointer<_Entry?>
    @usableFromInline let _stopwatch: Stopwatch
    private let program: String
    private let redactState: ((inout State) -> Void)?
    private let redactAction: ((Action) -> Action)?

    /// Creates a recorder with nothing recorded but the initial state.
    /// - Parameters:
    ///   - capacity: How many of the last actions to keep; at least 1.
    ///   - snapshotInterval: How many actions between two kept states; from 1 to `capacity`.
    ///     Smaller keeps more states (memory, and a copy of the state's collections per kept
    ///     state) and covers more of `capacity`.
    ///   - initialState: The state the store starts with.
    ///   - clock: The store's clock; each action's time is read from it (on Linux, a
    ///     standard clock from the kernel's coarse clock: see *What it costs*).
    ///   - program: What the recording's header names as the program; the state's type by
    ///     default.
    ///   - redactState: Changes each state before it is written.
    ///   - redactAction: Changes each action before it is written.
    public init<C: Clock>(
        capacity: Int = 1_000, snapshotInterval: Int = 100, initialState: State, clock: C,
        program: String? = nil, redactState: ((inout State) -> Void)? = nil,
        redactAction: ((Action) -> Action)? = nil
    ) where C.Duration == Duration {
        let capacity = max(1, capacity)
        _ring = _Ring(
            capacity: capacity, snapshotInterval: min(max(1, snapshotInterval), capacity),
            initialState: initialState)
        _actions = .allocate(capacity: capacity)
        _actions.initialize(repeating: nil, count: capacity)
        _stopwatch = Stopwatch(on: clock, coarse: true)
        self.program = program ?? String(reflecting: State.self)
        self.redactState = redactState
        self.redactAction = redactAction
    }

    deinit {
        _actions.deinitialize(count: _ring.capacity)
        _actions.deallocate()
    }

    /// The middleware that feeds the recorder.
    /// - Returns: The middleware; put it after interceptors, whose output it records either way.
    @inlinable
    public func middleware() -> Middleware<State, Action> {
        Middleware(
            name: "flight recorder", didProcess: { [self] action, state in record(action, state) })
    }

    /// Keeps one processed action, and the state after it when one is due.
    /// - Parameters:
    ///   - action: The action.
    ///   - state: The state after it.
    /// - Complexity: O(1).
    @inlinable
    public func record(_ action: Action, _ state: State) {
        _ring.record(action, state, at: _stopwatch.nanoseconds(), into: _actions)
    }

    /// The recording of what is kept: the oldest kept state from which every later action is
    /// still kept, the actions since, and the kept states after it.
    /// - Returns: The recording's lines.
    /// - Throws: ``RecordingError/unencodable(reason:)`` if a state or an action does not
    ///   encode.
    public func recording() throws(RecordingError) -> Data {
        let step = _ring.step
        let oldestAction = max(1, step - capacity + 1)
        let kept = _ring.snapshots.compactMap { $0 }.filter { $0.step >= oldestAction - 1 }
            .sorted { $0.step < $1.step }
        guard let start = kept.first else {
            preconditionFailure("a state is kept at most snapshotInterval actions back")
        }
        let encoder = RecordingFormat.encoder()
        func encoded(_ value: some Encodable) throws(RecordingError) -> Data {
            do {
                return try encoder.encode(value)
            } catch {
                throw .unencodable(reason: "\(error)")
            }
        }
        func state(_ snapshot: _Snapshot) throws(RecordingError) -> Data {
            var state = snapshot.value
            redactState?(&state)
            return try encoded(state)
        }
        let wallStart = Date().addingTimeInterval(
            -Double(_stopwatch.nanoseconds() - start.time) / 1e9)
        var data = RecordingFormat.header(
            snapshotInterval: snapshotInterval, program: program, start: wallStart)
        data += RecordingFormat.entry(
            kind: "initial", step: 0, time: .zero, field: "state", json: try state(start))
        var later = kept.dropFirst().makeIterator()
        var nextSnapshot = later.next()
        for number in (start.step + 1)..<(step + 1) {
            // Action n is at (n - 1) % capacity: the first went to slot 0.
            guard let entry = _actions[(number - 1) % capacity], entry.step == number
            else {
                preconditionFailure("every action after the oldest kept state is kept")
            }
            let action = redactAction?(entry.value) ?? entry.value
            let time = Duration.nanoseconds(entry.time - start.time)
            data += RecordingFormat.entry(
                kind: "action", step: number - start.step, time: time, field: "action",
                json: try encoded(action))
            if let snapshot = nextSnapshot, snapshot.step == number {
                data += RecordingFormat.entry(
                    kind: "snapshot", step: number - start.step, time: time, field: "state",
                    json: try state(snapshot))
                nextSnapshot = later.next()
            }
        }
        return data
    }

    /// Writes the recording of what is kept to a file, replacing it atomically.
    /// - Parameter file: Where to write.
    /// - Throws: ``RecordingError/unencodable(reason:)`` if a value does not encode, and
    ///   ``RecordingError/cannotWrite(file:reason:)`` if the file cannot be written; a file
    ///   that was there stays as it was.
    public func write(to file: URL) throws(RecordingError) {
        let data = try recording()
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw .cannotWrite(file: file, reason: "\(error)")
        }
    }
}
