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
/// the target. `package`, so that tests can make the write fail half-way.
package struct AtomicFile: Sendable {
    /// Writes the data to the open temporary file. Replaceable to inject failures.
    package var writeData: @Sendable (FileHandle, Data) throws -> Void

    package init(
        writeData: @escaping @Sendable (FileHandle, Data) throws -> Void = {
            try $0.write(contentsOf: $1)
        }
    ) {
        self.writeData = writeData
    }

    /// Replaces the file at `url` with `data`, atomically. On failure the temporary file is
    /// removed and the previous file is untouched.
    package func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw AtomicFileError(
                "cannot create a file in \(directory.path): \(String(cString: strerror(errno)))")
        }
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            defer { try? handle.close() }
            try writeData(handle, data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw AtomicFileError("cannot replace \(url.path): \(reason)")
        }
    }
}

/// A failed atomic write, with a readable reason.
struct AtomicFileError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
