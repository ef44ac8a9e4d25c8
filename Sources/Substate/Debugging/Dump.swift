/// Prints any value as readable, line-oriented text: the form ``Diff`` compares.
///
/// Structs, classes and tuples print one field per line; enums print their case and
/// payload; collections print one element per line with its index; dictionaries print in
/// sorted key order and sets in sorted order, so that equal values always print the same.
/// A class instance that refers back to itself prints `↩︎` instead of recursing.
///
/// ```swift
/// print(Dump.text(of: Log(entries: ["a"], count: 1)))
/// // Log(
/// //   entries: [
/// //     [0]: "a"
/// //   ],
/// //   count: 1
/// // )
/// ```
public enum Dump {
    /// The text of a value.
    /// - Parameter value: Any value.
    /// - Returns: Its dump, over as many lines as it needs.
    public static func text(of value: Any) -> String {
        var printer = Printer()
        return printer.text(of: value, indent: "")
    }

    /// A type's name as a reader writes it: nested types in full (`App.Action`, not
    /// `Action`), without the module and without the compiler's marks for local types.
    /// - Parameter type: Any type.
    /// - Returns: Its name, `App.Action` or `Result<Int, App.Failure>`.
    public static func name(of type: Any.Type) -> String {
        let full = Array(String(reflecting: type))
        var result = ""
        var name = ""
        // Whether the name being read starts with its module (it does, unless it comes right
        // after a local type's context mark).
        var hasModule = true
        // Each qualified name in the text (`Module.Outer.Inner`, also inside `<…>`, tuples and
        // function types) loses its first component, the module; a local type's
        // `(unknown context at $…)` parts go too.
        func flush() {
            if name.hasPrefix(".") {
                // A type nested in a generic one: `….Role` after `AlertState<…>.Button`.
                result += name
            } else if !name.isEmpty {
                let parts = name.split(separator: ".")
                result +=
                    hasModule && parts.count > 1
                    ? parts.dropFirst().joined(separator: ".") : parts.joined(separator: ".")
            }
            name = ""
            hasModule = true
        }
        let mark = Array("(unknown context at ")
        var index = 0
        while index < full.count {
            if full[index...].starts(with: mark),
                let close = full[index...].firstIndex(of: ")")
            {
                index = close + 1
                if index < full.count, full[index] == "." { index += 1 }
                name = ""
                hasModule = false
                continue
            }
            let character = full[index]
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                name.append(character)
            } else {
                flush()
                result.append(character)
            }
            index += 1
        }
        flush()
        return result
    }

    /// A duration as Swift, in the largest unit that says it exactly:
    /// `Duration.milliseconds(300)`, not its two stored integers.
    static func text(of duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "Duration.seconds(\(seconds))" }
        guard attoseconds % 1_000_000_000 == 0, abs(seconds) < 9_000_000_000 else {
            return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
        }
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        if nanoseconds % 1_000_000 == 0 {
            return "Duration.milliseconds(\(nanoseconds / 1_000_000))"
        }
        if nanoseconds % 1_000 == 0 { return "Duration.microseconds(\(nanoseconds / 1_000))" }
        return "Duration.nanoseconds(\(nanoseconds))"
    }

    private struct Printer {
        var visiting: Set<ObjectIdentifier> = []

        mutating func text(of value: Any, indent: String) -> String {
            let mirror = Mirror(reflecting: value)
            let typeName = Dump.name(of: mirror.subjectType)
            switch value {
            case let string as String: return string.debugDescription
            case let character as Character: return String(character).debugDescription
            case let substring as Substring: return String(substring).debugDescription
            case let duration as Duration: return Dump.text(of: duration)
            default: break
            }
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first?.value else { return "nil" }
                return text(of: wrapped, indent: indent)
            case .collection:
                let items = mirror.children.enumerated().map { index, child in
                    ("[\(index)]: ", child.value)
                }
                return block(open: "[", close: "]", empty: "[]", items, indent: indent)
            case .set:
                let items = sortedTexts(mirror.children.map(\.value), indent: indent + "  ")
                return lines(open: "Set([", close: "])", empty: "Set([])", items, indent: indent)
            case .dictionary:
                let pairs = mirror.children.map { child -> (String, String) in
                    let pair = Mirror(reflecting: child.value).children.map(\.value)
                    let key = pair.count == 2 ? text(of: pair[0], indent: indent + "  ") : "?"
                    let value = pair.count == 2 ? text(of: pair[1], indent: indent + "  ") : "?"
                    return (key, value)
                }
                .sorted { $0.0 < $1.0 }
                .map { "\($0.0): \($0.1)" }
                return lines(open: "[", close: "]", empty: "[:]", pairs, indent: indent)
            case .enum:
                guard let payload = mirror.children.first else {
                    return "\(typeName).\(String(describing: value))"
                }
                let caseName = payload.label ?? "?"
                let payloadMirror = Mirror(reflecting: payload.value)
                if payloadMirror.displayStyle == .tuple {
                    let items = payloadMirror.children.map { child in
                        (label(child.label), child.value)
                    }
                    return block(
                        open: "\(typeName).\(caseName)(", close: ")",
                        empty: "\(typeName).\(caseName)()", items, indent: indent
                    )
                }
                return "\(typeName).\(caseName)(\(text(of: payload.value, indent: indent)))"
            case .tuple:
                let items = mirror.children.map { (label($0.label), $0.value) }
                return block(open: "(", close: ")", empty: "()", items, indent: indent)
            case .struct:
                let items = mirror.children.map { (label($0.label), $0.value) }
                return block(
                    open: "\(typeName)(", close: ")", empty: "\(typeName)()", items,
                    indent: indent)
            case .class:
                let id = ObjectIdentifier(value as AnyObject)
                guard !visiting.contains(id) else { return "\(typeName)(↩︎)" }
                visiting.insert(id)
                defer { visiting.remove(id) }
                var items: [(String, Any)] = []
                var current: Mirror? = mirror
                while let level = current {
                    items.insert(
                        contentsOf: level.children.map { (label($0.label), $0.value) }, at: 0)
                    current = level.superclassMirror
                }
                return block(
                    open: "\(typeName)(", close: ")", empty: "\(typeName)()", items,
                    indent: indent)
            default:
                return String(describing: value)
            }
        }

        func label(_ label: String?) -> String {
            guard let label, !label.hasPrefix(".") else { return "" }
            return "\(label): "
        }

        mutating func block(
            open: String, close: String, empty: String, _ items: [(String, Any)],
            indent: String
        ) -> String {
            let inner = indent + "  "
            let texts = items.map { prefix, value in prefix + text(of: value, indent: inner) }
            return lines(open: open, close: close, empty: empty, texts, indent: indent)
        }

        func lines(
            open: String, close: String, empty: String, _ items: [String], indent: String
        ) -> String {
            guard !items.isEmpty else { return empty }
            let inner = indent + "  "
            let body = items.map { inner + $0 }.joined(separator: ",\n")
            return "\(open)\n\(body)\n\(indent)\(close)"
        }

        mutating func sortedTexts(_ values: [Any], indent: String) -> [String] {
            values.map { text(of: $0, indent: indent) }.sorted()
        }
    }
}
