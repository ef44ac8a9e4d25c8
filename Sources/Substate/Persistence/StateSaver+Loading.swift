import Foundation

extension StateSaver {
    /// The `format` field of a saved state file.
    static var formatName: String { "substate-state" }

    /// Reads the saved part into a state.
    ///
    /// - A missing file returns `state` unchanged.
    /// - A file this program can read returns `state` with the saved part written in through
    ///   the lens, after `migrate` for an older version.
    /// - Otherwise it throws, and the file is kept: moved aside if it is corrupt or could
    ///   not be migrated, left in place (and never written over by this saver) if it is from
    ///   a newer version, cannot be read at all, or cannot be moved aside.
    ///
    /// It first removes the temporary files that writes killed half-way left beside the
    /// file (see ``StateSaver``).
    ///
    /// Either way, the part it returns (or the part of `state`, for a missing file) counts
    /// as saved: actions that leave it unchanged write nothing. (A file of the current
    /// version that this saver did not write, edited by hand, say, is written once more in
    /// the saver's form at the first due save.) A valid file is decoded in one pass, within
    /// 1.5 times what `JSONDecoder` takes for the part alone (the benchmark's
    /// `saver.load.10k`).
    /// - Parameter state: The initial state.
    /// - Returns: The initial state with the saved part in it.
    /// - Throws: ``PersistenceError``.
    public func load(into state: State) throws(PersistenceError) -> State {
        progress.withLock { $0.hasSwept = true }
        atomicFile.sweepLeftovers(of: file)
        return try load(into: state, movingAside: true)
    }

    /// Reads the saved part into a state without changing anything on disk: for a program
    /// that only shows the saved state (a `list` command).
    ///
    /// It reads as ``load(into:)`` does, but leaves every file where it is: a file it cannot
    /// use throws ``PersistenceError/invalid(file:reason:)`` and stays in place, and no
    /// temporary files are removed. After such an error the saver will not write over the
    /// file either, should its middleware be installed.
    /// - Parameter state: The initial state.
    /// - Returns: The initial state with the saved part in it.
    /// - Throws: ``PersistenceError``.
    public func read(into state: State) throws(PersistenceError) -> State {
        try load(into: state, movingAside: false)
    }

    private func load(into state: State, movingAside: Bool) throws(PersistenceError) -> State {
        var state = state
        guard let data = try readFile() else {
            noteSaved(lens.get(state))
            return state
        }
        let (part, isCurrent) = try decode(data, movingAside: movingAside)
        lens.set(&state, to: part)
        if isCurrent {
            // What the file holds, as it is: a file this saver wrote is what it would write
            // for this part again, so the part is not encoded anew here (a file written
            // otherwise is written once more, in the saver's form, at the first save).
            progress.withLock { $0.savedBytes = data }
        } else {
            noteSaved(part)
        }
        return state
    }

    /// Takes a loaded part as what the file holds: its encoding, as the saver would write it,
    /// so that actions that leave the part as it is write nothing.
    private func noteSaved(_ part: Part) {
        let bytes = try? encode(part)
        progress.withLock { $0.savedBytes = bytes }
    }

    /// The file's bytes, or `nil` if there is no file.
    private func readFile() throws(PersistenceError) -> Data? {
        do {
            return try FileContents.read(file)
        } catch {
            throw .unreadable(file: file, reason: error.description)
        }
    }

    /// The part in the file's bytes, and whether the file is of the current version.
    private func decode(_ data: Data, movingAside: Bool) throws(PersistenceError) -> (
        Part, isCurrent: Bool
    ) {
        /// The file is not a saved state: moved aside, or only reported.
        func corrupted(_ reason: String) -> PersistenceError {
            guard movingAside else { return invalid(reason) }
            return self.corrupted(reason)
        }
        /// The file could not be migrated: moved aside, or only reported.
        func migrationFailed(from found: Int, _ reason: String) -> PersistenceError {
            guard movingAside else {
                return invalid("version \(found) could not be migrated: \(reason)")
            }
            return self.migrationFailed(from: found, reason)
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Envelope.versionKey] = version
        let found: Int
        do {
            // One pass over the file: a valid file's part is decoded here, as it is read.
            switch try decoder.decode(Envelope.self, from: data).content {
            case .current(let part): return (part, true)
            case .other(let version): found = version
            case .notSaved:
                throw corrupted("not a saved state (no format, integer version or state field)")
            }
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw corrupted(Self.envelopeReason(error))
        }
        if found > version {
            progress.withLock { $0.refusal = .newerVersion }
            throw .newerVersion(file: file, found: found, supported: version)
        }
        // An older version: its state goes to `migrate` as JSON data, then is decoded.
        guard let envelope = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let saved = envelope["state"]
        else { throw corrupted("not JSON") }
        var stateData: Data
        do {
            stateData = try JSONSerialization.data(
                withJSONObject: saved, options: [.fragmentsAllowed])
        } catch {
            throw corrupted(Self.reason(error))
        }
        if found < version {
            do {
                guard let migrate else {
                    throw AtomicFileError("no migration from version \(found) to \(version)")
                }
                stateData = try migrate(found, stateData)
            } catch {
                throw migrationFailed(from: found, Self.reason(error))
            }
        }
        do {
            return (try JSONDecoder().decode(Part.self, from: stateData), false)
        } catch {
            if found < version { throw migrationFailed(from: found, Self.reason(error)) }
            throw corrupted(Self.reason(error))
        }
    }

    /// The file cannot be used and stays where it is; the saver will not write over it.
    private func invalid(_ reason: String) -> PersistenceError {
        progress.withLock { $0.refusal = .keptInPlace(moveFailure: "it was only read") }
        return .invalid(file: file, reason: reason)
    }

    /// The file is not a saved state: it is moved aside, or kept in place if it cannot be.
    private func corrupted(_ reason: String) -> PersistenceError {
        switch keepAside() {
        case .success(let keptAt): .corrupted(file: file, keptAt: keptAt, reason: reason)
        case .failure(let failure):
            .keptInPlace(file: file, reason: reason, moveFailure: failure.description)
        }
    }

    /// The file could not be migrated: it is moved aside, or kept in place if it cannot be.
    private func migrationFailed(from found: Int, _ reason: String) -> PersistenceError {
        switch keepAside() {
        case .success(let keptAt):
            .migrationFailed(file: file, from: found, keptAt: keptAt, reason: reason)
        case .failure(let failure):
            .keptInPlace(
                file: file, reason: "version \(found) could not be migrated: \(reason)",
                moveFailure: failure.description)
        }
    }

    /// Moves the file to a name nothing has (`settings.json.corrupt`,
    /// `settings.json.corrupt-2`, …; a dangling link counts as something) and returns where
    /// it went. If it cannot be moved, it stays where it is and saving is refused, so that
    /// it is not overwritten either. When the saver's path is a symbolic link, the file the
    /// link names is moved, beside itself, and the link stays: the next save writes a new
    /// file where it points.
    private func keepAside() -> Result<URL, AtomicFileError> {
        let source: URL
        do {
            source = try AtomicFile.target(of: file)
        } catch {
            progress.withLock { $0.refusal = .keptInPlace(moveFailure: error.description) }
            return .failure(error)
        }
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)"
            let target = source.deletingLastPathComponent()
                .appendingPathComponent(source.lastPathComponent + suffix)
            if (try? FileManager.default.attributesOfItem(atPath: target.path)) == nil {
                do {
                    try atomicFile.moveItem(source, target)
                    return .success(target)
                } catch {
                    let failure = Self.reason(error)
                    progress.withLock { $0.refusal = .keptInPlace(moveFailure: failure) }
                    return .failure(AtomicFileError(failure))
                }
            }
            attempt += 1
        }
    }

    /// The envelope of a saved state file, read in one pass: the format and the version
    /// first, then the state, decoded as the part when the version is the current one (the
    /// decoder's `userInfo[versionKey]`); an older or newer state is left for the caller.
    private struct Envelope: Decodable {
        enum Content {
            case current(Part)
            case other(version: Int)
            case notSaved
        }

        static var versionKey: CodingUserInfoKey {
            CodingUserInfoKey(rawValue: "org.substate.saver.version")!
        }

        private enum Keys: String, CodingKey {
            case format, version, state
        }

        let content: Content

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            guard (try? container.decode(String.self, forKey: .format)) == formatName,
                let version = try? container.decode(Int.self, forKey: .version),
                container.contains(.state)
            else {
                content = .notSaved
                return
            }
            guard version == decoder.userInfo[Self.versionKey] as? Int else {
                content = .other(version: version)
                return
            }
            content = .current(try container.decode(Part.self, forKey: .state))
        }
    }

    /// A short reason for an error met while reading the envelope: the file is not JSON, not
    /// an object, or its state is not the part (said as the old decoding of the state alone
    /// said it: with the path inside the state).
    private static func envelopeReason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return reason(error) }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not JSON"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "not a JSON object"
        case .dataCorrupted(let context), .keyNotFound(_, let context),
            .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.dropFirst().map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return reason(error)
        }
    }

    /// A short reason for an error, for messages.
    static func reason(_ error: any Error) -> String {
        if let error = error as? AtomicFileError { return error.description }
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context),
                .typeMismatch(_, let context), .valueNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty
                    ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default:
                return "\(error)"
            }
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return nsError.localizedDescription
    }
}
