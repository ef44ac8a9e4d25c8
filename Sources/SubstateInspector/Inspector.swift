import Foundation
import Substate

/// What `substate-inspect` does, as a function from arguments to output, so that tests run
/// it in-process.
///
/// ```
/// substate-inspect timeline FILE          step, time and action of every step
/// substate-inspect state FILE STEP        the state at a step (from the snapshot at or before it)
/// substate-inspect diff FILE STEP STEP    how the state changed between two steps
/// substate-inspect summary FILE           counts per kind of action, and the problems found
/// substate-inspect html FILE [-o PAGE]    a self-contained time-travel page
/// substate-inspect test FILE --import M --state S --action A [-o FILE.swift]
///                                         a Swift Testing file that replays the recording
/// ```
///
/// It reads the JSON, so it needs none of the app's types. The state at a step is the
/// latest snapshot at or before it: record with `snapshotInterval: 1` to see every step, or
/// replay with ``Recording`` and the app's update function.
public enum Inspector {
    /// The result of a run: what to print, and the exit status.
    public struct Output: Equatable, Sendable {
        /// Standard output.
        public var text: String
        /// Standard error: errors and the lines that were skipped.
        public var errors: String
        /// 0 on success, 1 for a bad recording, 2 for bad arguments.
        public var status: Int32
    }

    /// The usage text.
    public static let usage = """
        usage: substate-inspect timeline FILE
               substate-inspect state FILE STEP
               substate-inspect diff FILE FROM TO
               substate-inspect summary FILE
               substate-inspect html FILE [-o PAGE]
               substate-inspect test FILE --import MODULE (--program TYPE | --state TYPE
                   --action TYPE [--update FUNCTION]) [--environment EXPRESSION]
                   [--name SUITE] [-o FILE.swift]

          timeline   step, time and action of every step
          state      the state at a step (the latest snapshot at or before it)
          diff       how the state changed between two steps
          summary    counts per kind of action, and the damaged lines
          html       writes one self-contained HTML page to step through the recording in a
                     browser (no network needed; send it to a colleague): a filterable
                     timeline, the state at each step as a tree, what changed highlighted.
                     PAGE defaults to FILE with the extension .html; - writes to standard output
          test       writes a Swift Testing file that replays the recorded actions through the
                     program's update function and checks every recorded state, failing with
                     a diff at the first step that differs. Name the program's types as the
                     test target sees them: --program TYPE for a type conforming to Program,
                     or --state and --action (and --update, default STATE.update);
                     --environment is the expression passed as the environment (default ());
                     --import, repeatable, the modules to import. Standard output by default
        """

    /// Runs a command.
    /// - Parameter arguments: The arguments, without the program's name.
    /// - Returns: What to print and the exit status.
    public static func run(_ arguments: [String]) -> Output {
        if arguments.contains("--help") || arguments.contains("-h") {
            return Output(text: usage + "\n", errors: "", status: 0)
        }
        guard let command = arguments.first else { return usageError("no command") }
        switch command {
        case "html": return html(Array(arguments.dropFirst()))
        case "test": return test(Array(arguments.dropFirst()))
        default: break
        }
        let operands = ["timeline": [], "summary": [], "state": ["STEP"], "diff": ["FROM", "TO"]]
        guard let expected = operands[command] else {
            return usageError("unknown command \(command)")
        }
        guard arguments.count == 2 + expected.count else {
            let needs = (["FILE"] + expected).joined(separator: " ")
            return usageError("\(command) needs \(needs)")
        }
        let file = URL(fileURLWithPath: arguments[1])
        let numbers = arguments.dropFirst(2).map { Int($0) }
        for (index, number) in numbers.enumerated() where number == nil {
            return usageError(
                "\(expected[index]) must be a whole number: \(arguments[2 + index])")
        }
        let recording: RecordingFile
        switch read(file) {
        case .success(let read): recording = read
        case .failure(let failure): return failure.output
        }
        let problems = warnings(recording)
        let steps = numbers.compactMap { $0 }
        switch command {
        case "timeline":
            return Output(text: timeline(recording), errors: problems, status: 0)
        case "summary":
            return Output(text: summary(recording), errors: problems, status: 0)
        case "state":
            guard let text = state(recording, at: steps[0]) else {
                return Output(
                    text: "", errors: problems + outOfRange(steps[0], recording), status: 1)
            }
            return Output(text: text, errors: problems, status: 0)
        default:
            guard let text = diff(recording, from: steps[0], to: steps[1]) else {
                let bad = steps.first { !(0...lastStep(recording)).contains($0) } ?? steps[0]
                return Output(text: "", errors: problems + outOfRange(bad, recording), status: 1)
            }
            return Output(text: text, errors: problems, status: 0)
        }
    }

    /// Why a recording could not be read, as the command reports it (exit status 1).
    struct Unreadable: Error {
        var output: Output
    }

    /// Reads a recording for a command.
    static func read(_ file: URL) -> Result<RecordingFile, Unreadable> {
        do {
            return .success(try RecordingFile(contentsOf: file))
        } catch {
            return .failure(
                Unreadable(output: Output(text: "", errors: "error: \(error)\n", status: 1)))
        }
    }

    /// One warning line per damaged line of the recording, for standard error.
    static func warnings(_ recording: RecordingFile) -> String {
        recording.problems.map { "warning: \($0)\n" }.joined()
    }

    static func lastStep(_ recording: RecordingFile) -> Int {
        recording.actions.last?.step ?? 0
    }

    static func outOfRange(_ step: Int, _ recording: RecordingFile) -> String {
        "error: step \(step) is not in the recording (steps 0 to \(lastStep(recording)))\n"
    }

    /// One line per step: the step, the time and the action.
    static func timeline(_ recording: RecordingFile) -> String {
        var lines = ["step  time      action", "0     0.000     (initial state)"]
        for entry in recording.actions {
            lines.append(
                pad(String(entry.step), 6) + pad(String(format: "%.3f", entry.time), 10)
                    + swiftText(entry.json))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The pretty JSON of the snapshot at or before a step.
    static func state(_ recording: RecordingFile, at step: Int) -> String? {
        guard (0...lastStep(recording)).contains(step) else { return nil }
        let snapshot = recording.snapshot(atOrBefore: step)
        let source =
            snapshot.step == step
            ? "state at step \(step)"
            : "state at step \(snapshot.step), the latest snapshot at or before step \(step)"
        return source + ":\n" + pretty(snapshot.json) + "\n"
    }

    /// A line diff of the pretty JSON of two steps' snapshots.
    static func diff(_ recording: RecordingFile, from: Int, to: Int) -> String? {
        let range = 0...lastStep(recording)
        guard range.contains(from), range.contains(to) else { return nil }
        let before = recording.snapshot(atOrBefore: from)
        let after = recording.snapshot(atOrBefore: to)
        let header = "diff of the states at steps \(before.step) and \(after.step):\n"
        return header
            + (Diff.lines(pretty(before.json), pretty(after.json)) ?? "(no difference)") + "\n"
    }

    /// Steps, duration, snapshots, and counts per kind of action, most frequent first.
    static func summary(_ recording: RecordingFile) -> String {
        var counts: [String: Int] = [:]
        for entry in recording.actions { counts[kind(of: entry.json), default: 0] += 1 }
        let rows = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        let width = max(6, rows.map(\.key.count).max() ?? 0)
        var lines = [
            "steps: \(lastStep(recording))",
            "duration: " + String(format: "%.3f s", recording.actions.last?.time ?? 0),
            "snapshots: \(recording.snapshots.count) (every \(recording.snapshotInterval) steps)",
            "problems: \(recording.problems.count)",
            "",
            pad("action", width + 2) + "count",
        ]
        for (name, count) in rows { lines.append(pad(name, width + 2) + String(count)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The kind of an action from its JSON: its case path, `todo.toggle` for
    /// `{"todo":{"_1":{"toggle":{}},"id":3}}`.
    static func kind(of json: Data) -> String {
        guard
            let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        else { return text(json) }
        return kind(ofValue: value)
    }

    /// The kind of an action from its parsed JSON (see ``kind(of:)``).
    static func kind(ofValue parsed: Any) -> String {
        var names: [String] = []
        var value: Any? = parsed
        while names.count < 8, let object = value as? [String: Any], object.count == 1,
            let (key, payload) = object.first
        {
            names.append(key)
            // Go on into the payload's one enum-like value, if any.
            let inner = (payload as? [String: Any])?.sorted { $0.key < $1.key }.map(\.value)
            value = inner?.first { ($0 as? [String: Any])?.count == 1 }
        }
        if names.isEmpty {
            if let string = value as? String { return string }
            let data = try? JSONSerialization.data(
                withJSONObject: parsed, options: [.fragmentsAllowed])
            return data.map(text) ?? "?"
        }
        return names.joined(separator: ".")
    }

    /// An action's JSON as the Swift expression it was encoded from, as far as the JSON
    /// tells: `add("Milk")` for `{"add":{"_0":"Milk"}}`, `todo(id: 3, toggle)` for
    /// `{"todo":{"_1":{"toggle":{}},"id":3}}`, `reset` for `{"reset":{}}`.
    static func swiftText(_ json: Data) -> String {
        guard
            let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        else { return text(json) }
        return swiftText(value, depth: 0)
    }

    /// An action's parsed JSON as Swift (see ``swiftText(_:)``).
    static func swiftText(_ value: Any) -> String {
        swiftText(value, depth: 0)
    }

    private static func swiftText(_ value: Any, depth: Int) -> String {
        guard depth < 16 else { return "…" }
        switch value {
        case let string as String:
            return "\""
                + string.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                return number.boolValue ? "true" : "false"
            }
            return "\(number)"
        case let array as [Any]:
            return "[" + array.map { swiftText($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        case let object as [String: Any]:
            // An enum case: one key, whose value holds the payload (`{}` for none).
            if object.count == 1, let (name, payload) = object.first,
                let fields = payload as? [String: Any]
            {
                return fields.isEmpty ? name : name + arguments(fields, depth: depth)
            }
            return arguments(object, depth: depth)
        case is NSNull:
            return "nil"
        default:
            return "\(value)"
        }
    }

    /// `(a, label: b)`: positional fields (`_0`, `_1`, …) at their positions, labelled ones in
    /// the places left, in name order.
    private static func arguments(_ fields: [String: Any], depth: Int) -> String {
        var positional: [Int: String] = [:]
        var labelled: [String] = []
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            let text = swiftText(value, depth: depth + 1)
            if key.hasPrefix("_"), let index = Int(key.dropFirst()) {
                positional[index] = text
            } else {
                labelled.append(key + ": " + text)
            }
        }
        var parts: [String] = []
        var next = labelled.makeIterator()
        for index in 0..<(positional.count + labelled.count) {
            if let text = positional[index] {
                parts.append(text)
            } else if let text = next.next() {
                parts.append(text)
            }
        }
        // Positions beyond the count (a damaged file): keep them rather than lose them.
        for (index, text) in positional.sorted(by: { $0.key < $1.key })
        where index >= positional.count + labelled.count {
            parts.append(text)
        }
        while let text = next.next() { parts.append(text) }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    static func text(_ json: Data) -> String {
        String(decoding: json, as: UTF8.self)
    }

    static func pretty(_ json: Data) -> String {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: json, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed])
        else { return text(json) }
        return String(decoding: data, as: UTF8.self)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
