// todos: the seeds' to-do app as a tree of child programs — a list of to-dos (each its own
// program, kept by id), settings, and the app around them — composed with lenses and tags.
//
//     swift run todos                                   # a scripted session
//     swift run todos add Milk add Eggs done 1 title Groceries delete 2
//
// Commands: add TEXT, done ID (toggles), edit ID TEXT, delete ID, title TEXT.

import Substate

/// Turns command-line words into app actions.
func actions(from words: [String]) -> [App.Action]? {
    var actions: [App.Action] = []
    var rest = words[...]
    while let command = rest.popFirst() {
        switch command {
        case "add":
            guard let text = rest.popFirst() else { return nil }
            actions.append(.todos(.create(text)))
        case "done":
            guard let id = rest.popFirst().flatMap({ Int($0) }) else { return nil }
            actions.append(.todos(.todo(id: id, .toggle)))
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

let words = Array(CommandLine.arguments.dropFirst())
let script: [App.Action] =
    words.isEmpty
    ? [
        .didEnterForeground, .todos(.create("Buy milk")), .todos(.create("Walk the dog")),
        .todos(.create("Call mum")), .todos(.todo(id: 2, .toggle)),
        .settings(.changeTitle("Saturday")), .todos(.destroy(id: 1)), .didEnterBackground,
    ]
    : actions(from: words) ?? []

if !words.isEmpty && script.isEmpty {
    print("usage: todos [add TEXT | done ID | edit ID TEXT | delete ID | title TEXT]...")
} else {
    let store = Store(state: App(), environment: (), update: App.update)
    // A view of one part: the settings, through a scoped store.
    let settings = store.scope(state: Lens(\App.settings), action: App.Action.settings)
    for action in script {
        store.send(action)
        print("> " + String(describing: action).replacing("TodosSample.", with: ""))
        print(store.state)
    }
    print("Settings scope sees the title \"\(settings.state.title)\".")
}
