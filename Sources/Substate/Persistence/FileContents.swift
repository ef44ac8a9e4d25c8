import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files and says in plain words why one cannot be read: the one place where the
/// saver and the recording reader open a file a user named. It reads only regular files: a
/// directory, a named pipe (which would block the reader) or a device is refused for what it
/// is, where Foundation would report a misleading permission error or an error number.
package enum FileContents {
    /// Why a file could not be read, in words for a message: "it is a directory".
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The contents of a regular file, or `nil` if there is nothing at `url`.
    /// - Throws: ``Failure`` when something is there that cannot be read as a file.
    package static func read(_ url: URL) throws(Failure) -> Data? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw Failure(lastError)
        }
        if let refusal = refusal(info) { throw Failure(refusal) }
        // Non-blocking, in case a named pipe took the file's place since `stat`.
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(lastError) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        guard fstat(descriptor, &info) == 0 else { throw Failure(lastError) }
        if let refusal = refusal(info) { throw Failure(refusal) }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw Failure(describe(error))
        }
    }

    /// Why a file is not read, if it is not a regular file: "it is a directory".
    private static func refusal(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "it is a directory"
        case S_IFIFO: "it is a named pipe (FIFO), not a regular file"
        case S_IFCHR, S_IFBLK: "it is a device, not a regular file"
        case S_IFSOCK: "it is a socket, not a regular file"
        default: "it is not a regular file"
        }
    }

    /// The reason `errno` gives, in words: "Permission denied".
    static var lastError: String { String(cString: strerror(errno)) }

    /// A Foundation or POSIX error in words, without domains and error numbers.
    package static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code)))
        }
        if let error = error as? CocoaError {
            switch error.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
            case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
            case .fileWriteOutOfSpace: return "No space left on device"
            case .fileWriteVolumeReadOnly: return "Read-only file system"
            default: break
            }
        }
        return nsError.localizedDescription
    }
}
