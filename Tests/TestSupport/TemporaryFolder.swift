import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it
/// when the last reference to it goes: a test suite that holds one as a stored property
/// leaves nothing behind after each test.
public final class TemporaryFolder: Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    /// - Parameter prefix: The start of the directory's name, to tell whose it is.
    public init(prefix: String = "substate") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // A test may have taken away the write permission, to see a write fail.
        _ = try? FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of a file (or folder) named `name` inside the directory.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}
