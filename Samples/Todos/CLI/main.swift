// todos: the seeds' to-do app as a tree of child programs — a list of to-dos (each its own
// program, kept by id), settings, and the app around them — composed with lenses and tags.
//
//     swift run todos                                   # a scripted session
//     swift run todos add Milk add Eggs done 1 title Groceries delete 2
//     swift run todos --record session.jsonl            # also records the session
//
// Commands: add TEXT, done ID (toggles), edit ID TEXT, delete ID, title TEXT.
// A recording is read by `swift run substate-inspect summary session.jsonl`.

import Foundation
import Substate
import TodosCore

var words = Array(CommandLine.arguments.dropFirst())
var recordingFile: URL?
if let index = words.firstIndex(of: "--record") {
    guard index + 1 < words.count else {
        print("usage: todos [--record FILE] [commands]")
        exit(2)
    }
    recordingFile = URL(fileURLWithPath: words[index + 1])
    words.removeSubrange(index...index + 1)
}
let script: [App.Action] =
    words.isEmpty
    ? [
        .didEnterForeground, .todos(.create("Buy milk")), .todos(.create("Walk the dog")),
        .todos(.create("Call mum")), .todos(.todo(id: 2, .toggle)),
        .settings(.changeTitle("Saturday")), .todos(.destroy(id: 1)), .didEnterBackground,
    ]
    : App.Action.parse(words) ?? []

if !words.isEmpty && script.isEmpty {
    print("usage: todos [add TEXT | done ID | edit ID TEXT | delete ID | title TEXT]...")
} else {
    var middleware: [Middleware<App, App.Action>] = []
    var recorder: Recorder<App, App.Action>?
    if let recordingFile {
        do {
            recorder = try Recorder(
                file: recordingFile, initialState: App(), snapshotInterval: 1,
                clock: ContinuousClock())
        } catch {
            print("todos: \(error)")
            exit(1)
        }
        middleware.append(recorder!.middleware())
    }
    let store = Store(state: App(), environment: (), update: App.update, middleware: middleware)
    // A view of one part: the settings, through a scoped store.
    let settings = store.scope(state: Lens(\App.settings), action: App.Action.settings)
    for action in script {
        store.send(action)
        print("> " + String(describing: action).replacing("TodosCore.", with: ""))
        print(store.state)
    }
    print("Settings scope sees the title \"\(settings.state.title)\".")
    if let recorder {
        print("Recorded \(recorder.step) steps to \(recorder.file.path).")
    }
}
