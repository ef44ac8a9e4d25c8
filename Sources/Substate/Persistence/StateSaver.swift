import Foundation
import Synchronization

/// Saves a `Codable` part of a store's state to a file, as middleware, and loads it back at
/// launch.
///
/// ```swift
/// let saver = StateSaver(
///     file: support.appendingPathComponent("settings.json"),
///     at: \.settings, version: 2,
///     timing: .debounce(.seconds(1)), clock: ContinuousClock(),
///     migrate: { version, data in try Settings.migrate(from: version, data) })
/// var state = App()
/// do {
///     state = try saver.load(into: state)
/// } catch {
///     print(error)  // a PersistenceError: the file was kept aside or left untouched
/// }
/// let store = Store(state: state, environment: .live, program: App.self,
///                   middleware: [saver.middleware()])
/// ```
///
/// ## Saving
/// Before each action, the middleware takes note that the part may change: a mark and a
/// count under one short lock, and for `.debounce` a reading of the clock. While a debounce
/// or throttle timer is armed and the part already marked, the lock is skipped (only the
/// time is noted) until the timer next reads the state. It keeps no copy
/// of the state, so the update writes the state in place; that costs the same whatever the
/// part's size. When a save is due, on the clock's time according to ``SaveTiming`` and off
/// the main actor, the saver asks the ``Store`` for its state, which the store hands over on
/// the main actor between two actions (through its effect inbox: in a `TestStore`, when its
/// scheduler runs), then encodes the part and compares the bytes with what the file holds:
/// an unchanged part writes nothing. The stores off the main actor (``ActorStore``,
/// ``IsolatedStore``) cannot be asked from another thread, so there the saver also keeps a
/// reference to the state after each action, which it lets go before the next update.
/// Writes are atomic
/// (a temporary file, flushed to disk, renamed over the old one), so a crash or a failed
/// write leaves the previous file intact; the temporary files of writes killed half-way are
/// removed when the saver next loads or first saves, but never one that a writer still holds
/// locked (each writer locks its temporary file before it gets its `.tmp` name, and holds the
/// lock until the rename). A new file is readable by its owner only, unless you pass other
/// `filePermissions`; an existing file keeps its permissions. ``flush()`` writes a pending
/// part at once; the store's ``Store/tearDown()`` and the saver's deinitialisation flush too.
/// A failed save is reported to `onError` and stays pending: the next action or flush tries
/// again. <doc:Persistence> lists what each timing costs per action and per save.
///
/// ## Loading
/// ``load(into:)`` runs before the store exists and throws a ``PersistenceError`` for a
/// file it cannot use, which the program handles where it builds its initial state (it is
/// not an action: there is no store yet). A missing file is not an error: the state is
/// returned as it was. A corrupt or truncated file is moved aside (kept, never overwritten).
/// A file with a newer schema version is left untouched and this saver refuses to write over
/// it. A file with an older version goes through `migrate`.
///
/// ## File format
/// JSON: `{"format": "substate-state", "version": 2, "state": …}`, where `state` is the
/// part's `Codable` encoding. The version is yours: raise it when the part's encoding
/// changes, and teach `migrate` to turn the old `state` into the new.
public final class StateSaver<State, Part: Codable & Equatable & Sendable>: Sendable {
    /// The file the part is saved to.
    public let file: URL
    /// The schema version this program writes.
    public let version: Int
    /// When a change is written.
    public let timing: SaveTiming

    @usableFromInline let lens: Lens<State, Part>
    let migrate: (@Sendable (_ version: Int, _ state: Data) throws -> Data)?
    let onError: @Sendable (PersistenceError) -> Void
    let sleep: @Sendable (Duration) async throws -> Void
    /// The time on the saver's clock since the saver was made.
    @usableFromInline let stopwatch: Stopwatch
    /// Whether each action's time is noted: for `.debounce`, the one timing that needs it.
    /// (A stored flag: matching `timing` per action costs a debug build a copy of the enum.)
    @usableFromInline let notesTime: Bool
    let executor: (any TaskExecutor)?
    let atomicFile: AtomicFile
    /// The permissions of a file the saver creates.
    let newFileMode: Int

    /// Why the saver will not write the file.
    @usableFromInline
    enum Refusal {
        /// The file belongs to a newer version.
        case newerVersion
        /// The file could not be used and could not be moved aside.
        case keptInPlace(moveFailure: String)
    }

    @usableFromInline
    struct Progress {
        /// How to read the store's state when a save is due: a ``Store`` hands it over, so
        /// that the saver keeps no copy of it per action.
        @usableFromInline var source: _StateSource<State>?
        /// For the stores that cannot hand their state over (`source` is `nil`): the state
        /// after the last action, which the part is read from when a save is due. Kept
        /// between actions only: it is let go right before each update, so that the update
        /// writes the store's state in place instead of copying it, and taken again after it
        /// (a retain per stored reference of the state, whatever the part's size; cheaper
        /// than reading the part through its lens per action). A store's state is `Sendable`,
        /// so the timer may read it on its thread.
        @usableFromInline var latest: State?
        /// Whether the actions since the last save may have changed the part. The saver does
        /// not compare the part per action (that would cost its size): it finds out when a
        /// save is due, from the part's encoding. Cleared only by
        /// ``StateSaver/markClean(_:)``.
        @usableFromInline var isDirty = false
        /// Counts the actions that took the lock, so that a check can tell whether one came
        /// while it encoded: the first action after a read of the state always takes it
        /// (see ``StateSaver/quick``).
        @usableFromInline var actionCount: UInt64 = 0
        /// Whether a store that cannot hand its state over (an ``ActorStore``) uses the saver:
        /// its states are read without a hop to the main actor, so no action may skip the
        /// lock (see ``StateSaver/quick``).
        @usableFromInline var hasKeepingStore = false
        /// The encoding of the part the file holds (loaded or written), if known.
        @usableFromInline var savedBytes: Data?
        /// The number of the action whose part the file holds, so that a save never writes an
        /// older part over a newer one.
        @usableFromInline var savedCount: UInt64 = 0
        /// The encoding a debounce check found while actions kept coming, to tell at the next
        /// check whether the part stayed the same meanwhile.
        @usableFromInline var candidate: Data?
        /// Whether a debounce or throttle timer is running. Cleared only by
        /// ``StateSaver/disarmTimer(_:)``.
        @usableFromInline var isTimerArmed = false
        /// The running timer, to cancel it.
        @usableFromInline var timer: Task<Void, Never>?
        /// Counts started timers, so that a timer that was cancelled or replaced stops.
        @usableFromInline var timerGeneration = 0
        /// Whether an `.immediate` writer task is running.
        @usableFromInline var isWriting = false
        /// Where the store that the saver's middleware is installed in runs its effects.
        @usableFromInline var storeExecutor: (any TaskExecutor)?
        /// Set when the file must not be written over: never write.
        @usableFromInline var refusal: Refusal?
        /// Whether leftovers of killed writes were looked for since the saver was made.
        @usableFromInline var hasSwept = false
        @usableFromInline var writeCount = 0

        @usableFromInline init() {}

        /// Takes note of an action that may change the part (marks it dirty, counts it) and
        /// claims the writer (`.immediate`) or the timer (the others) if none runs.
        /// - Returns: The timer's generation (0 for the writer), to start it with; `nil` when
        ///   one runs already.
        @inlinable
        mutating func noteAction(for timing: SaveTiming) -> Int? {
            isDirty = true
            actionCount &+= 1
            switch timing {
            case .immediate:
                guard !isWriting else { return nil }
                isWriting = true
                return 0
            case .debounce, .throttle:
                guard !isTimerArmed else { return nil }
                isTimerArmed = true
                timerGeneration += 1
                return timerGeneration
            }
        }
    }

    @usableFromInline let progress = Locked(Progress())
    /// When the last action began, in nanoseconds on the saver's clock (for `.debounce`).
    @usableFromInline let lastAction = Atomic<Int64>(0)
    /// Whether an action in a ``Store`` may skip the lock and only note its time: the part is
    /// dirty and the timer armed already, so under the lock it would change nothing else (an
    /// uncontended `pthread` lock and unlock cost about as much as the store's whole send).
    ///
    /// Set only by an action that took the lock, on the main actor, where every action of a
    /// ``Store`` runs; cleared under the lock by whatever makes the part clean or disarms the
    /// timer, and on the main actor by every read of the state for a save or a check
    /// (``StateSaver/countAtSnapshot()``). So the first action after a read of the state
    /// takes the lock and is counted there, and a check that finds the count unchanged since
    /// the read knows that no action came: the actions that skipped the lock came before the
    /// read, on the same actor, and the state it read holds their changes.
    @usableFromInline let quick = Atomic<Bool>(false)

    /// Marks the part clean, under the lock; the next action takes the lock again, to mark it
    /// dirty (see ``quick``).
    func markClean(_ state: inout Progress) {
        state.isDirty = false
        quick.store(false, ordering: .relaxed)
    }

    /// Marks the timer stopped, under the lock; the next action takes the lock again, to arm
    /// one (see ``quick``).
    func disarmTimer(_ state: inout Progress) {
        state.isTimerArmed = false
        quick.store(false, ordering: .relaxed)
    }

    /// Serialises writes, so that an older part never lands after a newer one. (`UInt8`, not
    /// `Void`: see ``WaiterLocks``.)
    let writing = Locked<UInt8>(0)
    /// The writer and timer tasks at work, which a flush waits for.
    let tasks = SaverTasks()

    /// Creates a saver for a part of the state.
    /// - Parameters:
    ///   - file: Where to save. Its directory must exist.
    ///   - part: Where the part to save lives in the state.
    ///   - version: The schema version of the part's encoding; raise it when the encoding
    ///     changes.
    ///   - timing: When a change is written.
    ///   - clock: The clock the timing waits on (the environment's, so that tests control
    ///     it).
    ///   - executor: Where the save timer runs; `nil` (the default) for where the store runs
    ///     its effects: in a `TestStore`, its scheduler, so that advancing the test clock
    ///     writes the file before `advance` returns.
    ///   - filePermissions: The POSIX permissions of the file when the saver creates it:
    ///     readable and writable by its owner only (`0o600`) unless you say otherwise. A file
    ///     that exists keeps its own permissions.
    ///   - migrate: Turns the `state` of an older version into the current encoding. Without
    ///     it, an older file fails to load with ``PersistenceError/migrationFailed(file:from:keptAt:reason:)``.
    ///   - onError: Receives failed saves; standard error by default.
    public convenience init<C: Clock>(
        file: URL,
        at part: Lens<State, Part>,
        version: Int = 1,
        timing: SaveTiming = .debounce(.seconds(1)),
        clock: C,
        executor: (any TaskExecutor)? = nil,
        filePermissions: Int = 0o600,
        migrate: (@Sendable (_ version: Int, _ state: Data) throws -> Data)? = nil,
        onError: (@Sendable (PersistenceError) -> Void)? = nil
    ) where C.Duration == Duration {
        self.init(
            file: file, part: part, version: version, timing: timing, clock: clock,
            executor: executor, filePermissions: filePermissions, migrate: migrate,
            onError: onError, atomicFile: AtomicFile())
    }

    /// Creates a saver for a property of the state, named by its key path:
    /// `StateSaver(file: url, at: \.settings, clock: ContinuousClock())`.
    /// - Parameters:
    ///   - file: Where to save. Its directory must exist.
    ///   - keyPath: Where the part to save lives in the state.
    ///   - version: The schema version of the part's encoding; raise it when the encoding
    ///     changes.
    ///   - timing: When a change is written.
    ///   - clock: The clock the timing waits on (the environment's, so that tests control
    ///     it).
    ///   - executor: Where the save timer runs; `nil` (the default) for where the store runs
    ///     its effects: in a `TestStore`, its scheduler, so that advancing the test clock
    ///     writes the file before `advance` returns.
    ///   - filePermissions: The POSIX permissions of the file when the saver creates it:
    ///     readable and writable by its owner only (`0o600`) unless you say otherwise. A file
    ///     that exists keeps its own permissions.
    ///   - migrate: Turns the `state` of an older version into the current encoding. Without
    ///     it, an older file fails to load with ``PersistenceError/migrationFailed(file:from:keptAt:reason:)``.
    ///   - onError: Receives failed saves; standard error by default.
    public convenience init<C: Clock>(
        file: URL,
        at keyPath: any WritableKeyPath<State, Part> & Sendable,
        version: Int = 1,
        timing: SaveTiming = .debounce(.seconds(1)),
        clock: C,
        executor: (any TaskExecutor)? = nil,
        filePermissions: Int = 0o600,
        migrate: (@Sendable (_ version: Int, _ state: Data) throws -> Data)? = nil,
        onError: (@Sendable (PersistenceError) -> Void)? = nil
    ) where C.Duration == Duration {
        self.init(
            file: file, part: Lens(keyPath), version: version, timing: timing, clock: clock,
            executor: executor, filePermissions: filePermissions, migrate: migrate,
            onError: onError, atomicFile: AtomicFile())
    }

    /// Creates a saver, with a file writer that tests can make fail.
    package init<C: Clock>(
        file: URL,
        part: Lens<State, Part>,
        version: Int,
        timing: SaveTiming,
        clock: C,
        executor: (any TaskExecutor)?,
        filePermissions: Int = 0o600,
        migrate: (@Sendable (_ version: Int, _ state: Data) throws -> Data)?,
        onError: (@Sendable (PersistenceError) -> Void)?,
        atomicFile: AtomicFile
    ) where C.Duration == Duration {
        self.newFileMode = filePermissions
        self.file = file
        self.lens = part
        self.version = version
        self.timing = timing
        self.sleep = { try await clock.sleep(for: $0) }
        self.stopwatch = Stopwatch(on: clock, coarse: true)
        if case .debounce = timing { self.notesTime = true } else { self.notesTime = false }
        self.executor = executor
        self.migrate = migrate
        self.onError = onError ?? { writeToStandardError("Substate: \($0)") }
        self.atomicFile = atomicFile
    }

    deinit {
        progress.withLock { $0.timer?.cancel() }
        save(snapshotNow(waits: false))
    }

    /// Whether the part differs from what the file holds: a change not written yet.
    ///
    /// After actions since the last save, it encodes the part to compare it with the file's
    /// contents, which costs the part's size (the saver does not compare per action). Off
    /// the main actor, a ``Store``'s saver waits for the store to hand its state over.
    public var hasPendingSave: Bool {
        guard progress.withLock({ $0.isDirty }) else { return false }
        guard let snapshot = snapshotNow(), let bytes = try? encode(lens.get(snapshot.state))
        else { return true }
        return progress.withLock { state in
            guard bytes == state.savedBytes else { return true }
            if state.actionCount == snapshot.actionCount {
                markClean(&state)
            }
            return state.isDirty
        }
    }

    /// How many times the saver wrote the file.
    public var writeCount: Int { progress.withLock { $0.writeCount } }

    /// Writes the part now, on the calling thread, if it differs from what the file holds,
    /// and cancels the timer. Does nothing when nothing changed.
    ///
    /// It first waits for a write under way to end; a writer or timer that has not run yet
    /// will do nothing. So when `flush()` returns, nothing of the saver is writing or about
    /// to write: a failed save is reported once by this call, not tried again behind the
    /// caller's back, and a command-line tool may exit.
    ///
    /// A ``Store``'s saver reads the store's state at once on the main actor; called from
    /// another thread while the store runs, it waits for the main actor to hand the state
    /// over, so do not call it from a thread that the main actor waits for.
    public func flush() {
        progress.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            disarmTimer(&state)
            state.timerGeneration += 1
            // A writer that has not run yet will not: this flush writes for it.
            state.isWriting = false
        }
        tasks.endEpochAndWait()
        save(snapshotNow())
    }
}

extension StateSaver where Part == State {
    /// Creates a saver for the whole state.
    /// - Parameters:
    ///   - file: Where to save. Its directory must exist.
    ///   - version: The schema version of the state's encoding.
    ///   - timing: When a change is written.
    ///   - clock: The clock the timing waits on.
    ///   - executor: Where the save timer runs; `nil` (the default) for where the store runs
    ///     its effects.
    ///   - filePermissions: The permissions of the file when the saver creates it (`0o600`,
    ///     its owner's only, by default); an existing file keeps its own.
    ///   - migrate: Turns the `state` of an older version into the current encoding.
    ///   - onError: Receives failed saves; standard error by default.
    public convenience init<C: Clock>(
        file: URL,
        version: Int = 1,
        timing: SaveTiming = .debounce(.seconds(1)),
        clock: C,
        executor: (any TaskExecutor)? = nil,
        filePermissions: Int = 0o600,
        migrate: (@Sendable (_ version: Int, _ state: Data) throws -> Data)? = nil,
        onError: (@Sendable (PersistenceError) -> Void)? = nil
    ) where C.Duration == Duration {
        self.init(
            file: file, at: Lens(\State.self), version: version, timing: timing, clock: clock,
            executor: executor, filePermissions: filePermissions, migrate: migrate,
            onError: onError)
    }
}
