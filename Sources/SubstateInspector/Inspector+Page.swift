import Foundation
import Substate

extension Inspector {
    /// The self-contained time-travel page for a recording: the page's HTML, styles and script
    /// (``pageTemplate``) with the recording's data in it, as JSON.
    ///
    /// The data holds the header, the damaged lines, one row per action (step, time, kind,
    /// Swift-like text and the action's JSON), the initial state, and each snapshot as the
    /// changes from the snapshot before it (``JSONChanges``): a long recording whose state
    /// changes little per step stays small, and the page rebuilds a step's state by applying
    /// changes to the one before.
    /// - Parameters:
    ///   - recording: The recording.
    ///   - name: The recording's file name, shown in the header.
    /// - Returns: The page.
    static func page(_ recording: RecordingFile, name: String) -> String {
        var header: [String: Any] = [
            "file": name,
            "formatVersion": recording.formatVersion,
            "snapshotInterval": recording.snapshotInterval,
            "steps": lastStep(recording),
            "duration": recording.actions.last?.time ?? 0,
        ]
        if let program = recording.program { header["program"] = program }
        if let started = recording.started { header["start"] = started.formatted(.iso8601) }
        let rows: [Any] = recording.actions.map { entry in
            [
                entry.step, entry.time, kind(of: entry.json), swiftText(entry.json),
                value(entry.json),
            ]
        }
        let initial = value(recording.initialState.json)
        var previous = initial
        var snapshots: [Any] = []
        for snapshot in recording.snapshots {
            let state = value(snapshot.json)
            snapshots.append([snapshot.step, JSONChanges.between(previous, state)])
            previous = state
        }
        let data: [String: Any] = [
            "header": header,
            "problems": recording.problems.map { [$0.line, $0.reason] as [Any] },
            "rows": rows,
            "initial": initial,
            "snapshots": snapshots,
        ]
        let json =
            (try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        // Inside a <script> element only `</script` (or `<!--`) could end it early; JSON has
        // `<` only inside strings, where `\u003c` means the same.
        let safe = json.replacingOccurrences(of: "<", with: "\\u003c")
        return pageTemplate.replacingOccurrences(of: "/*RECORDING*/{}", with: safe)
            .replacingOccurrences(of: "<!--TITLE-->", with: escapeHTML(name))
    }

    /// A JSON value as `JSONSerialization` reads it, for the page (see ``pageValue(_:)``); the
    /// text itself if it does not parse (the reader only keeps lines that do, so this does not
    /// happen for a read recording).
    static func value(_ json: Data) -> Any {
        pageValue(
            (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]))
                ?? text(json))
    }

    /// The first character of a string the page reads as something other than text: a
    /// private-use character, followed by `n` and the digits of an integer too large for a
    /// JavaScript number, or by `s` and a string that itself began with this character.
    static let pageMarker = "\u{E000}"

    /// A value whose integers beyond 2^53 are strings the page shows as those very digits: the
    /// browser's `JSON.parse` would turn them into the nearest double (9007199254740993
    /// would show as …992), and an id in a shared bug report must not change.
    static func pageValue(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]:
            return object.mapValues(pageValue)
        case let array as [Any]:
            return array.map(pageValue)
        case let string as String:
            return string.hasPrefix(pageMarker) ? pageMarker + "s" + string : string
        case let number as NSNumber where isUnsafeInteger(number):
            return pageMarker + "n" + number.stringValue
        default:
            return value
        }
    }

    /// Whether a number is an integer that a JavaScript number cannot hold exactly.
    private static func isUnsafeInteger(_ number: NSNumber) -> Bool {
        let limit: UInt64 = 1 << 53
        // Integers beyond Int64's and UInt64's ranges come as decimal numbers.
        if number is NSDecimalNumber {
            let text = number.stringValue
            let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
            return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
                && (digits.count > 16 || (UInt64(digits) ?? 0) > limit)
        }
        switch String(cString: number.objCType) {
        case "q", "l", "i", "s", "c": return number.int64Value.magnitude > limit
        case "Q", "L", "I", "S", "C": return number.uint64Value > limit
        default: return false
        }
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
