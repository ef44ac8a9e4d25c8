import Foundation
import Substate
import Synchronization
import TestSupport
import Testing
import TodosCore

/// The built sample programs, run as a user runs them.
enum Products {
    static func url(_ name: String) throws -> URL {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            directory.appendingPathComponent(name),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
        ]
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "\(name) is not built next to the tests")
    }

    /// What a run of a product printed, and its exit status.
    struct Result {
        var output: String
        var errors: String
        var status: Int32
    }

    /// Runs a product with some standard input; returns its standard output and exit status.
    static func run(_ name: String, _ arguments: [String], input: String = "") throws -> (
        String, Int32
    ) {
        let result = try result(name, arguments, input: input)
        return (result.output, result.status)
    }

    /// Runs a product with some standard input; returns what it printed on standard output
    /// and standard error, and its exit status.
    static func result(_ name: String, _ arguments: [String], input: String = "") throws
        -> Result
    {
        let process = Process()
        process.executableURL = try url(name)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Standard error is read on another thread, so that neither pipe fills up.
        let errorText = Mutex("")
        let errorsRead = DispatchSemaphore(value: 0)
        let reader = Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = String(decoding: data, as: UTF8.self) }
            errorsRead.signal()
        }
        reader.start()
        // A sample that hangs is stopped and fails the test, rather than never ending.
        let watchdog = ProcessWatchdog(process, limit: .seconds(120))
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(watchdog.stop(), "\(name) \(arguments) did not end within 120 s")
        errorsRead.wait()
        return Result(
            output: text, errors: errorText.withLock { $0 }, status: process.terminationStatus)
    }
}

@MainActor
@Suite struct TodosSampleTests {
    let temporary = TemporaryFolder(prefix: "todos")
    var folder: URL { temporary.url }

    var saved: String { folder.appendingPathComponent("todos.json").path }

    func todos(_ arguments: [String], input: String = "") throws -> String {
        let result = try Products.result("todos", ["--file", saved] + arguments, input: input)
        #expect(
            result.status == 0,
            "todos \(arguments) failed; standard output: \(result.output); standard error: \(result.errors)"
        )
        return result.output
    }

    @Test func subcommandsKeepTheListBetweenRuns() throws {
        _ = try todos(["add", "Buy", "milk"])
        _ = try todos(["add", "Eggs"])
        _ = try todos(["done", "1"])
        _ = try todos(["title", "Groceries"])
        _ = try todos(["rm", "2"])
        #expect(
            try todos(["list"]) == """
                Groceries (in the background)
                  1. [x] Buy milk

                """)
    }

    @Test func theInteractiveModeReadsCommandsLineByLine() throws {
        let result = try Products.result(
            "todos", ["--file", saved], input: "add Bread\nnonsense\ndone 1\ndone 1\nquit\n")
        #expect(result.status == 0)
        #expect(result.output.contains("  1. [ ] Bread"))
        #expect(
            result.errors
                == "unknown command: nonsense; "
                + "commands: add TEXT, list, done ID, undo ID, rm ID, title TEXT, quit\n")
        // `done` marks it done; done again, it stays done (a toggle would undo it).
        #expect(result.output.hasSuffix("My To-Do List (active)\n  1. [x] Bread\n"))
        #expect(try todos(["list"]).contains("  1. [x] Bread"))
    }

    @Test func aRecordedSessionOfTheSampleReplaysToTheStateItSaved() throws {
        let file = folder.appendingPathComponent("session.jsonl")
        let output = try todos(
            ["--record", file.path],
            input: "add Milk\nadd Eggs\ndone 1\ntitle Groceries\nrm 2\nquit\n")
        #expect(output.contains("Recorded 7 steps to \(file.path)."))

        let recording = try Recording<App, App.Action>(contentsOf: file)
        #expect(recording.problems.isEmpty)
        #expect(recording.verify(environment: (), update: App.update) == nil)
        let replayed = recording.replay(environment: (), update: App.update)
        #expect(replayed.settings.title == "Groceries")
        #expect(replayed.todos.list.map(\.body) == ["Milk"])
        // The saved list is the replayed state.
        let saver = StateSaver<App, App>(
            file: URL(fileURLWithPath: saved), clock: ContinuousClock())
        #expect(try saver.load(into: App()) == replayed)

        let (summary, summaryStatus) = try Products.run("substate-inspect", ["summary", file.path])
        #expect(summaryStatus == 0)
        #expect(summary.contains("steps: 7"))
        #expect(
            summary.split(separator: "\n").contains {
                $0.hasPrefix("todos.create ") && $0.hasSuffix(" 2")
            })
    }

    @Test func aCorruptSavedListIsKeptAndTheSampleStartsEmpty() throws {
        try Data("{ truncated".utf8).write(to: URL(fileURLWithPath: saved))
        let result = try Products.result("todos", ["--file", saved, "add", "Milk"])
        #expect(result.status == 0)
        #expect(result.errors.contains("todos.json.corrupt"))
        #expect(result.output == "My To-Do List (in the background)\n  1. [ ] Milk\n")
        #expect(
            try String(contentsOfFile: saved + ".corrupt", encoding: .utf8) == "{ truncated")
    }

    @Test func listingAFileThatIsNotAListSaysSoAndLeavesIt() throws {
        let other = folder.appendingPathComponent("notes.json").path
        try Data(#"{"shopping": ["milk"]}"#.utf8).write(to: URL(fileURLWithPath: other))
        let result = try Products.result("todos", ["--file", other, "list"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("\(other) is not readable"))
        #expect(result.errors.contains("left where it is"))
        // A command that only reads moves nothing.
        #expect(
            try String(contentsOfFile: other, encoding: .utf8) == #"{"shopping": ["milk"]}"#)
        #expect(!FileManager.default.fileExists(atPath: other + ".corrupt"))
    }

    @Test func theListIsSavedInTheHomeFolderTheEnvironmentNames() throws {
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let todos = try Products.url("todos")
        let process = Process()
        process.executableURL = todos
        process.arguments = ["add", "Milk"]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["TODOS_FILE"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(process.waitUntilExit(within: .seconds(120)))
        #expect(process.terminationStatus == 0)
        let file = home.appendingPathComponent(".substate-todos.json")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("Milk"))
    }

    @Test func aCommandWithoutAUsableIDSaysWhatIsMissing() throws {
        let bad = try Products.result("todos", ["--file", saved, "done", "abc"])
        #expect(bad.status == 2)
        #expect(bad.errors.hasPrefix("todos: done needs the id of a to-do, a whole number: abc\n"))
        let missing = try Products.result("todos", ["--file", saved, "rm"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("todos: rm needs the id of a to-do\n"))
    }

    @Test func theDemoRunsItsScript() throws {
        let output = try todos(["demo"])
        #expect(output.hasSuffix("Settings scope sees the title \"Saturday\".\n"))
    }

    @Test func theSampleRefusesUnknownCommands() throws {
        for arguments in [
            ["fly", "away"], ["--frobnicate"], ["done", "one"], ["--file"], ["list", "x"],
        ] {
            let result = try Products.result("todos", ["--file", saved] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments)")
            #expect(result.errors.contains("usage: todos"), "\(arguments)")
        }
        let help = try Products.result("todos", ["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: todos"))
        #expect(help.errors.isEmpty)
    }

    @Test func doneAndUndoSetTheStateWhateverItWas() throws {
        _ = try todos(["add", "Milk"])
        #expect(try todos(["done", "1"]).contains("  1. [x] Milk"))
        #expect(try todos(["done", "1"]).contains("  1. [x] Milk"))
        #expect(try todos(["undo", "1"]).contains("  1. [ ] Milk"))
        #expect(try todos(["undo", "1"]).contains("  1. [ ] Milk"))
    }

    @Test func anUnknownIdIsAnError() throws {
        _ = try todos(["add", "Milk"])
        for command in [["done", "7"], ["undo", "7"], ["rm", "7"]] {
            let result = try Products.result("todos", ["--file", saved] + command)
            #expect(result.status == 2)  // a bad argument; 1 is for a change not saved
            #expect(result.output.isEmpty)
            #expect(result.errors == "todos: there is no to-do 7\n")
        }
        #expect(try todos(["list"]).contains("  1. [ ] Milk"))
    }

    @Test func aChangeThatCannotBeSavedIsReportedOnceAndFails() throws {
        let missing = folder.appendingPathComponent("missing/dir/todos.json").path
        let result = try Products.result("todos", ["--file", missing, "add", "Milk"])
        #expect(result.status == 1)
        // Nothing on standard output pretends the to-do was saved.
        #expect(result.output.isEmpty)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 2, "\(result.errors)")
        #expect(lines.first?.hasPrefix("todos: Could not save the state to \(missing)") == true)
        #expect(lines.last == "todos: the change was not saved")
    }

    @Test func aListFromANewerVersionIsLeftAloneAndFails() throws {
        let newer = #"{"format":"substate-state","version":9,"state":{}}"#
        try Data(newer.utf8).write(to: URL(fileURLWithPath: saved))
        for command in [["add", "Milk"], ["list"]] {
            let result = try Products.result("todos", ["--file", saved] + command)
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            #expect(result.errors.contains("schema version 9"))
        }
        #expect(try String(contentsOfFile: saved, encoding: .utf8) == newer)
    }
}
