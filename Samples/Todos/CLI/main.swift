// todos: the seeds' to-do app as a tree of child programs — a list of to-dos (each its own
// program, kept by id), settings, and the app around them — composed with lenses and tags,
// its state saved between runs.
//
//     swift run todos add "Buy milk"       # one command per run, for scripts
//     swift run todos list
//     swift run todos done 1               # marks to-do 1 done (`undo 1` marks it not done)
//     swift run todos rm 1
//     swift run todos title Groceries
//     swift run todos                      # interactive: type commands, `quit` to leave
//     swift run todos demo                 # a scripted session, without the saved list
//
// Options: --file PATH (where the list is saved; default ~/.substate-todos.json, or
// $TODOS_FILE), --record FILE (records the session for `substate-inspect`).
//
// Errors go to standard error. Exit status: 0 when done, 1 when a change could not be saved
// (or the saved list cannot be used), 2 for bad arguments (an id that is not there included).

import Foundation
import Substate
import TodosCore

let usage = """
    usage: todos [--file PATH] [--record FILE] [COMMAND]

    Commands:
      add TEXT      adds a to-do
      list          lists the to-dos
      done ID       marks a to-do done
      undo ID       marks a to-do not done
      rm ID         removes a to-do
      title TEXT    renames the list
      demo          plays a scripted session (the saved list is not touched)

    Without a command, reads commands from the terminal (or standard input), one per line;
    `quit` ends. The list is saved in ~/.substate-todos.json, $TODOS_FILE or --file PATH.
    """

let commandsHint = "commands: add TEXT, list, done ID, undo ID, rm ID, title TEXT, quit"

/// A command of the interactive mode and of the subcommands.
enum Command {
    case actions([App.Action])
    /// An action for one to-do, which must exist.
    case todo(id: Int, App.Action)
    case list
    case quit

    /// Parses `add TEXT…`, `list`, `done ID`, `undo ID`, `rm ID`, `title TEXT…`, `quit`, or
    /// says what is wrong with the words.
    init(_ words: [String]) throws(UsageError) {
        guard let verb = words.first else { throw UsageError("no command") }
        let rest = words.dropFirst().joined(separator: " ")
        /// The id a command for one to-do needs.
        func id() throws(UsageError) -> Int {
            guard !rest.isEmpty else { throw UsageError("\(verb) needs the id of a to-do") }
            guard let id = Int(rest) else {
                throw UsageError("\(verb) needs the id of a to-do, a whole number: \(rest)")
            }
            return id
        }
        switch verb {
        case "add", "title", "rename":
            guard !rest.isEmpty else { throw UsageError("\(verb) needs a text") }
            self =
                verb == "add"
                ? .actions([.todos(.create(rest))]) : .actions([.settings(.changeTitle(rest))])
        case "done", "undo":
            let id = try id()
            self = .todo(id: id, .todos(.todo(id: id, .setDone(verb == "done"))))
        case "rm", "delete":
            let id = try id()
            self = .todo(id: id, .todos(.destroy(id: id)))
        case "list", "ls":
            guard rest.isEmpty else { throw UsageError("\(verb) takes no arguments: \(rest)") }
            self = .list
        case "quit", "exit": self = .quit
        default: throw UsageError("unknown command: \(verb)")
        }
    }

    /// Whether the command only shows the list.
    var isReadOnly: Bool {
        if case .list = self { true } else { false }
    }
}

/// Writes a line to standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The errors the saver reported and nobody has shown yet; each is shown once.
final class SaveErrors: @unchecked Sendable {
    // `@unchecked`: every access is under `lock`. An `NSLock` (a pthread mutex) rather than
    // `Synchronization.Mutex`, whose futex on Linux ThreadSanitizer does not see: it reported
    // the saver's thread and the main thread as racing on the guarded errors.
    private let lock = NSLock()
    private var pending: [PersistenceError] = []
    private var shown: Set<String> = []

    func record(_ error: PersistenceError) {
        lock.withLock { pending.append(error) }
    }

    /// Shows the new errors on standard error; returns whether there were any.
    func report() -> Bool {
        let new = lock.withLock { () -> [String] in
            defer { pending = [] }
            var new: [String] = []
            for error in pending where shown.insert(error.description).inserted {
                new.append(error.description)
            }
            return new
        }
        for message in new { warn("todos: \(message)") }
        return !new.isEmpty
    }
}

/// The parsed command line.
struct Options {
    var file: String
    var recording: String?
    var words: [String]

    /// Parses the arguments, or says what is wrong with them.
    init(_ arguments: [String], environment: [String: String]) throws(UsageError) {
        var words: [String] = []
        var file: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--file", "--record":
                guard let value = rest.popFirst(), !value.isEmpty else {
                    throw UsageError("\(argument) needs a path")
                }
                if argument == "--file" { file = value } else { recording = value }
            case "--help", "-h":
                throw UsageError(nil)
            case _ where argument.hasPrefix("--") && words.isEmpty:
                throw UsageError("unknown option \(argument)")
            default:
                words.append(argument)
            }
        }
        self.words = words
        // `$HOME` first, as a shell's `~` does (Foundation reads the user database on Linux).
        let home =
            environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        self.file =
            file ?? environment["TODOS_FILE"]
            ?? home.appendingPathComponent(".substate-todos.json").path
    }
}

/// Bad arguments (with a message), or a request for help (without).
struct UsageError: Error {
    var message: String?
    init(_ message: String?) { self.message = message }
}

@MainActor
func main() -> Int32 {
    let options: Options
    do {
        options = try Options(
            Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment)
    } catch {
        guard let message = error.message else {
            print(usage)
            return 0
        }
        warn("todos: \(message)\n\(usage)")
        return 2
    }
    let isDemo = options.words == ["demo"]
    var oneShot: Command?
    if !isDemo, !options.words.isEmpty {
        do {
            oneShot = try Command(options.words)
        } catch {
            warn("todos: \(error.message ?? "bad command")\n\(usage)")
            return 2
        }
        if let oneShot, isQuit(oneShot) {
            warn("todos: quit is for the interactive mode\n\(usage)")
            return 2
        }
    }

    var middleware: [Middleware<App, App.Action>] = []
    var initial = App()
    let saveErrors = SaveErrors()
    let saver = StateSaver<App, App>(
        file: URL(fileURLWithPath: options.file), timing: .immediate, clock: ContinuousClock(),
        onError: saveErrors.record)
    if oneShot?.isReadOnly == true {
        // Only shows the list: nothing on disk changes, a bad file included.
        do {
            initial = try saver.read(into: initial)
        } catch {
            warn("todos: \(error)")
            return 1
        }
    } else if !isDemo {
        do {
            initial = try saver.load(into: initial)
        } catch {
            warn("todos: \(error)")
            switch error {
            case .corrupted, .migrationFailed:
                break  // the bad file was moved aside: start from an empty list
            default:
                // The file stays where it is and cannot be written over: nothing this run
                // changed could be saved.
                return 1
            }
        }
        middleware.append(saver.middleware())
    }
    var recorder: Recorder<App, App.Action>?
    if let path = options.recording {
        do {
            recorder = try Recorder(
                file: URL(fileURLWithPath: path), initialState: initial, snapshotInterval: 1,
                clock: ContinuousClock())
        } catch {
            warn("todos: \(error)")
            return 1
        }
        middleware.append(recorder!.middleware())
    }
    let store = Store(state: initial, program: App.self, middleware: middleware)
    var status = run(
        store, oneShot: oneShot, isDemo: isDemo, saveErrors: saveErrors, save: saver.flush)
    store.tearDown()  // flushes the saver
    if saveErrors.report() { status = 1 }
    if let recorder { print("Recorded \(recorder.step) steps to \(recorder.file.path).") }
    return status
}

/// What a command came to.
enum Outcome {
    case done
    /// It could not be done (an unknown id); nothing changed.
    case refused
    /// It changed the state, but the change could not be saved.
    case notSaved
}

/// Runs the demo, one command, or the interactive mode; returns the exit status.
@MainActor
func run(
    _ store: StoreOf<App>, oneShot: Command?, isDemo: Bool,
    saveErrors: SaveErrors, save: () -> Void
) -> Int32 {
    if isDemo {
        // A view of one part: the settings, through a scoped store.
        let settings = store.scope(at: \.settings, as: App.Action.settings)
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

    /// Runs a command and shows the list, unless the command failed.
    func perform(_ command: Command) -> Outcome {
        switch command {
        case .quit, .list:
            break
        case .actions(let actions):
            for action in actions { store.send(action) }
        case .todo(let id, let action):
            guard store.state.todos.contains(id: id) else {
                warn("todos: there is no to-do \(id)")
                return .refused
            }
            store.send(action)
        }
        // The saver writes off the main actor; a command's change is on disk before the
        // command reports.
        save()
        if saveErrors.report() {
            warn("todos: the change was not saved")
            return .notSaved
        }
        print(store.state)
        return .done
    }

    if let oneShot {
        switch perform(oneShot) {
        case .done: return 0
        case .refused: return 2  // a bad argument: an id that is not there
        case .notSaved: return 1
        }
    }

    var status: Int32 = 0
    let isTerminal = isatty(STDIN_FILENO) != 0
    store.send(.didEnterForeground)
    if isTerminal { print(store.state) }
    while true {
        if isTerminal { print("todos> ", terminator: "") }
        guard let line = readLine() else { break }
        let words = line.split(separator: " ").map(String.init)
        if words.isEmpty { continue }
        let command: Command
        do {
            command = try Command(words)
        } catch {
            warn("\(error.message ?? "bad command"); \(commandsHint)")
            continue
        }
        if isQuit(command) { break }
        // A session goes on after a mistake, but ends with status 1 if a change was lost.
        if case .notSaved = perform(command) { status = 1 }
    }
    store.send(.didEnterBackground)
    return status
}

func isQuit(_ command: Command) -> Bool {
    if case .quit = command { true } else { false }
}

exit(main())
