import Foundation
import SubstateInspector
import TestSupport
import Testing

/// A recording written by hand, as `Recorder` writes them: three actions, snapshots every
/// two steps, a malformed line and a partial last line.
let knownRecording = """
    {"format":"substate-recording","snapshotInterval":2,"version":1}
    {"kind":"initial","state":{"notes":[],"title":"Notes"},"step":0,"time":0}
    {"action":{"add":{"_0":"milk"}},"kind":"action","step":1,"time":0}
    {"action":{"note":{"_1":{"pin":{}},"id":1}},"kind":"action","step":2,"time":0.25}
    {"kind":"snapshot","state":{"notes":[{"id":1,"isPinned":true,"text":"milk"}],"title":"Notes"},"step":2,"time":0.25}
    this line is damaged
    {"action":{"add":{"_0":"eggs"}},"kind":"action","step":3,"time":1.5}
    {"action":{"rename":{"_0":"Groc
    """

/// Writes the known recording to a file in `folder`.
func knownRecordingFile(in folder: TemporaryFolder) throws -> URL {
    let url = folder.file("known.jsonl")
    try Data(knownRecording.utf8).write(to: url)
    return url
}

@Suite struct InspectorTests {
    let folder = TemporaryFolder(prefix: "substate-inspect")
    let warnings = """
        warning: line 6: not a JSON object
        warning: line 8: partial last line (the recording was cut off)

        """

    @Test func timeline() throws {
        let file = try knownRecordingFile(in: folder)
        let output = Inspector.run(["timeline", file.path])
        #expect(output.status == 0)
        #expect(
            output.text == """
                step  time      action
                0     0.000     (initial state)
                1     0.000     add("milk")
                2     0.250     note(id: 1, pin)
                3     1.500     add("eggs")

                """)
        #expect(output.errors == warnings)
    }

    @Test func stateAtAStepWithAndWithoutASnapshot() throws {
        let file = try knownRecordingFile(in: folder)
        let atTwo = Inspector.run(["state", file.path, "2"])
        #expect(atTwo.status == 0)
        #expect(atTwo.text.hasPrefix("state at step 2:\n{\n  \"notes\" : [\n"))
        #expect(atTwo.text.contains(#""isPinned" : true"#))
        let atThree = Inspector.run(["state", file.path, "3"])
        #expect(
            atThree.text.hasPrefix(
                "state at step 2, the latest snapshot at or before step 3:\n"))
    }

    @Test func diffBetweenTwoSteps() throws {
        let file = try knownRecordingFile(in: folder)
        let output = Inspector.run(["diff", file.path, "0", "2"])
        #expect(output.status == 0)
        #expect(output.text.hasPrefix("diff of the states at steps 0 and 2:\n"))
        #expect(output.text.contains(#"+       "isPinned" : true,"#))
        #expect(output.text.contains(#"+       "text" : "milk""#))
        #expect(!output.text.contains(#""title" : "Notes"+"#))
    }

    @Test func summaryCountsActionsByCasePath() throws {
        let file = try knownRecordingFile(in: folder)
        let output = Inspector.run(["summary", file.path])
        #expect(
            output.text == """
                steps: 3
                duration: 1.500 s
                snapshots: 1 (every 2 steps)
                problems: 2

                action    count
                add       2
                note.pin  1

                """)
    }

    @Test func clearErrors() throws {
        let missing = Inspector.run(["timeline", "/nonexistent/session.jsonl"])
        #expect(missing.status == 1)
        #expect(missing.errors == "error: No recording at /nonexistent/session.jsonl.\n")

        let file = try knownRecordingFile(in: folder)
        let outOfRange = Inspector.run(["state", file.path, "9"])
        #expect(outOfRange.status == 1)
        #expect(
            outOfRange.errors.hasSuffix("error: step 9 is not in the recording (steps 0 to 3)\n"))

        #expect(Inspector.run([]).status == 2)
        #expect(Inspector.run(["state", file.path]).status == 2)
        #expect(
            Inspector.run(["frobnicate", file.path]).errors
                == "error: unknown command frobnicate\n" + Inspector.usage + "\n")
        #expect(
            Inspector.run(["state", file.path, "abc"]).errors.hasPrefix(
                "error: STEP must be a whole number: abc\n"))
        #expect(
            Inspector.run(["state", file.path]).errors.hasPrefix("error: state needs FILE STEP\n"))

        let newer = folder.file("newer.jsonl")
        try Data(#"{"format":"substate-recording","version":2}"#.utf8).write(to: newer)
        #expect(
            Inspector.run(["summary", newer.path]).errors
                == "error: \(newer.path) is a recording of format version 2; this program reads version 1.\n"
        )
    }

    /// The built tool itself, as a user runs it.
    @Test func theExecutablePrintsTheSameAsTheLibrary() throws {
        let file = try knownRecordingFile(in: folder)
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("substate-inspect")
        let candidates = [
            tool,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(
                "substate-inspect"),
        ]
        let executable = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "substate-inspect is not built next to the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["summary", file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = ProcessWatchdog(process, limit: .seconds(120))
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(watchdog.stop(), "substate-inspect did not end within 120 s")
        #expect(process.terminationStatus == 0)
        #expect(text == Inspector.run(["summary", file.path]).text)
        #expect(errorText == warnings)
    }

    /// Writes a recording from lines.
    func recording(_ lines: [String]) throws -> URL {
        let url = folder.file("recording-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    @Test func timelineShowsActionsAsSwift() throws {
        let file = try recording([
            #"{"format":"substate-recording","snapshotInterval":100,"version":1}"#,
            #"{"kind":"initial","state":{},"step":0,"time":0}"#,
            #"{"action":{"reset":{}},"kind":"action","step":1,"time":0}"#,
            #"{"action":{"move":{"_0":1,"to":{"_0":"top \"x\""}}},"kind":"action","step":2,"time":0}"#,
            #"{"action":{"set":{"_0":[true,null,2.5]}},"kind":"action","step":3,"time":0}"#,
            #"{"action":{"edit":{"_0":{"title":"a","done":false}}},"kind":"action","step":4,"time":0}"#,
        ])
        let lines = Inspector.run(["timeline", file.path]).text.split(separator: "\n")
        #expect(
            lines.dropFirst(2).map { String($0.dropFirst(16)) } == [
                "reset", #"move(1, to: ("top \"x\""))"#, "set([true, nil, 2.5])",
                #"edit((done: false, title: "a"))"#,
            ])
    }

    @Test func stepsMustBeNonNegativeIntegersAndSnapshotsFollowTheirActions() throws {
        let file = try recording([
            #"{"format":"substate-recording","snapshotInterval":1,"version":1}"#,
            #"{"kind":"initial","state":{"n":0},"step":0,"time":0}"#,
            #"{"kind":"snapshot","state":{"n":-5},"step":-5,"time":0}"#,
            #"{"action":{"add":{}},"kind":"action","step":1,"time":0}"#,
            #"{"kind":"snapshot","state":{"n":1},"step":1,"time":0}"#,
            #"{"action":{"add":{}},"kind":"action","step":true,"time":0}"#,
            #"{"kind":"snapshot","state":{"n":0},"step":0,"time":0}"#,
        ])
        let output = Inspector.run(["state", file.path, "1"])
        #expect(output.status == 0)
        #expect(output.text.hasPrefix("state at step 1:"))
        #expect(!output.text.contains("-5"))
        #expect(
            output.errors
                == "warning: line 3: negative step -5\n"
                + "warning: line 6: no kind or integer step\n"
                + "warning: line 7: a snapshot at step 0\n")
        #expect(Inspector.run(["state", file.path, "-1"]).status == 1)
    }

    @Test(arguments: ["true", "\"1\"", "1.5", "null"])
    func aVersionThatIsNotAnIntegerIsNotReadAsOne(version: String) throws {
        let file = try recording([
            #"{"format":"substate-recording","snapshotInterval":1,"version":"#
                + version + "}",
            #"{"kind":"initial","state":{},"step":0,"time":0}"#,
        ])
        let output = Inspector.run(["summary", file.path])
        #expect(output.status == 1)
        #expect(
            output.errors
                == "error: \(file.path) has a recording header this program cannot use: its "
                + "version is not a whole number.\n")
    }

    @Test func whatCannotBeReadOrWrittenIsNamedWithItsCause() throws {
        let device = Inspector.run(["summary", "/dev/null"])
        #expect(device.status == 1)
        #expect(
            device.errors
                == "error: Cannot read the recording /dev/null: it is a device, not a regular "
                + "file.\n")
        let directory = Inspector.run(["timeline", folder.url.path])
        #expect(
            directory.errors
                == "error: Cannot read the recording \(folder.url.path): it is a directory.\n")
        let pipe = folder.file("pipe.jsonl")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(Inspector.run(["summary", pipe.path]).errors.contains("named pipe (FIFO)"))

        let file = try knownRecordingFile(in: folder)
        let nowhere = Inspector.run(["html", file.path, "-o", "/nonexistent/x.html"])
        #expect(nowhere.status == 1)
        #expect(
            nowhere.errors.hasSuffix(
                "error: cannot write /nonexistent/x.html: the folder /nonexistent does not "
                    + "exist\n"))
        let onAFolder = Inspector.run(["html", file.path, "-o", folder.url.path])
        #expect(onAFolder.errors.hasSuffix(": it is a directory\n"))
        // A FIFO stands in for a device such as /dev/null: refused, never replaced.
        for command in [["html", file.path], ["test", file.path, "--program", "App"]] {
            let refused = Inspector.run(command + ["-o", pipe.path])
            #expect(refused.status == 1)
            #expect(
                refused.errors.hasSuffix(
                    "error: cannot write \(pipe.path): \(pipe.path) is a FIFO, not a regular "
                        + "file (-o - writes to standard output)\n"), "\(refused.errors)")
            var info = stat()
            #expect(lstat(pipe.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
        // A link is followed: the page replaces the file it names, and the link stays.
        let real = folder.file("real.html")
        try Data("old".utf8).write(to: real)
        let link = folder.file("link.html")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: real.path)
        #expect(Inspector.run(["html", file.path, "-o", link.path]).status == 0)
        #expect(try String(contentsOf: real, encoding: .utf8).hasPrefix("<!doctype html>"))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        let overwriting = Inspector.run(["test", file.path, "--program", "App", "-o", file.path])
        #expect(overwriting.status == 2)
        #expect(overwriting.errors.hasPrefix("error: the test would overwrite the recording"))
    }
}
