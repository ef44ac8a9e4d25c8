/// Checks of the names a user gives `substate-inspect test` for the code it writes: each must
/// be what it claims (an identifier, a module, a type, a function), so that nothing given on
/// the command line becomes other code in the generated file.
enum SwiftNames {
    /// `Replay`, `_state2`: ASCII letters, digits and `_`, not starting with a digit, and not
    /// a keyword (backquoted names are not accepted).
    static func isIdentifier(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first, !keywords.contains(String(text)) else {
            return false
        }
        return (first == "_" || isLetter(first))
            && text.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || isDigit($0) }
    }

    /// `TodosCore`, `Foundation.NSString`: identifiers joined by dots.
    static func isModuleName(_ text: String) -> Bool {
        isDottedIdentifiers(text)
    }

    /// `App.update`: identifiers joined by dots.
    static func isFunctionReference(_ text: String) -> Bool {
        isDottedIdentifiers(text)
    }

    /// `App.State`, `Box<Int>`, `[String: Int]`, `Int?`: a type as the test names it.
    static func isTypeName(_ text: String) -> Bool {
        var parser = TypeParser(Array(text.unicodeScalars))
        return parser.type() && parser.isAtEnd
    }

    /// An expression on one line, its brackets balanced and closed, outside any string or
    /// comment: `()`, `.test`, `AppEnvironment(clock: ImmediateClock())`. It is code by design
    /// (the environment the replay passes); this keeps it to one argument of one call.
    static func isOneExpression(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains("//"), !text.contains("/*"), !text.contains("*/"),
            !text.unicodeScalars.contains(where: ReplayTest.isSpecial)
        else { return false }
        var open: [Character] = []
        var inString = false
        var previous: Character?
        for character in text {
            defer { previous = character }
            if inString {
                if character == "\"", previous != "\\" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": open.append(character)
            case ")", "]", "}":
                let expected: Character = character == ")" ? "(" : character == "]" ? "[" : "{"
                guard open.popLast() == expected else { return false }
            case ";": return false
            case "," where open.isEmpty: return false
            default: break
            }
        }
        return open.isEmpty && !inString
    }

    private static func isDottedIdentifiers(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier($0) }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Keywords that cannot name a type, a module or a suite without backquotes.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init",
        "inout", "internal", "let", "operator", "private", "protocol", "public", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "switch", "where", "while", "as", "catch", "false", "is", "nil", "rethrows", "super",
        "self", "Self", "throw", "throws", "true", "try", "Any",
    ]

    /// A small recursive-descent reader of type names: `A.B<C, [D: E]>?`.
    private struct TypeParser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var isAtEnd: Bool { index == scalars.count }

        mutating func type() -> Bool {
            depth += 1
            defer { depth -= 1 }
            guard depth < 32 else { return false }
            if take("[") {
                guard type() else { return false }
                if take(":") {
                    skipSpaces()
                    guard type() else { return false }
                }
                guard take("]") else { return false }
            } else {
                guard path() else { return false }
            }
            while take("?") {}
            return true
        }

        /// `A.B<C>.D`
        mutating func path() -> Bool {
            repeat {
                guard identifier() else { return false }
                if take("<") {
                    repeat {
                        skipSpaces()
                        guard type() else { return false }
                    } while take(",")
                    guard take(">") else { return false }
                }
            } while take(".")
            return true
        }

        mutating func identifier() -> Bool {
            let start = index
            while index < scalars.count,
                scalars[index] == "_" || SwiftNames.isLetter(scalars[index])
                    || SwiftNames.isDigit(scalars[index])
            {
                index += 1
            }
            guard index > start else { return false }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars[start..<index])
            return SwiftNames.isIdentifier(String(name))
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " { index += 1 }
        }
    }
}
