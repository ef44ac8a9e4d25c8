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
    ///   a newer version or cannot be read at all.
    ///
    /// Either way, the part it returns (or the part of `state`, for a missing file) counts
    /// as saved: actions that leave it unchanged write nothing.
    /// - Parameter state: The initial state.
    /// - Returns: The initial state with the saved part in it.
    /// - Throws: ``PersistenceError``.
    public func load(into state: State) throws(PersistenceError) -> State {
        var state = state
        guard let data = try readFile() else {
            let part = lens.get(state)
            progress.withLock { $0.saved = part }
            return state
        }
        let part = try decode(data)
        lens.set(&state, to: part)
        progress.withLock { $0.saved = part }
        return state
    }

    /// The file's bytes, or `nil` if there is no file.
    private func readFile() throws(PersistenceError) -> Data? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
            return nil
        }
        guard !isDirectory.boolValue else {
            throw .unreadable(file: file, reason: "it is a directory")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadable(file: file, reason: Self.reason(error))
        }
    }

    private func decode(_ data: Data) throws(PersistenceError) -> Part {
        let envelope: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw AtomicFileError("not a JSON object")
            }
            envelope = object
        } catch {
            throw .corrupted(file: file, keptAt: keepAside(), reason: Self.reason(error))
        }
        guard envelope["format"] as? String == Self.formatName,
            let found = envelope["version"] as? Int, let saved = envelope["state"]
        else {
            throw .corrupted(
                file: file, keptAt: keepAside(),
                reason: "not a saved state (no format, version or state field)")
        }
        if found > version {
            progress.withLock { $0.isRefusingWrites = true }
            throw .newerVersion(file: file, found: found, supported: version)
        }
        var stateData: Data
        do {
            stateData = try JSONSerialization.data(
                withJSONObject: saved, options: [.fragmentsAllowed])
        } catch {
            throw .corrupted(file: file, keptAt: keepAside(), reason: Self.reason(error))
        }
        if found < version {
            do {
                guard let migrate else {
                    throw AtomicFileError("no migration from version \(found) to \(version)")
                }
                stateData = try migrate(found, stateData)
            } catch {
                throw .migrationFailed(
                    file: file, from: found, keptAt: keepAside(), reason: Self.reason(error))
            }
        }
        do {
            return try JSONDecoder().decode(Part.self, from: stateData)
        } catch {
            if found < version {
                throw .migrationFailed(
                    file: file, from: found, keptAt: keepAside(), reason: Self.reason(error))
            }
            throw .corrupted(file: file, keptAt: keepAside(), reason: Self.reason(error))
        }
    }

    /// Moves the file to a name no other file has (`settings.json.corrupt`,
    /// `settings.json.corrupt-2`, …) and returns where it went. If it cannot be moved, it
    /// stays where it is and saving is refused, so that it is not overwritten either.
    private func keepAside() -> URL {
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)"
            let target = file.deletingLastPathComponent()
                .appendingPathComponent(file.lastPathComponent + suffix)
            if !FileManager.default.fileExists(atPath: target.path) {
                do {
                    try FileManager.default.moveItem(at: file, to: target)
                    return target
                } catch {
                    progress.withLock { $0.isRefusingWrites = true }
                    return file
                }
            }
            attempt += 1
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
