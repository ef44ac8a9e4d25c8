import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees the old contents or the new, never a part: the data
/// goes to a temporary file in the same directory, is flushed to disk, and is renamed over
/// the target. `package`, so that tests can make the write, or moving a file, fail.
///
/// The temporary file (`.NAME.UUID.tmp`) stays open, and locked (`flock`), from its creation
/// until it is renamed or removed, so that ``sweepLeftovers(of:olderThan:)`` can tell the
/// leftovers of a write that was killed half-way from a write still going on in another
/// process. The new file gets the permissions of the file it replaces, or `newFileMode` when
/// there was none.
package struct AtomicFile: Sendable {
    /// Writes the data to the open temporary file. Replaceable to inject failures.
    package var writeData: @Sendable (FileHandle, Data) throws -> Void
    /// Moves a file to a new path that must not exist. Replaceable to inject failures.
    package var moveItem: @Sendable (URL, URL) throws -> Void

    package init(
        writeData: @escaping @Sendable (FileHandle, Data) throws -> Void = {
            try $0.write(contentsOf: $1)
        },
        moveItem: @escaping @Sendable (URL, URL) throws -> Void = {
            try FileManager.default.moveItem(at: $0, to: $1)
        }
    ) {
        self.writeData = writeData
        self.moveItem = moveItem
    }

    /// Replaces the file at `url` with `data`, atomically. On failure the temporary file is
    /// removed and the previous file is untouched.
    /// - Parameter newFileMode: The permissions of the file when there is none yet; an
    ///   existing file keeps its own.
    package func write(_ data: Data, to url: URL, newFileMode: Int = 0o600) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        var existing = stat()
        let mode = stat(url.path, &existing) == 0 ? Int(existing.st_mode) & 0o7777 : newFileMode
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw AtomicFileError(
                "cannot create a file in \(directory.path): \(String(cString: strerror(errno)))")
        }
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            defer { try? handle.close() }
            // Held until the handle closes, after the rename: the file is never a leftover.
            guard flock(descriptor, LOCK_EX) == 0 else {
                throw AtomicFileError("cannot lock \(temporary.path): \(Self.lastError)")
            }
            // Exactly `mode`, whatever the umask: a private file stays private.
            guard fchmod(descriptor, mode_t(mode)) == 0 else {
                throw AtomicFileError("cannot set the permissions of \(temporary.path)")
            }
            try writeData(handle, data)
            try handle.synchronize()
            guard rename(temporary.path, url.path) == 0 else {
                throw AtomicFileError("cannot replace \(url.path): \(Self.lastError)")
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Removes the temporary files that killed writes of `url` left behind: files named
    /// `.NAME.UUID.tmp` beside it that no process is writing.
    ///
    /// On Linux a file counts as a leftover when no other descriptor, in any process, has it
    /// open (a write lease can be taken): a killed writer's file is removed at once, and a
    /// file some process has open is never touched, whoever wrote it. Where that cannot be
    /// told, a file counts as a leftover when no process holds its `flock` (every writer of
    /// this type does, from the file's creation on) and it was last changed more than `age`
    /// ago.
    /// - Returns: The files removed.
    @discardableResult
    package func sweepLeftovers(of url: URL, olderThan age: Duration = .seconds(60)) -> [URL] {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        let now = Date()
        var removed: [URL] = []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard UUID(uuidString: String(middle)) != nil else { continue }
            let candidate = directory.appendingPathComponent(name)
            guard
                let attributes = try? FileManager.default.attributesOfItem(atPath: candidate.path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let changed = attributes[.modificationDate] as? Date
            else { continue }
            let descriptor = open(candidate.path, O_RDONLY | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var didRemove = false
            switch FileLease.ifExclusive(descriptor, { didRemove = unlink(candidate.path) == 0 }) {
            case .exclusive:
                break
            case .openElsewhere:
                continue
            case .unknown:
                // Locked: a writer is alive. Unlocked and old: its writer died before the
                // rename. (New and unlocked: a writer may be between creating and locking.)
                guard now.timeIntervalSince(changed) > Double(age.components.seconds),
                    flock(descriptor, LOCK_EX | LOCK_NB) == 0
                else { continue }
                didRemove = unlink(candidate.path) == 0
            }
            if didRemove { removed.append(candidate) }
        }
        return removed
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

/// A failed atomic write, with a readable reason.
struct AtomicFileError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
