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
    ///
    /// The JSON is written piece by piece (a row, a snapshot's changes at a time), never as one
    /// tree of the whole recording; an action's JSON goes in as it was recorded unless it holds
    /// what the page must read differently (see ``pageValue(_:)``).
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
        var json = Data()
        json.reserveCapacity(recording.actions.count * 160 + 4_096)
        json.append(contentsOf: #"{"header":"#.utf8)
        appendJSON(header, to: &json)
        json.append(contentsOf: #","problems":"#.utf8)
        appendJSON(recording.problems.map { [$0.line, $0.reason] as [Any] }, to: &json)
        json.append(contentsOf: #","rows":["#.utf8)
        for (index, entry) in recording.actions.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            let parsed = try? JSONSerialization.jsonObject(
                with: entry.json, options: [.fragmentsAllowed])
            // [step, time, kind, text, action]
            json.append(contentsOf: "[\(entry.step),\(entry.time),".utf8)
            appendString(parsed.map(kind(ofValue:)) ?? text(entry.json), to: &json)
            json.append(UInt8(ascii: ","))
            appendString(parsed.map { swiftText($0) } ?? text(entry.json), to: &json)
            json.append(UInt8(ascii: ","))
            appendPageJSON(entry.json, parsed: parsed, to: &json)
            json.append(UInt8(ascii: "]"))
        }
        json.append(contentsOf: #"],"initial":"#.utf8)
        let initial = value(recording.initialState.json)
        appendJSON(initial, to: &json)
        json.append(contentsOf: #","snapshots":["#.utf8)
        var previous = initial
        for (index, snapshot) in recording.snapshots.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            let state = value(snapshot.json)
            appendJSON([snapshot.step, JSONChanges.between(previous, state)] as [Any], to: &json)
            previous = state
        }
        json.append(contentsOf: "]}".utf8)
        // Inside a <script> element only `</script` (or `<!--`) could end it early; JSON has
        // `<` only inside strings, where `\u003c` means the same.
        let safe = String(decoding: json, as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
        return pageTemplate.replacingOccurrences(of: "/*RECORDING*/{}", with: safe)
            .replacingOccurrences(of: "<!--TITLE-->", with: escapeHTML(name))
    }

    /// Appends a small value as JSON, keys sorted.
    private static func appendJSON(_ value: Any, to json: inout Data) {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        else {
            json.append(contentsOf: "null".utf8)
            return
        }
        json.append(data)
    }

    /// Appends a string as a JSON string literal.
    static func appendString(_ string: String, to json: inout Data) {
        json.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): json.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): json.append(contentsOf: #"\\"#.utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                json.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    /// Appends a recorded JSON value for the page: as recorded when the page reads it as
    /// recorded, else through ``pageValue(_:)``.
    private static func appendPageJSON(_ recorded: Data, parsed: Any?, to json: inout Data) {
        guard let parsed else {
            appendJSON(text(recorded), to: &json)
            return
        }
        if isPlainForPage(recorded) {
            json.append(recorded)
        } else {
            appendJSON(pageValue(parsed), to: &json)
        }
    }

    /// Whether recorded JSON needs no change for the page: no run of 16 digits or more (an
    /// integer a JavaScript number might round) and no private-use character U+E000, written
    /// or escaped (the page's marker). A conservative check on the bytes.
    static func isPlainForPage(_ json: Data) -> Bool {
        var digits = 0
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in json {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
                if digits >= 16 { return false }
            } else {
                digits = 0
            }
            // U+E000 in UTF-8 is EE 80 80; escaped, `\ue000` (any case).
            if beforePrevious == 0xEE && previous == 0x80 && byte == 0x80 { return false }
            if (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"))
                && (previous == UInt8(ascii: "u") || previous == UInt8(ascii: "U"))
                && beforePrevious == UInt8(ascii: "\\")
            {
                return false
            }
            beforePrevious = previous
            previous = byte
        }
        return true
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
