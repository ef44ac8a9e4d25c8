import Foundation

extension StateSaver {
    /// The middleware that saves the part after the actions that change it.
    ///
    /// Per action it costs two short locks, a reference to the state, and (for `.debounce`)
    /// one reading of the clock, whatever the part's size; the part is encoded only when a
    /// save is due. See <doc:Persistence>.
    /// - Returns: The middleware, for the store's list.
    @inlinable
    public func middleware<Action>() -> Middleware<State, Action> {
        var middleware = Middleware<State, Action>(
            name: "state saver",
            willProcess: { [self] _ in willUpdate() },
            didProcess: { [self] _, state in didUpdate(state) },
            didTearDown: { [self] in flush() })
        // The timer runs where the store runs its effects: on a test store's scheduler, so
        // that advancing its test clock past the deadline writes the file.
        middleware.attach = { [self] executor in
            progress.withLock { $0.storeExecutor = executor }
        }
        return middleware
    }

    /// Lets go of the state before an update, so that the update writes it in place.
    /// Inlinable, as the other hot paths: specialised for the program's types, it spares the
    /// generic metadata lookups that cost most of an unspecialised call.
    @inlinable
    func willUpdate() {
        let now = debounceTime()
        progress.withLock { state in
            state.latest = nil
            state.lastAction = now
        }
    }

    /// The time on the saver's clock, read only for `.debounce`, the one timing that needs it.
    @inlinable
    func debounceTime() -> Duration {
        if case .debounce = timing { stopwatch.elapsed() } else { .zero }
    }

    /// Takes note of the state after an action, and starts a timer or a writer if none runs.
    @inlinable
    func didUpdate(_ state: State) {
        let start = progress.withLock { progress -> Int? in
            progress.latest = state
            progress.isDirty = true
            progress.actionCount &+= 1
            switch timing {
            case .immediate:
                guard !progress.isWriting else { return nil }
                progress.isWriting = true
                return 0
            case .debounce, .throttle:
                guard !progress.isTimerArmed else { return nil }
                progress.isTimerArmed = true
                progress.timerGeneration += 1
                return progress.timerGeneration
            }
        }
        guard let start else { return }
        switch timing {
        case .immediate:
            startWriter()
        case .debounce(let interval), .throttle(let interval):
            startTimer(interval, generation: start)
        }
    }

    /// Where the saver's own tasks run.
    private var taskExecutor: (any TaskExecutor)? {
        executor ?? progress.withLock { $0.storeExecutor }
    }

    /// Writes, off the main actor, until the part stops changing between writes: actions
    /// that come while a write runs are saved together by the next one.
    ///
    /// A flush that comes before the writer runs takes its place (see ``SaverTasks``).
    @usableFromInline
    func startWriter() {
        let epoch = tasks.current
        _ = EffectTasks.start(on: taskExecutor) { [weak self, tasks] in
            guard tasks.begin(in: epoch) else { return }
            defer { tasks.end() }
            while self?.writeAgain() == true {}
        }
    }

    /// One turn of the `.immediate` writer: saves, and tells whether to go on.
    private func writeAgain() -> Bool {
        let succeeded = saveLatest()
        return progress.withLock { state in
            // Not while an update runs (`latest` is nil then): the action that ends it
            // starts a writer of its own.
            guard succeeded, state.isDirty, state.latest != nil else {
                state.isWriting = false
                return false
            }
            return true
        }
    }

    /// Starts the one debounce or throttle timer. It counts as at work (see ``SaverTasks``)
    /// only between its sleeps, so that a flush never waits for a sleeping timer (on a test
    /// store's scheduler, a cancelled timer ends only when the test runs the scheduler).
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
                let next = self?.timerFired(generation: generation, interval: interval)
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
    private enum TimerStep {
        case stop
        case save
        case wait(Duration)
        case check(State, actionCount: UInt64, wait: Duration)
    }

    /// Saves or checks when the timer fires.
    /// - Returns: How long to wait before the next check, or `nil` when the timer is done.
    private func timerFired(generation: Int, interval: Duration) -> Duration? {
        let now = debounceTime()
        let step = progress.withLock { state -> TimerStep in
            guard state.isTimerArmed, state.timerGeneration == generation else { return .stop }
            let quiet = now - state.lastAction
            guard state.isDirty, case .debounce = timing, quiet < interval else {
                state.isTimerArmed = false
                state.timer = nil
                return state.isDirty ? .save : .stop
            }
            // Actions came within the interval. Whether they changed the part, only its
            // encoding can tell: a part that stays the same from one check to the next is
            // saved even while actions keep coming (a ticking timer must not put it off).
            guard let part = state.latest else { return .wait(interval - quiet) }
            return .check(part, actionCount: state.actionCount, wait: interval - quiet)
        }
        switch step {
        case .stop:
            return nil
        case .save:
            saveLatest()
            return nil
        case .wait(let wait):
            return wait
        case .check(let part, let count, let wait):
            guard let bytes = try? encode(lens.get(part)) else { return wait }
            let save = progress.withLock { state -> Bool? in
                guard state.isTimerArmed, state.timerGeneration == generation else { return nil }
                if bytes == state.savedBytes, state.actionCount == count {
                    // The file holds the part already, and no action came meanwhile.
                    state.isDirty = false
                    state.isTimerArmed = false
                    state.timer = nil
                    return nil
                }
                guard bytes != state.savedBytes, bytes == state.candidate else {
                    state.candidate = bytes
                    return false
                }
                state.isTimerArmed = false
                state.timer = nil
                return true
            }
            switch save {
            case nil:
                return nil
            case true?:
                saveLatest()
                return nil
            case false?:
                return wait
            }
        }
    }

    /// Writes the part after the last action if actions may have changed it and its encoding
    /// differs from what the file holds. Writes are serialised, and each takes the latest
    /// part, so the file never goes back to an older part.
    /// - Returns: Whether nothing failed (nothing to write counts as success).
    @discardableResult
    @usableFromInline
    func saveLatest() -> Bool {
        writing.withLock { _ in
            let (part, saved, refusal, sweeps) = progress.withLock {
                state -> (State?, Data?, Refusal?, Bool) in
                guard state.isDirty, let part = state.latest else { return (nil, nil, nil, false) }
                if let refusal = state.refusal { return (nil, nil, refusal, false) }
                state.isDirty = false
                defer { state.hasSwept = true }
                return (part, state.savedBytes, nil, !state.hasSwept)
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
            guard let part else { return true }
            do {
                let bytes = try encode(lens.get(part))
                guard bytes != saved else { return true }
                if sweeps { atomicFile.sweepLeftovers(of: file) }
                try atomicFile.write(bytes, to: file, newFileMode: newFileMode)
                progress.withLock { state in
                    state.savedBytes = bytes
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
