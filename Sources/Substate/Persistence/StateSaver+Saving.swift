import Foundation
import Synchronization

extension StateSaver {
    /// The middleware that saves the part after the actions that change it.
    ///
    /// Per action it costs, in a ``Store``, one short lock (skipped while a timer is armed and
    /// the part is marked) and (for `.debounce`) one reading of a coarse clock, whatever the
    /// part's size: the store hands the state over when a save is
    /// due. The stores off the main actor cannot hand it over on demand, so there the saver
    /// also takes a reference to each state (a second lock per action). The part is encoded
    /// only when a save is due. See <doc:Persistence>.
    /// - Returns: The middleware, for the store's list.
    @inlinable
    public func middleware<Action>() -> Middleware<State, Action> {
        var middleware: Middleware<State, Action> = keepingMiddleware()
        middleware.install = { [self] site in installed(at: site) }
        return middleware
    }

    /// The middleware for a store that can hand its state over (a ``Store``): one hook per
    /// action, and the state on demand; else the middleware that keeps each state. Inlinable,
    /// so that the hooks are specialised for the program's types.
    @inlinable
    func installed<Action>(at site: _MiddlewareServices<State>) -> Middleware<State, Action> {
        progress.withLock { state in
            // The timer runs where the store runs its effects: on a test store's scheduler,
            // so that advancing its test clock past the deadline writes the file.
            state.storeExecutor = site.executor
            state.source = site.source
            if site.source == nil {
                state.hasKeepingStore = true
                quick.store(false, ordering: .relaxed)
            }
        }
        guard site.source != nil else { return keepingMiddleware() }
        // At the teardown, the store's source hands out its last state, which the flush saves.
        return Middleware<State, Action>(
            name: "state saver",
            willProcess: { [self] _ in actionBegins() },
            didTearDown: { [self] in flush() })
    }

    /// The middleware that keeps the state after each action, to read the part from when a
    /// save is due; for the stores that cannot hand the state over on demand.
    @inlinable
    func keepingMiddleware<Action>() -> Middleware<State, Action> {
        Middleware<State, Action>(
            name: "state saver",
            willProcess: { [self] _ in willUpdate() },
            didProcess: { [self] _, state in didUpdate(state) },
            didTearDown: { [self] in flush() })
    }

    /// Takes note that an action may change the part, and starts a timer or a writer if none
    /// runs; for a store that hands its state over when a save is due. Inlinable, as the
    /// other hot paths: specialised for the program's types, it spares the generic metadata
    /// lookups that cost most of an unspecialised call.
    ///
    /// Runs on the main actor. While the part is dirty and the timer armed, it only notes the
    /// action's time, without the lock (see ``quick``).
    @inlinable
    func actionBegins() {
        let now = debounceTime()
        lastAction.store(now, ordering: .relaxed)
        if quick.load(ordering: .relaxed) { return }
        let start = progress.withLock { progress -> Int? in
            let start = progress.noteAction(for: timing)
            if progress.isTimerArmed, !progress.hasKeepingStore {
                quick.store(true, ordering: .relaxed)
            }
            return start
        }
        if let start { startWork(generation: start) }
    }

    /// Lets go of the kept state before an update, so that the update writes it in place.
    @inlinable
    func willUpdate() {
        let now = debounceTime()
        progress.withLock { state in
            state.latest = nil
            state.hasKeepingStore = true
            quick.store(false, ordering: .relaxed)
            lastAction.store(now, ordering: .relaxed)
        }
    }

    /// The time on the saver's clock in nanoseconds, read only for `.debounce`, the one
    /// timing that needs it.
    @inlinable
    func debounceTime() -> Int64 {
        notesTime ? stopwatch.nanoseconds() : 0
    }

    /// Keeps the state after an action, and starts a timer or a writer if none runs.
    @inlinable
    func didUpdate(_ state: State) {
        let start = progress.withLock { progress -> Int? in
            progress.latest = state
            return progress.noteAction(for: timing)
        }
        if let start { startWork(generation: start) }
    }

    /// The number of the last action that took the lock, read with the state for a save or a
    /// check, on the main actor: from now on, actions take the lock (see ``quick``).
    func countAtSnapshot() -> UInt64 {
        quick.store(false, ordering: .relaxed)
        return progress.withLock { $0.actionCount }
    }

    /// Starts the writer (`.immediate`) or the timer (the others) that ``Progress/noteAction(for:)``
    /// claimed.
    @usableFromInline
    func startWork(generation: Int) {
        switch timing {
        case .immediate:
            startWriter()
        case .debounce(let interval), .throttle(let interval):
            startTimer(interval, generation: generation)
        }
    }

    /// Where the saver's own tasks run.
    private var taskExecutor: (any TaskExecutor)? {
        executor ?? progress.withLock { $0.storeExecutor }
    }

    /// The state after the last action, and the number of that action.
    typealias Snapshot = (state: State, actionCount: UInt64)

    /// Where the state comes from now.
    private enum Reading {
        /// Known: kept (`nil` while an update runs).
        case known(Snapshot?)
        /// The store hands it over.
        case ask(_StateSource<State>)
    }

    private func reading() -> Reading {
        progress.withLock { state in
            if let source = state.source { return .ask(source) }
            return .known(state.latest.map { ($0, state.actionCount) })
        }
    }

    /// The state after the last action, now. From a store that hands it over, it is read at
    /// once on the main actor or once the store is torn down or gone; elsewhere the caller
    /// waits for the store to hand it over when `waits`, and gets `nil` when not.
    func snapshotNow(waits: Bool = true) -> Snapshot? {
        switch reading() {
        case .known(let snapshot):
            return snapshot
        case .ask(let source):
            let count: @Sendable () -> UInt64 = { [self] in countAtSnapshot() }
            guard waits else { return source.stateHere(with: count).map { ($0.0, $0.1) } }
            return source.waitForState(with: count).map { ($0.0, $0.1) }
        }
    }

    /// Hands `receive` the state after the last action and its number: at once when it is
    /// known, else when the store hands it over (on its isolation, where the number is read
    /// at the same moment), or the store's last state once it is torn down or gone; `nil` for
    /// a saver that keeps the states while an update runs (the update's end takes over).
    private func withSnapshot(_ receive: @escaping @Sendable (_Sent<Snapshot?>) -> Void) {
        switch reading() {
        case .known(let snapshot):
            receive(_Sent(snapshot))
        case .ask(let source):
            source.withState { [self] state in
                receive(_Sent(state.map { ($0, countAtSnapshot()) }))
            }
        }
    }

    /// The state after the last action, for the saver's tasks (see ``withSnapshot(_:)``);
    /// `nil` when the task must stop: a flush came since it was started in `epoch`, or the
    /// saver is gone.
    ///
    /// The saver is held only while the task asks, as a task at work (so a flush waits for
    /// it), never while it waits for the answer: a store that is torn down answers only when
    /// it drops the request, and a command-line tool may exit meanwhile. Once a flush
    /// returns, nothing of the saver is held by its tasks.
    private static func snapshotLater(
        of saver: () -> StateSaver?, tasks: SaverTasks, epoch: Int
    ) async -> Snapshot?? {
        let sent: _Sent<Snapshot?>? = await withCheckedContinuation { continuation in
            guard tasks.begin(in: epoch) else { return continuation.resume(returning: nil) }
            defer { tasks.end() }
            guard let saver = saver() else { return continuation.resume(returning: nil) }
            saver.withSnapshot { continuation.resume(returning: $0) }
        }
        return sent.map(\.value)
    }

    /// Writes, off the main actor, until the part stops changing between writes: actions
    /// that come while a write runs are saved together by the next one.
    ///
    /// A flush that comes before a turn of the writer takes its place (see ``SaverTasks``).
    /// The writer holds the saver only while it writes (see ``snapshotLater(of:tasks:epoch:)``).
    @usableFromInline
    func startWriter() {
        let epoch = tasks.current
        _ = EffectTasks.start(on: taskExecutor) { [weak self, tasks] in
            while true {
                // It waits for the state before it counts as at work, so that a flush never
                // waits for a hand-off.
                guard
                    let snapshot = await Self.snapshotLater(
                        of: { [weak self] in self }, tasks: tasks, epoch: epoch)
                else { return }
                guard tasks.begin(in: epoch) else { return }
                let again = self?.write(snapshot) ?? false
                tasks.end()
                guard again else { return }
            }
        }
    }

    /// One turn of the `.immediate` writer, at work: saves, and tells whether to go on.
    private func write(_ snapshot: Snapshot?) -> Bool {
        let succeeded = save(snapshot)
        return progress.withLock { state in
            // Not while an update runs (a saver that keeps the states has none then): the
            // action that ends it starts a writer of its own.
            guard succeeded, state.isDirty, snapshot != nil else {
                state.isWriting = false
                return false
            }
            return true
        }
    }

    /// Starts the one debounce or throttle timer. It counts as at work (see ``SaverTasks``)
    /// only when it has the state and saves or checks, never while it sleeps or waits for the
    /// state, so that a flush never waits for it (on a test store's scheduler, a cancelled
    /// timer ends only when the test runs the scheduler). It holds the saver only while it
    /// decides, saves or checks (see ``snapshotLater(of:tasks:epoch:)``).
    @usableFromInline
    func startTimer(_ interval: Duration, generation: Int) {
        let epoch = tasks.current
        let timer = EffectTasks.start(on: taskExecutor) { [weak self, sleep, tasks] in
            var wait = interval
            while true {
                do {
                    try await sleep(wait)
                } catch {
                    return  // cancelled: a flush took over
                }
                guard tasks.begin(in: epoch) else { return }
                let step = self?.timerFired(generation: generation, interval: interval)
                tasks.end()
                guard let step, step != .stop else { return }
                guard
                    let snapshot = await Self.snapshotLater(
                        of: { [weak self] in self }, tasks: tasks, epoch: epoch)
                else { return }
                if case .check(let next) = step, snapshot == nil {
                    wait = next  // not handed over: check again later
                    continue
                }
                guard tasks.begin(in: epoch) else { return }
                let next = self?.timerWork(step, with: snapshot, generation: generation)
                tasks.end()
                guard let next else { return }
                wait = next
            }
        }
        progress.withLock { state in
            if state.timerGeneration == generation { state.timer = timer }
        }
    }

    /// What a debounce timer does when it fires.
    private enum TimerStep: Equatable {
        case stop
        case save
        case check(wait: Duration)
    }

    /// What to do when the timer fires.
    private func timerFired(generation: Int, interval: Duration) -> TimerStep {
        let now = debounceTime()
        return progress.withLock { state -> TimerStep in
            guard state.isTimerArmed, state.timerGeneration == generation else { return .stop }
            let quiet = Duration.nanoseconds(now &- lastAction.load(ordering: .relaxed))
            guard state.isDirty, case .debounce = timing, quiet < interval else {
                disarmTimer(&state)
                state.timer = nil
                return state.isDirty ? .save : .stop
            }
            // Actions came within the interval. Whether they changed the part, only its
            // encoding can tell: a part that stays the same from one check to the next is
            // saved even while actions keep coming (a ticking timer must not put it off).
            return .check(wait: interval - quiet)
        }
    }

    /// Saves or checks, at work, with the state the timer waited for.
    /// - Returns: How long to wait before the next check, or `nil` when the timer is done.
    private func timerWork(
        _ step: TimerStep, with snapshot: Snapshot?, generation: Int
    ) -> Duration? {
        guard case .check(let wait) = step, let snapshot else {
            save(snapshot)
            return nil
        }
        guard let bytes = try? encode(lens.get(snapshot.state)) else { return wait }
        let save = progress.withLock { state -> Bool? in
            guard state.isTimerArmed, state.timerGeneration == generation else { return nil }
            if bytes == state.savedBytes, state.actionCount == snapshot.actionCount {
                // The file holds the part already, and no action came meanwhile.
                markClean(&state)
                disarmTimer(&state)
                state.timer = nil
                return nil
            }
            guard bytes != state.savedBytes, bytes == state.candidate else {
                state.candidate = bytes
                return false
            }
            disarmTimer(&state)
            state.timer = nil
            return true
        }
        switch save {
        case nil:
            return nil
        case true?:
            self.save(snapshot)
            return nil
        case false?:
            return wait
        }
    }

    /// Writes the part of `snapshot` if actions may have changed it since the last save and
    /// its encoding differs from what the file holds. Writes are serialised, and a snapshot
    /// older than the one last written is not written, so the file never goes back to an
    /// older part.
    /// - Returns: Whether nothing failed (nothing to write counts as success).
    @discardableResult
    func save(_ snapshot: Snapshot?) -> Bool {
        writing.withLock { _ in
            let (saved, refusal, sweeps) = progress.withLock {
                state -> (Data?, Refusal?, Bool?) in
                guard state.isDirty, let snapshot, snapshot.actionCount >= state.savedCount else {
                    return (nil, nil, nil)
                }
                if let refusal = state.refusal { return (nil, refusal, nil) }
                // An action after the snapshot keeps the part dirty: a later save takes it.
                if snapshot.actionCount == state.actionCount {
                    markClean(&state)
                }
                defer { state.hasSwept = true }
                return (state.savedBytes, nil, !state.hasSwept)
            }
            switch refusal {
            case .newerVersion:
                onError(.writeRefused(file: file))
                return false
            case .keptInPlace(let moveFailure):
                onError(
                    .writeBlocked(
                        file: file,
                        reason: "the unreadable file there could not be moved aside "
                            + "(\(moveFailure)) and is kept in place"))
                return false
            case nil:
                break
            }
            guard let sweeps, let snapshot else { return true }
            do {
                let bytes = try encode(lens.get(snapshot.state))
                guard bytes != saved else { return true }
                if sweeps { atomicFile.sweepLeftovers(of: file) }
                try atomicFile.write(bytes, to: file, newFileMode: newFileMode)
                progress.withLock { state in
                    state.savedBytes = bytes
                    state.savedCount = snapshot.actionCount
                    state.candidate = nil
                    state.writeCount += 1
                }
                return true
            } catch {
                onError(.writeFailed(file: file, reason: Self.reason(error)))
                progress.withLock { $0.isDirty = true }
                return false
            }
        }
    }

    /// The file's contents for a part.
    func encode(_ part: Part) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let state = try encoder.encode(part)
        let header = try encoder.encode(Header(format: Self.formatName, version: version))
        // `{"format":…,"version":…}` + `,"state":…}`: the part's encoding goes in as it is.
        var data = header.dropLast()
        data.append(contentsOf: Array(#","state":"#.utf8))
        data.append(state)
        data.append(contentsOf: Array("}\n".utf8))
        return Data(data)
    }
}

/// The fields of a saved state file besides the state.
private struct Header: Encodable {
    var format: String
    var version: Int
}
