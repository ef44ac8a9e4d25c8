import Foundation

/// The recording file format, shared by the writer and the readers.
///
/// JSON Lines: one JSON object per line.
///
/// ```
/// {"format":"substate-recording","program":"TodosCore.App","snapshotInterval":100,"start":"2026-11-23T21:00:00Z","version":1}
/// {"kind":"initial","state":{…},"step":0,"time":0}
/// {"action":{…},"kind":"action","step":1,"time":0.25}
/// {"kind":"snapshot","state":{…},"step":100,"time":12.5}
/// ```
///
/// The first line is the header: the format and its version, the snapshot interval, the program
/// recorded and when the recording started (the last two optional for readers: older
/// recordings lack them). Then the initial state, one line per processed action (step 1, 2, …,
/// with its time in seconds since the recording started, read from the store's
/// clock), and after every `snapshotInterval`-th action a snapshot of the state after it.
/// States and actions are their `Codable` encodings.
enum RecordingFormat {
    static let name = "substate-recording"
    static let version = 1

    /// One line: the JSON object's fields, keys sorted, with an already-encoded value.
    static func line(_ fields: [(String, String)]) -> Data {
        let body = fields.sorted { $0.0 < $1.0 }.map { "\"\($0.0)\":\($0.1)" }
        return Data(("{" + body.joined(separator: ",") + "}\n").utf8)
    }

    /// The header line.
    static func header(snapshotInterval: Int, program: String, start: Date) -> Data {
        line([
            ("format", "\"\(name)\""),
            ("version", "\(version)"),
            ("snapshotInterval", "\(snapshotInterval)"),
            ("program", string(program)),
            ("start", string(start.formatted(.iso8601))),
        ])
    }

    /// An entry line: an initial state, an action or a snapshot, with its value already
    /// encoded as JSON.
    static func entry(kind: String, step: Int, time: Duration, field: String, json: Data)
        -> Data
    {
        line([
            ("kind", "\"\(kind)\""), ("step", "\(step)"), ("time", seconds(time)),
            (field, String(decoding: json, as: UTF8.self)),
        ])
    }

    /// The encoder of states and actions: keys sorted, so that equal values read the same;
    /// a NaN or an infinity, which JSON has no number for, written as the string `"NaN"`,
    /// `"Infinity"` or `"-Infinity"` (a NaN in the state is the kind of bug a recording is
    /// kept for).
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// The decoder of states and actions: reads what ``encoder()`` writes, NaN and infinities
    /// included.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// Seconds, as a JSON number with microsecond precision.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micro = Int64(seconds) * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = micro / 1_000_000
        let fraction = abs(micro % 1_000_000)
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
