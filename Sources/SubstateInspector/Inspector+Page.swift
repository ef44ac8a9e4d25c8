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

    /// A JSON value as `JSONSerialization` reads it; the text itself if it does not parse
    /// (the reader only keeps lines that do, so this does not happen for a read recording).
    static func value(_ json: Data) -> Any {
        (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]))
            ?? text(json)
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
