import Foundation
import Substate
import SubstateInspector
import TestSupport
import Testing
import TodosCore

/// `substate-inspect html` and `test` without a browser: what the page carries, the
/// commands' errors, and the generated test's source.
@Suite struct InspectorPageTests {
    let folder = TemporaryFolder(prefix: "substate-page")

    /// The recording's data as the page embeds it.
    func data(ofPage page: String) throws -> [String: Any] {
        let start = try #require(
            page.range(of: #"<script type="application/json" id="recording">"#))
        let end = try #require(page[start.upperBound...].range(of: "</script>"))
        let json = Data(page[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    func write(_ lines: [String], to name: String) throws -> URL {
        let url = folder.file(name)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    @Test func thePageIsOneFileThatNeedsNoNetwork() throws {
        let file = try knownRecordingFile(in: folder)
        let output = Inspector.run(["html", file.path])
        #expect(output.status == 0)
        #expect(
            output.text == "wrote \(folder.file("known.html").path) (3 steps, 2 damaged lines)\n")
        #expect(output.errors.contains("warning: line 6: not a JSON object"))
        let page = try String(contentsOf: folder.file("known.html"), encoding: .utf8)
        for external in ["http:", "https:", "<link", " src=", "@import", "url("] {
            #expect(
                !page.contains(external), "the page refers to something outside it: \(external)")
        }
        let data = try data(ofPage: page)
        let header = try #require(data["header"] as? [String: Any])
        #expect(header["formatVersion"] as? Int == 1)
        #expect(header["snapshotInterval"] as? Int == 2)
        #expect(header["program"] == nil)
        let problems = try #require(data["problems"] as? [[Any]])
        #expect(problems.map { $0[0] as? Int } == [6, 8])
        let rows = try #require(data["rows"] as? [[Any]])
        #expect(rows.map { $0[2] as? String } == ["add", "note.pin", "add"])
        #expect(
            rows.map { $0[3] as? String } == [#"add("milk")"#, "note(id: 1, pin)", #"add("eggs")"#])
    }

    @Test func eachSnapshotCarriesItsChangesFromTheOneBefore() throws {
        let file = try write(
            [
                #"{"format":"substate-recording","program":"Demo.App","snapshotInterval":1,"start":"2026-11-23T10:00:00Z","version":1}"#,
                #"{"kind":"initial","state":{"a":1,"gone":true,"list":[{"id":1,"x":false},{"id":2,"x":false}]},"step":0,"time":0}"#,
                #"{"action":{"one":{}},"kind":"action","step":1,"time":0.5}"#,
                #"{"kind":"snapshot","state":{"a":2,"gone":true,"list":[{"id":1,"x":false},{"id":2,"x":true}]},"step":1,"time":0.5}"#,
                #"{"action":{"two":{}},"kind":"action","step":2,"time":1}"#,
                #"{"kind":"snapshot","state":{"a":2,"list":[{"id":1,"x":false},{"id":3,"x":false},{"id":2,"x":true}],"new":"</script><b>"},"step":2,"time":1}"#,
                #"{"action":{"three":{}},"kind":"action","step":3,"time":1.5}"#,
                #"{"kind":"snapshot","state":{"a":2,"list":[{"id":2,"x":true}],"new":"</script><b>"},"step":3,"time":1.5}"#,
            ], to: "changes.jsonl")
        let output = Inspector.run(["html", file.path, "-o", "-"])
        #expect(output.status == 0)
        // The state's text cannot end the page's script early.
        #expect(output.text.components(separatedBy: "</script>").count == 3)
        let data = try data(ofPage: output.text)
        let header = try #require(data["header"] as? [String: Any])
        #expect(header["program"] as? String == "Demo.App")
        #expect(header["start"] as? String == "2026-11-23T10:00:00Z")
        let snapshots = try #require(data["snapshots"] as? [[Any]])
        func changes(_ index: Int) -> String {
            let json = try? JSONSerialization.data(
                withJSONObject: snapshots[index][1],
                options: [.sortedKeys, .withoutEscapingSlashes])
            return json.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        #expect(snapshots.map { $0[0] as? Int } == [1, 2, 3])
        #expect(changes(0) == #"[["c",["a"],2],["c",["list",1,"x"],true]]"#)
        #expect(
            changes(1)
                == #"[["r",["gone"]],["s",["list"],1,0,[{"id":3,"x":false}]],["a",["new"],"</script><b>"]]"#
        )
        #expect(changes(2) == #"[["s",["list"],0,2,[]]]"#)
    }

    @Test func badInputGivesAClearErrorAndNoPage() throws {
        let foreign = try write(["hello", "world"], to: "foreign.jsonl")
        let notARecording = Inspector.run(["html", foreign.path])
        #expect(notARecording.status == 1)
        #expect(notARecording.errors.contains("is not a Substate recording"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("foreign.html").path))

        let missing = Inspector.run(["html", folder.file("none.jsonl").path])
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("error: No recording at "))

        let file = try knownRecordingFile(in: folder)
        let overwrite = Inspector.run(["html", file.path, "-o", file.path])
        #expect(overwrite.status == 2)
        #expect(overwrite.errors.hasPrefix("error: the page would overwrite the recording"))
        #expect(try String(contentsOf: file, encoding: .utf8) == knownRecording)

        let unknown = Inspector.run(["html", file.path, "--open"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.hasPrefix("error: unknown option --open"))

        let unwritable = Inspector.run([
            "html", file.path, "-o", folder.file("no/such/dir.html").path,
        ])
        #expect(unwritable.status == 1)
        #expect(unwritable.errors.contains("error: cannot write"))
    }

    @MainActor
    @Test func theGeneratedTestNamesTheTypesAndEmbedsTheRecording() throws {
        let file = folder.file("bug-1234.jsonl")
        try recordTodosSession(to: file, actions: Array(todosSession.prefix(3)))
        let output = Inspector.run([
            "test", file.path, "--import", "TodosCore", "--state", "App", "--action", "App.Action",
        ])
        #expect(output.status == 0)
        #expect(output.errors == "")
        let source = output.text
        #expect(source.contains("import TodosCore\n"))
        #expect(source.contains("struct Bug1234ReplayTests {"))
        #expect(source.contains("try Recording<App, App.Action>("))
        #expect(source.contains("environment: (), update: App.update)"))
        #expect(source.contains("#expect(recording.actions.count == 3"))
        #expect(
            source.contains(
                "//     substate-inspect test bug-1234.jsonl --import TodosCore --state App --action App.Action"
            ))
        // The recording, line by line, inside a raw string.
        let recorded = try String(contentsOf: file, encoding: .utf8)
        for line in recorded.split(separator: "\n") {
            #expect(source.contains("        " + line + "\n"))
        }

        let program = Inspector.run([
            "test", file.path, "--import", "Notes", "--program", "NotesProgram", "--environment",
            ".live", "--name", "NotesSession",
        ])
        #expect(program.text.contains("try Recording<NotesProgram.State, NotesProgram.Action>("))
        #expect(program.text.contains("environment: .live, program: NotesProgram.self)"))
        #expect(program.text.contains("struct NotesSession {"))

        let untyped = Inspector.run(["test", file.path, "--import", "TodosCore"])
        #expect(untyped.status == 2)
        #expect(untyped.errors.hasPrefix("error: name the program's types"))
    }

    @Test func theRawStringOutlastsWhatTheRecordingHolds() throws {
        // A state whose text holds `"""#` and `\#`, which would end or escape a `#"""` string.
        let file = try write(
            [
                #"{"format":"substate-recording","snapshotInterval":1,"version":1}"#,
                ##"{"kind":"initial","state":{"text":"\"\"\"# and \\#(x)"},"step":0,"time":0}"##,
            ], to: "hashes.jsonl")
        let output = Inspector.run(["test", file.path, "--state", "S", "--action", "A"])
        #expect(output.status == 0)
        #expect(output.text.contains("static let recording = ##\"\"\"\n"))
        #expect(output.text.contains("\n        \"\"\"##\n"))
        #expect(output.errors.contains("no snapshot at its last step") == false)
    }

    @MainActor
    @Test func theHeaderNamesTheProgramAndTheStartAndValuesStayAsWritten() throws {
        let file = folder.file("header.jsonl")
        let before = Date()
        try recordTodosSession(to: file, actions: [.todos(.create(#"a } b "c" \ d"#))])
        let recording = try RecordingFile(contentsOf: file)
        #expect(recording.program == "TodosCore.App")
        #expect(recording.formatVersion == 1)
        let started = try #require(recording.started)
        #expect(abs(started.timeIntervalSince(before)) < 60)
        let action = try #require(recording.actions.first)
        #expect(
            String(decoding: action.json, as: UTF8.self)
                == #"{"todos":{"_0":{"create":{"_0":"a } b \"c\" \\ d"}}}}"#)
        let decoded = try Recording<App, App.Action>(
            data: try Data(contentsOf: file), source: URL(fileURLWithPath: "header.jsonl"))
        #expect(decoded.actions.map(\.action) == [.todos(.create(#"a } b "c" \ d"#))])
        #expect(decoded.file.file.lastPathComponent == "header.jsonl")
    }
}
