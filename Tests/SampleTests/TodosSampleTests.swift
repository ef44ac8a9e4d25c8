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

    /// Runs a product; returns its standard output and exit status.
    static func run(_ name: String, _ arguments: [String]) throws -> (String, Int32) {
        let process = Process()
        process.executableURL = try url(name)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }
}

@MainActor
@Suite struct TodosSampleTests {
    let words = ["add", "Milk", "add", "Eggs", "done", "1", "title", "Groceries", "delete", "2"]

    @Test func aRecordedSessionOfTheSampleReplaysToTheStateItPrinted() throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("todos-\(UUID().uuidString).jsonl")
        let (output, status) = try Products.run("todos", ["--record", file.path] + words)
        #expect(status == 0)
        #expect(output.contains("Recorded 5 steps to \(file.path)."))

        let recording = try Recording<App, App.Action>(contentsOf: file)
        #expect(recording.problems.isEmpty)
        #expect(recording.actions.map(\.action) == App.Action.parse(words))
        #expect(recording.verify(environment: (), update: App.update) == nil)
        let replayed = recording.replay(environment: (), update: App.update)
        // The sample printed the state after its last action; the replay gives the same.
        #expect(output.contains(replayed.description))
        #expect(replayed.settings.title == "Groceries")
        #expect(replayed.todos.list.map(\.body) == ["Milk"])
        #expect(replayed.todos.list.first?.isDone == true)

        let (summary, summaryStatus) = try Products.run("substate-inspect", ["summary", file.path])
        #expect(summaryStatus == 0)
        #expect(summary.contains("steps: 5"))
        #expect(
            summary.split(separator: "\n").contains {
                $0.hasPrefix("todos.create ") && $0.hasSuffix(" 2")
            })
        #expect(summary.contains("todos.todo.toggle"))
    }

    @Test func theSampleRefusesUnknownCommands() throws {
        let (output, _) = try Products.run("todos", ["fly", "away"])
        #expect(output.hasPrefix("usage: todos"))
    }
}
