import Foundation

/// Why a ``StateSaver`` could not load or save. Each case names the file; a file that could
/// not be used is never overwritten.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a directory in its place). It is
    /// left where it is.
    case unreadable(file: URL, reason: String)
    /// The file is not a saved state (corrupt, truncated, another format). It was moved to
    /// `keptAt`, so that nothing is lost and the next save starts a new file.
    case corrupted(file: URL, keptAt: URL, reason: String)
    /// The file was written by a newer version of the program, with a schema version this one
    /// does not know. It is left where it is, and this saver will not write over it.
    case newerVersion(file: URL, found: Int, supported: Int)
    /// The file has an older schema version and the migration failed (or there is no
    /// migration). It was moved to `keptAt`.
    case migrationFailed(file: URL, from: Int, keptAt: URL, reason: String)
    /// A save failed; the file there, if any, is unchanged, and the state stays pending for
    /// the next save.
    case writeFailed(file: URL, reason: String)
    /// A save was refused because the file holds a newer version's state (see
    /// ``newerVersion(file:found:supported:)``).
    case writeRefused(file: URL)
    /// The file is not a usable saved state (corrupt, or an older version whose migration
    /// failed) and could not be moved aside either (a read-only directory, say). It is left
    /// where it is, and this saver will not write over it.
    case keptInPlace(file: URL, reason: String, moveFailure: String)
    /// The file is not a usable saved state, and was left where it is because it was only
    /// read (see ``StateSaver/read(into:)``). The saver will not write over it.
    case invalid(file: URL, reason: String)
    /// A save was refused because the file there could not be used and could not be moved
    /// aside (see ``keptInPlace(file:reason:moveFailure:)``).
    case writeBlocked(file: URL, reason: String)

    /// A sentence that names the file and what happened to it.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "Could not read the saved state at \(file.path): \(reason)."
        case .corrupted(let file, let keptAt, let reason):
            return
                "The saved state at \(file.path) is not readable (\(reason)); it was kept as "
                + "\(keptAt.path) and the program starts from its initial state."
        case .newerVersion(let file, let found, let supported):
            return
                "The saved state at \(file.path) has schema version \(found), newer than the "
                + "\(supported) this program knows; it is left untouched and will not be "
                + "overwritten."
        case .migrationFailed(let file, let from, let keptAt, let reason):
            return
                "The saved state at \(file.path) has schema version \(from) and could not be "
                + "migrated (\(reason)); it was kept as \(keptAt.path)."
        case .writeFailed(let file, let reason):
            return
                "Could not save the state to \(file.path): \(reason). The file there, if any, "
                + "is unchanged."
        case .writeRefused(let file):
            return
                "Did not save the state to \(file.path): it holds a newer version's state."
        case .keptInPlace(let file, let reason, let moveFailure):
            return
                "The saved state at \(file.path) is not readable (\(reason)) and could not be "
                + "moved aside (\(moveFailure)); it is left where it is and will not be "
                + "overwritten."
        case .invalid(let file, let reason):
            return
                "The saved state at \(file.path) is not readable (\(reason)); it is left where "
                + "it is."
        case .writeBlocked(let file, let reason):
            return "Did not save the state to \(file.path): \(reason)."
        }
    }
}
