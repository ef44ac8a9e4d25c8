import Foundation

/// Why a recording could not be written or read as a whole. Problems with single lines do
/// not stop a reader: see ``RecordingFile/Problem``.
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be created or written.
    case cannotWrite(file: URL, reason: String)
    /// The file does not exist.
    case missingFile(URL)
    /// The file exists but could not be read.
    case unreadable(file: URL, reason: String)
    /// The first line is not a recording header.
    case notARecording(file: URL)
    /// The first line is a recording header, but not one this program can use.
    case invalidHeader(file: URL, reason: String)
    /// The recording's format version is not one this program reads.
    case unknownVersion(file: URL, version: Int, supported: Int)
    /// The recording has no readable initial state.
    case missingInitialState(file: URL)
    /// A state or an action to record does not encode.
    case unencodable(reason: String)

    /// A sentence naming the file and the problem.
    public var description: String {
        switch self {
        case .cannotWrite(let file, let reason):
            return "Cannot write the recording \(file.path): \(reason)."
        case .missingFile(let file):
            return "No recording at \(file.path)."
        case .unreadable(let file, let reason):
            return "Cannot read the recording \(file.path): \(reason)."
        case .notARecording(let file):
            return "\(file.path) is not a Substate recording (its first line is not a header)."
        case .invalidHeader(let file, let reason):
            return "\(file.path) has a recording header this program cannot use: \(reason)."
        case .unknownVersion(let file, let version, let supported):
            return
                "\(file.path) is a recording of format version \(version); this program reads "
                + "version \(supported)."
        case .missingInitialState(let file):
            return "\(file.path) has no readable initial state."
        case .unencodable(let reason):
            return "A state or an action of the recording does not encode: \(reason)."
        }
    }
}
