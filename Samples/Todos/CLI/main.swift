// todos: the seeds' to-do app as a tree of child programs — a list of to-dos (each its own
// program, kept by id), settings, and the app around them — composed with lenses and tags,
// its state saved between runs.
//
//     swift run todos add "Buy milk"       # one command per run, for scripts
//     swift run todos list
//     swift run todos done 1               # toggles to-do 1
//     swift run todos rm 1
//     swift run todos title Groceries
//     swift run todos                      # interactive: type commands, `quit` to leave
//     swift run todos demo                 # a scripted session, without the saved list
//
// Options: --file PATH (where the list is saved; default ~/.substate-todos.json, or
// $TODOS_FILE), --record FILE (records the session for `substate-inspect`).

import Foundation
import Substate
import TodosCore

let usage = """
    usage: todos [--file PATH] [--record FILE] [add TEXT | list | done ID | rm ID | title TEXT | demo]
    Without a command, reads commands from the terminal (or standard input), one per line;
    `quit` ends.
    """

/// A command of the interactive mode and of the subcommands.
enum Command {
    case actions([App.Action])
    case list
    case quit

    /// Parses `add TEXT…`, `list`, `done ID`, `rm ID`, `title TEXT…`, `quit`.
    init?(_ words: [String]) {
        guard let verb = words.first else { return nil }
        let rest = words.dropFirst().joined(separator: " ")
        switch verb {
        case "add" where !rest.isEmpty: self = .actions([.todos(.create(rest))])
        case "done":
            guard let id = Int(rest) else { return nil };
            self = .actions([.todos(.todo(id: id, .toggle))])
        case "rm", "delete":
            guard let id = Int(rest) else { return nil };
            self = .actions([.todos(.destroy(id: id))])
        case "title",
            "rename" where !rest.isEmpty:
            self = .actions([.settings(.changeTitle(rest))])
        case "list", "ls": self = .list
        case "quit", "exit": self = .quit
        default: return nil
        }
    }
}

/// Takes `--name VALUE` out of the arguments.
func option(_ name: String, from arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
        return nil
    }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}

var arguments = Array(CommandLine.arguments.dropFirst())
let recordingPath = option("--record", from: &arguments)
let savedPath =
    option("--file", from: &arguments) ?? ProcessInfo.processInfo.environment["TODOS_FILE"]
    ?? FileManager.default.homeDirectoryForCurrentUser
    .appendingPathComponent(".substate-todos.json").path

@MainActor
func main() -> Int32 {
    let isDemo = arguments == ["demo"]
    var middleware: [Middleware<App, App.Action>] = []
    var initial = App()
    let saver = StateSaver<App, App>(
        file: URL(fileURLWithPath: savedPath), timing: .immediate, clock: ContinuousClock(),
        onError: { print("todos: \($0)") })
    if !isDemo {
        do {
            initial = try saver.load(into: initial)
        } catch {
            print("todos: \(error)")  // the bad file was kept; start from an empty list
        }
        middleware.append(saver.middleware())
    }
    var recorder: Recorder<App, App.Action>?
    if let recordingPath {
        do {
            recorder = try Recorder(
                file: URL(fileURLWithPath: recordingPath), initialState: initial,
                snapshotInterval: 1, clock: ContinuousClock())
        } catch {
            print("todos: \(error)")
            return 1
        }
        middleware.append(recorder!.middleware())
    }
    let store = Store(
        state: initial, environment: (), update: App.update, middleware: middleware)
    defer {
        store.tearDown()  // flushes the saver
        if let recorder { print("Recorded \(recorder.step) steps to \(recorder.file.path).") }
    }

    if isDemo {
        // A view of one part: the settings, through a scoped store.
        let settings = store.scope(state: Lens(\App.settings), action: App.Action.settings)
        let script: [App.Action] = [
            .didEnterForeground, .todos(.create("Buy milk")), .todos(.create("Walk the dog")),
            .todos(.create("Call mum")), .todos(.todo(id: 2, .toggle)),
            .settings(.changeTitle("Saturday")), .todos(.destroy(id: 1)), .didEnterBackground,
        ]
        for action in script {
            store.send(action)
            print("> " + String(describing: action).replacing("TodosCore.", with: ""))
            print(store.state)
        }
        print("Settings scope sees the title \"\(settings.state.title)\".")
        return 0
    }

    if !arguments.isEmpty {
        guard let command = Command(arguments) else {
            print(usage)
            return 2
        }
        if case .actions(let actions) = command { for action in actions { store.send(action) } }
        print(store.state)
        return 0
    }

    let isTerminal = isatty(STDIN_FILENO) != 0
    store.send(.didEnterForeground)
    if isTerminal { print(store.state) }
    while true {
        if isTerminal { print("todos> ", terminator: "") }
        guard let line = readLine() else { break }
        let words = line.split(separator: " ").map(String.init)
        if words.isEmpty { continue }
        guard let command = Command(words) else {
            print("commands: add TEXT, list, done ID, rm ID, title TEXT, quit")
            continue
        }
        switch command {
        case .quit:
            store.send(.didEnterBackground)
            return 0
        case .list:
            print(store.state)
        case .actions(let actions):
            for action in actions { store.send(action) }
            print(store.state)
        }
    }
    store.send(.didEnterBackground)
    return 0
}

exit(main())
