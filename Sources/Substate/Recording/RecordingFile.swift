import Foundation

/// A recording read as JSON, without the app's types: what `substate-inspect` works on, and
/// what ``Recording`` decodes.
///
/// Reading never stops at a bad line: a malformed line, a line of an unknown kind, a step out
/// of order or a partial last line (a recording cut off by a crash) is listed in
/// ``problems`` with its line number, and reading goes on. Only a missing file, a file that
/// is not a recording, an unknown format version or a missing initial state throw.
public struct RecordingFile: Sendable {
    /// One recorded action or snapshot.
    public struct Entry: Sendable, Equatable {
        /// The step: 0 for the initial state, then 1, 2, … for each action.
        public var step: Int
        /// Seconds since the recording started, on the store's clock.
        public var time: Double
        /// The action's or state's JSON, as the file has it (a ``Recorder`` writes keys sorted).
        public var json: Data
        /// The line it was read from, from 1.
        public var line: Int
    }

    /// Where the recording was read from.
    public let file: URL
    /// The format version of the file.
    public let formatVersion: Int
    /// The program recorded, as the recorder named it (by default the state's type,
    /// `TodosCore.App`); `nil` in recordings made before the header carried it.
    public let program: String?
    /// When the recording started, by the wall clock of the machine that made it; `nil` if
    /// the header does not say.
    public let started: Date?
    /// How many actions between two snapshots.
    public let snapshotInterval: Int
    /// The initial state's JSON.
    public let initialState: Entry
    /// The actions, in step order.
    public let actions: [Entry]
    /// The snapshots of the state, in step order.
    public let snapshots: [Entry]
    /// The lines that were skipped, and why.
    public let problems: [RecordingFile.Problem]

    /// Reads a recording.
    /// - Parameter file: The recording.
    /// - Throws: ``RecordingError`` when the file is missing, unreadable, not a recording, of
    ///   an unknown format version, or without an initial state.
    public init(contentsOf file: URL) throws(RecordingError) {
        let contents: Data?
        do {
            contents = try FileContents.read(file)
        } catch {
            throw .unreadable(file: file, reason: error.description)
        }
        guard let data = contents else { throw .missingFile(file) }
        try self.init(data: data, source: file)
    }

    /// Reads a recording from its contents: a recording embedded in a test (see
    /// `substate-inspect test`), received over a network, or read by other means.
    /// - Parameters:
    ///   - data: The recording's lines.
    ///   - source: What errors and ``file`` name as where it came from.
    /// - Throws: ``RecordingError`` when the data is not a recording, of an unknown format
    ///   version, or without an initial state.
    public init(data: Data, source: URL) throws(RecordingError) {
        let file = source
        self.file = file
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = data.last == UInt8(ascii: "\n")
        if endsWithNewline { lines.removeLast() }
        guard let first = lines.first,
            let header = Self.object(Data(first)),
            header["format"] as? String == RecordingFormat.name
        else { throw .notARecording(file: file) }
        guard let version = JSONInteger.from(header["version"]) else {
            throw .invalidHeader(file: file, reason: "its version is not a whole number")
        }
        guard version == RecordingFormat.version else {
            throw .unknownVersion(file: file, version: version, supported: RecordingFormat.version)
        }
        formatVersion = version
        snapshotInterval = JSONInteger.from(header["snapshotInterval"]).map { max(1, $0) } ?? 1
        program = header["program"] as? String
        started = (header["start"] as? String).flatMap { try? Date($0, strategy: .iso8601) }

        var initial: Entry?
        var actions: [Entry] = []
        var snapshots: [Entry] = []
        var problems: [RecordingFile.Problem] = []
        var lastStep = 0
        var problemsAtLastAction = 0
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            let isPartial = !endsWithNewline && index == lines.count - 1
            guard let object = Self.object(Data(line)) else {
                problems.append(
                    RecordingFile.Problem(
                        line: number,
                        reason: isPartial
                            ? "partial last line (the recording was cut off)" : "not a JSON object")
                )
                continue
            }
            guard let kind = object["kind"] as? String, let step = JSONInteger.from(object["step"])
            else {
                problems.append(
                    RecordingFile.Problem(line: number, reason: "no kind or integer step"))
                continue
            }
            guard step >= 0 else {
                problems.append(
                    RecordingFile.Problem(line: number, reason: "negative step \(step)"))
                continue
            }
            let time = (object["time"] as? NSNumber)?.doubleValue ?? 0
            let field = kind == "action" ? "action" : "state"
            // The value as written (the Recorder writes sorted keys); encoded again only if
            // the scanner cannot find it.
            guard let value = object[field],
                let json = JSONMemberScanner.value(of: field, in: line) ?? Self.json(value)
            else {
                problems.append(RecordingFile.Problem(line: number, reason: "no \(field)"))
                continue
            }
            let entry = Entry(step: step, time: time, json: json, line: number)
            switch kind {
            case "initial":
                guard step == 0 else {
                    problems.append(
                        RecordingFile.Problem(
                            line: number, reason: "an initial state at step \(step)"))
                    continue
                }
                guard initial == nil else {
                    problems.append(
                        RecordingFile.Problem(line: number, reason: "a second initial state"))
                    continue
                }
                initial = entry
            case "action":
                guard step > lastStep else {
                    problems.append(
                        RecordingFile.Problem(
                            line: number, reason: "step \(step) after step \(lastStep)"))
                    continue
                }
                // A gap that no skipped line explains is a problem of its own.
                if step > lastStep + 1, problems.count == problemsAtLastAction {
                    problems.append(
                        RecordingFile.Problem(
                            line: number,
                            reason: "steps \(lastStep + 1) to \(step - 1) are missing"))
                }
                lastStep = step
                problemsAtLastAction = problems.count
                actions.append(entry)
            case "snapshot":
                // A snapshot follows its action: the step of the last action read.
                guard step > 0, step >= (snapshots.last?.step ?? 0) + 1 else {
                    problems.append(
                        RecordingFile.Problem(line: number, reason: "a snapshot at step \(step)"))
                    continue
                }
                snapshots.append(entry)
            default:
                problems.append(
                    RecordingFile.Problem(line: number, reason: "unknown kind \"\(kind)\""))
            }
        }
        guard let initial else { throw .missingInitialState(file: file) }
        initialState = initial
        self.actions = actions
        self.snapshots = snapshots
        self.problems = problems
    }

    /// The latest snapshot at or before a step (the initial state counts as step 0's).
    /// - Parameter step: The step.
    /// - Returns: The snapshot.
    public func snapshot(atOrBefore step: Int) -> Entry {
        snapshots.last { $0.step <= step } ?? initialState
    }

    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func json(_ value: Any) -> Data? {
        try? JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }
}
