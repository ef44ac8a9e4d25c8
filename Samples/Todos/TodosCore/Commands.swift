import Substate

extension App.Action {
    /// Turns command-line words into app actions: `add TEXT`, `done ID` (marks it done),
    /// `undo ID` (marks it not done), `edit ID TEXT`, `delete ID`, `title TEXT`.
    /// - Parameter words: The words.
    /// - Returns: The actions, or `nil` if the words are not commands.
    public static func parse(_ words: [String]) -> [App.Action]? {
        var actions: [App.Action] = []
        var rest = words[...]
        while let command = rest.popFirst() {
            switch command {
            case "add":
                guard let text = rest.popFirst() else { return nil }
                actions.append(.todos(.create(text)))
            case "done":
                guard let id = rest.popFirst().flatMap({ Int($0) }) else { return nil }
                actions.append(.todos(.todo(id: id, .setDone(true))))
            case "undo":
                guard let id = rest.popFirst().flatMap({ Int($0) }) else { return nil }
                actions.append(.todos(.todo(id: id, .setDone(false))))
            case "edit":
                guard let id = rest.popFirst().flatMap({ Int($0) }), let text = rest.popFirst()
                else { return nil }
                actions.append(.todos(.todo(id: id, .edit(text))))
            case "delete":
                guard let id = rest.popFirst().flatMap({ Int($0) }) else { return nil }
                actions.append(.todos(.destroy(id: id)))
            case "title":
                guard let text = rest.popFirst() else { return nil }
                actions.append(.settings(.changeTitle(text)))
            default:
                return nil
            }
        }
        return actions
    }
}
