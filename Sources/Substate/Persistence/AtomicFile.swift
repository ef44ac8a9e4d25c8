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
/// A write creates its temporary file as `.NAME.UUID.new`, locks it (`flock`), and only then
/// renames it to `.NAME.UUID.tmp`, keeping it open and locked until it is renamed over the
/// target or removed. So a `.tmp` file is locked for exactly as long as its writer lives, and
/// ``sweepLeftovers(of:olderThan:)`` can tell the leftovers of a write that was killed
/// half-way from a write still going on in another process by the lock alone, with no signal
/// and no guess. The new file gets the permissions of the file it replaces, or `newFileMode`
/// when there was none.
///
/// The target is the file a path names: a symbolic link is followed (through every link in
/// a chain) and the file it names is replaced in its own directory, so the link stays a link.
/// A target that exists and is not a regular file (a directory, a device such as
/// `/dev/null`, a FIFO or a socket) is refused with an ``AtomicFileError`` before anything is
/// written: renaming over it would replace the device itself.
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

    /// The suffix of a temporary file whose writer holds its lock for as long as it lives.
    static let lockedSuffix = ".tmp"
    /// The suffix of a temporary file just created, before its writer locked it.
    static let stagingSuffix = ".new"

    /// Replaces the file at `url` with `data`, atomically. On failure the temporary file is
    /// removed and the previous file is untouched.
    /// - Parameter newFileMode: The permissions of the file when there is none yet; an
    ///   existing file keeps its own.
    package func write(_ data: Data, to url: URL, newFileMode: Int = 0o600) throws {
        let url = try Self.target(of: url)
        let directory = url.deletingLastPathComponent()
        let stem = ".\(url.lastPathComponent).\(UUID().uuidString)"
        let staging = directory.appendingPathComponent(stem + Self.stagingSuffix)
        let temporary = directory.appendingPathComponent(stem + Self.lockedSuffix)
        var existing = stat()
        let mode = stat(url.path, &existing) == 0 ? Int(existing.st_mode) & 0o7777 : newFileMode
        let descriptor = open(staging.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw AtomicFileError(
                "cannot create a file in \(directory.path): \(String(cString: strerror(errno)))")
        }
        var current = staging
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            defer { try? handle.close() }
            // Held until the handle closes, after the rename: the file is never a leftover.
            guard flock(descriptor, LOCK_EX) == 0 else {
                throw AtomicFileError("cannot lock \(staging.path): \(Self.lastError)")
            }
            // Locked from here on, for as long as this writer lives.
            guard rename(staging.path, temporary.path) == 0 else {
                throw AtomicFileError("cannot rename \(staging.path): \(Self.lastError)")
            }
            current = temporary
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
            unlink(current.path)
            throw error
        }
    }

    /// Removes the temporary files that killed writes of `url` left behind: files named
    /// `.NAME.UUID.tmp` or `.NAME.UUID.new` beside it whose writer is gone.
    ///
    /// A `.tmp` file is locked by its writer from before it had that name until it is renamed
    /// or removed, so one that nobody holds locked was left by a writer that died: it is
    /// removed at once. A `.new` file is one a writer created and had not locked yet; it is
    /// removed when nobody holds it locked and it was last changed more than `age` ago.
    ///
    /// The sweep only ever takes the files' `flock` locks: it sends no signal and changes
    /// nothing in the process that runs it, and a process that reads a leftover meanwhile (a
    /// backup tool, another instance of the app) is not disturbed.
    /// - Returns: The files removed.
    @discardableResult
    package func sweepLeftovers(of url: URL, olderThan age: Duration = .seconds(60)) -> [URL] {
        guard let url = try? Self.target(of: url) else { return [] }
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        let now = Date()
        var removed: [URL] = []
        for name in names where name.hasPrefix(prefix) {
            let isLocked = name.hasSuffix(Self.lockedSuffix)
            guard isLocked || name.hasSuffix(Self.stagingSuffix) else { continue }
            let suffixLength = (isLocked ? Self.lockedSuffix : Self.stagingSuffix).count
            let middle = name.dropFirst(prefix.count).dropLast(suffixLength)
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
            // Held: a writer is alive. (Released when `descriptor` closes.)
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            // A staging file may belong to a writer between creating and locking it.
            let isOld = now.timeIntervalSince(changed) > Double(age.components.seconds)
            guard isLocked || isOld else { continue }
            if unlink(candidate.path) == 0 { removed.append(candidate) }
        }
        return removed
    }

    private static var lastError: String { String(cString: strerror(errno)) }

    /// The file a write of `url` replaces: `url` itself, or the file at the end of its chain
    /// of symbolic links (which need not exist yet: a dangling link names the file to create).
    /// - Throws: ``AtomicFileError`` when the file exists and is not a regular file, or the
    ///   links loop.
    package static func target(of url: URL) throws(AtomicFileError) -> URL {
        var path = url.path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0 else { return URL(fileURLWithPath: path) }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFREG { return URL(fileURLWithPath: path) }
            guard kind == S_IFLNK else {
                let what =
                    switch kind {
                    case S_IFDIR: "a directory"
                    case S_IFCHR: "a character device"
                    case S_IFBLK: "a block device"
                    case S_IFIFO: "a FIFO"
                    case S_IFSOCK: "a socket"
                    default: "a special file"
                    }
                throw AtomicFileError(
                    path == url.path
                        ? "\(path) is \(what), not a regular file"
                        : "\(url.path) links to \(path), which is \(what), not a regular file")
            }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            else { throw AtomicFileError("cannot read the symbolic link \(path)") }
            path =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: path).deletingLastPathComponent()
                    .appendingPathComponent(destination).path
        }
        throw AtomicFileError("too many levels of symbolic links at \(url.path)")
    }
}

/// A failed atomic write, with a readable reason.
package struct AtomicFileError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
