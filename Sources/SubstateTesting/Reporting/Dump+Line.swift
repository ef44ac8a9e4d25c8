import Substate

extension Dump {
    /// A value's dump on one line, for messages: no space after an opening bracket or before
    /// a closing one.
    static func line(of value: Any) -> String {
        var text = ""
        for line in Dump.text(of: value).split(separator: "\n") {
            let item = line.drop { $0 == " " }
            let tight =
                text.isEmpty || text.hasSuffix("(") || text.hasSuffix("[") || item.hasPrefix(")")
                || item.hasPrefix("]")
            text += (tight ? "" : " ") + item
        }
        return text
    }
}
