import Foundation

extension StateSaver {
    /// The middleware that saves the part after the actions that change it.
    ///
    /// Compares the part with what was last saved after every action: one `==` of the part.
    /// - Returns: The middleware, for the store's list.
    public func middleware<Action>() -> Middleware<State, Action> {
        var middleware = Middleware<State, Action>(
            name: "state saver",
            didProcess: { [self] _, state in changed(to: lens.get(state)) },
            didTearDown: { [self] in flush() })
        // The timer runs where the store runs its effects: on a test store's scheduler, so
        // that advancing its test clock past the deadline writes the file.
        middleware.attach = { [self] executor in
            progress.withLock { $0.storeExecutor = executor }
        }
        return middleware
    }

    /// Takes note of the part after an action, and schedules a write if it changed.
    func changed(to part: Part) {
        let schedule = progress.withLock { state -> Bool in
            guard part != (state.pending ?? state.saved) else { return false }
            state.pending = part
            switch timing {
            case .immediate:
                return true
            case .debounce:
                state.timer?.cancel()
                state.timer = nil
                return true
            case .throttle:
                return state.timer == nil
            }
        }
        guard schedule else { return }
        switch timing {
        case .immediate:
            writePending()
        case .debounce(let interval), .throttle(let interval):
            startTimer(interval)
        }
    }

    private func startTimer(_ interval: Duration) {
        let (generation, storeExecutor) = progress.withLock { state in
            state.timerGeneration += 1
            return (state.timerGeneration, state.storeExecutor)
        }
        let timer = EffectTasks.start(on: executor ?? storeExecutor) {
            [weak self, sleep] in
            do {
                try await sleep(interval)
            } catch {
                return  // cancelled: a newer change or a flush took over
            }
            guard let self else { return }
            self.progress.withLock { state in
                if state.timerGeneration == generation { state.timer = nil }
            }
            self.writePending()
        }
        progress.withLock { state in
            if state.timerGeneration == generation { state.timer = timer }
        }
    }

    /// Writes the pending part, if any. Writes are serialised, and each takes the latest
    /// pending part, so the file never goes back to an older part.
    func writePending() {
        writing.withLock { _ in
            let (part, refusal, sweeps) = progress.withLock { state -> (Part?, Refusal?, Bool) in
                guard let pending = state.pending else { return (nil, nil, false) }
                if let refusal = state.refusal { return (nil, refusal, false) }
                defer { state.hasSwept = true }
                return (pending, nil, !state.hasSwept)
            }
            switch refusal {
            case .newerVersion:
                onError(.writeRefused(file: file))
            case .keptInPlace(let moveFailure):
                onError(
                    .writeBlocked(
                        file: file,
                        reason: "the unreadable file there could not be moved aside "
                            + "(\(moveFailure)) and is kept in place"))
            case nil:
                break
            }
            guard let part else { return }
            if sweeps { atomicFile.sweepLeftovers(of: file) }
            do {
                try atomicFile.write(encode(part), to: file, newFileMode: newFileMode)
            } catch {
                onError(.writeFailed(file: file, reason: Self.reason(error)))
                return
            }
            progress.withLock { state in
                state.saved = part
                state.writeCount += 1
                if state.pending == part { state.pending = nil }
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
