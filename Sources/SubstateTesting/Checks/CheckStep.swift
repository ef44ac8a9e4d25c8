import Substate

/// One step of a sequence that a ``ProgramCheck`` plays: an action sent to the store, or the
/// test clocks moved forward (which wakes the effects waiting on them).
public enum CheckStep<Action: Sendable>: Sendable {
    /// An action sent to the store.
    case send(Action)
    /// Every test clock of the environment moved forward by this much.
    case advance(Duration)

    /// The step as Swift, as a list of steps given to
    /// ``ProgramCheck/replay(_:fileID:filePath:line:column:)`` holds it:
    /// `.send(.create("a"))` or `.advance(.milliseconds(300))`.
    public var swift: String {
        switch self {
        case .send(let action): ".send(\(Self.expression(action)))"
        case .advance(let duration): ".advance(\(Self.expression(duration)))"
        }
    }

    /// An action as a Swift expression, on one line, with the types that Swift infers left
    /// out: `.todos(.create("a"))`.
    static func expression(_ action: Action) -> String {
        implicitMembers(Dump.line(of: action))
    }

    /// A duration as a Swift expression: `.milliseconds(300)`.
    static func expression(_ duration: Duration) -> String {
        implicitMembers(Dump.line(of: duration))
    }

    /// Dumped Swift with every `Type.member` outside string literals written `.member`
    /// (where a dump names an enum case or a static member, its type is the one the context
    /// expects: the store's action, a case's payload) and arrays without their elements'
    /// indices.
    static func implicitMembers(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        func isIdentifier(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_"
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\"" {
                // A string literal, escapes included, as it is.
                result.append(character)
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count {
                        result.append(characters[index])
                        index += 1
                    }
                    result.append(characters[index])
                    index += 1
                }
                if index < characters.count { result.append(characters[index]) }
                index += 1
                continue
            }
            // A dumped array's `[0]: ` before each element: not Swift, and not needed.
            if character == "[", result.hasSuffix("[") || result.hasSuffix(", ") {
                var end = index + 1
                while end < characters.count, characters[end].isNumber { end += 1 }
                if end > index + 1, end + 2 < characters.count, characters[end] == "]",
                    characters[end + 1] == ":", characters[end + 2] == " "
                {
                    index = end + 3
                    continue
                }
            }
            let startsName =
                character.isUppercase && (index == 0 || !isIdentifier(characters[index - 1]))
            guard startsName else {
                result.append(character)
                index += 1
                continue
            }
            // A type (`Todos.Action`, `PresentationAction<Editor.Action>`), then maybe a
            // member starting with a lower-case letter.
            var end = index
            var depth = 0
            var lastDot: Int?
            while end < characters.count {
                let next = characters[end]
                if next == "<" {
                    depth += 1
                } else if next == ">" {
                    guard depth > 0 else { break }
                    depth -= 1
                } else if next == "." {
                    if depth == 0 { lastDot = end }
                } else if !(isIdentifier(next) || (depth > 0 && (next == "," || next == " "))) {
                    break
                }
                end += 1
            }
            if let lastDot, lastDot + 1 < end, characters[lastDot + 1].isLowercase {
                result += String(characters[lastDot..<end])
            } else {
                result += String(characters[index..<end])
            }
            index = end
        }
        return result
    }
}
