import Foundation
import Substate
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

    /// Runs a product with some standard input; returns its standard output and exit status.
    static func run(_ name: String, _ arguments: [String], input: String = "") throws -> (
        String, Int32
    ) {
        let process = Process()
        process.executableURL = try url(name)
        process.arguments = arguments
        let output = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }
}

@MainActor
@Suite struct TodosSampleTests {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("todos-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var saved: String { folder.appendingPathComponent("todos.json").path }

    func todos(_ arguments: [String], input: String = "") throws -> String {
        let (output, status) = try Products.run(
            "todos", ["--file", saved] + arguments, input: input)
        #expect(status == 0, "todos \(arguments) failed: \(output)")
        return output
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
        let output = try todos([], input: "add Bread\nnonsense\ndone 1\nquit\n")
        #expect(output.contains("  1. [ ] Bread"))
        #expect(output.contains("commands: add TEXT, list, done ID, rm ID, title TEXT, quit"))
        #expect(output.hasSuffix("My To-Do List (active)\n  1. [x] Bread\n"))
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
        let output = try todos(["list"])
        #expect(output.contains("todos.json.corrupt"))
        #expect(output.hasSuffix("My To-Do List (in the background)\n  nothing to do\n"))
        #expect(
            try String(contentsOfFile: saved + ".corrupt", encoding: .utf8) == "{ truncated")
    }

    @Test func theDemoRunsItsScript() throws {
        let output = try todos(["demo"])
        #expect(output.hasSuffix("Settings scope sees the title \"Saturday\".\n"))
    }

    @Test func theSampleRefusesUnknownCommands() throws {
        let (output, status) = try Products.run("todos", ["--file", saved, "fly", "away"])
        #expect(status == 2)
        #expect(output.hasPrefix("usage: todos"))
    }
}
