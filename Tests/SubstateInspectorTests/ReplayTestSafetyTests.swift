import Foundation
import SubstateInspector
import TestSupport
import Testing

/// `substate-inspect test` writes Swift from a file name, a recording and the command line.
/// Whatever they hold, the file parses, everything from them stays inside a literal that
/// round-trips exactly, and names that would be code are refused.
@Suite struct ReplayTestSafetyTests {
    let folder = TemporaryFolder(prefix: "substate-replay-safety")

    static let header = #"{"format":"substate-recording","snapshotInterval":1,"version":1}"#
    static let initial = #"{"kind":"initial","state":{"title":"x"},"step":0,"time":0}"#
    static let action = #"{"action":{"reset":{}},"kind":"action","step":1,"time":0}"#

    /// A recording file with a given name and bytes.
    func file(named name: String, _ bytes: Data) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }

    func lines(_ lines: [String], separator: String = "\n") -> Data {
        Data((lines.joined(separator: separator) + separator).utf8)
    }

    /// The generated source for a recording file.
    func generate(_ url: URL, _ extra: [String] = []) -> Inspector.Output {
        Inspector.run(["test", url.path, "--program", "App", "--import", "TodosCore"] + extra)
    }

    /// Parses a Swift file with the toolchain's compiler (syntax only): code that leaked out of
    /// a comment or a literal does not parse.
    func parses(_ source: String) throws -> Bool {
        let url = folder.url.appendingPathComponent("Generated-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-parse", url.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(process.waitUntilExit(within: .seconds(300)), "swiftc -parse did not end")
        return process.terminationStatus == 0
    }

    /// The bytes embedded in a generated file, read back as Swift would read its literal.
    func embedded(in source: String) throws -> Data {
        if let start = source.range(of: "base64Encoded: \"\"\"\n") {
            let rest = source[start.upperBound...]
            let end = try #require(rest.range(of: "\"\"\""))
            let base64 = rest[..<end.lowerBound].filter { !$0.isWhitespace }
            return try #require(Data(base64Encoded: String(base64)))
        }
        let start = try #require(source.range(of: "static let recording = "))
        let rest = source[start.upperBound...]
        let hashes = rest.prefix { $0 == "#" }
        let open = try #require(rest.range(of: hashes + "\"\"\"\n"))
        let close = try #require(rest.range(of: "\n        \"\"\"" + hashes))
        let body = rest[open.upperBound..<close.lowerBound]
        let text = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
            .joined(separator: "\n")
        return Data(text.utf8)
    }

    @Test(arguments: [
        "session.jsonl", "two\nlines.jsonl", "quote\"and\\backslash.jsonl", "tab\tand\rcr.jsonl",
        "#\"\"\"#.jsonl", "bidi\u{202E}gnp.jsonl", "line\u{2028}sep.jsonl",
    ])
    func aFileNameStaysInsideLiteralsAndComments(name: String) throws {
        let url = try file(named: name, lines([Self.header, Self.initial, Self.action]))
        let output = generate(url)
        #expect(output.status == 0, "\(output.errors)")
        #expect(try parses(output.text), "the generated file does not parse for \(name)")
        #expect(try embedded(in: output.text) == Data(contentsOf: url))
        // Every line that mentions the name is a comment or holds it in a literal.
        for line in output.text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.contains("\r"))
        }
    }

    @Test func recordingsThatAreNotPlainTextRoundTripInBase64() throws {
        let cases: [(String, Data)] = [
            ("crlf.jsonl", lines([Self.header, Self.initial, Self.action], separator: "\r\n")),
            (
                "bad-utf8.jsonl",
                lines([Self.header, Self.initial]) + Data([0xFF, 0xFE, 0x22, 0x0A])
                    + lines([Self.action])
            ),
            (
                "many-hashes.jsonl",
                lines([
                    Self.header, Self.initial,
                    #"{"action":{"say":{"_0":"\\"# + String(repeating: "#", count: 50_000)
                        + #""}},"kind":"action","step":1,"time":0}"#,
                ])
            ),
            (
                "300-hashes.jsonl",
                // A damaged line can hold anything, a raw string's end included.
                lines([Self.header, Self.initial, "\"\"\"" + String(repeating: "#", count: 300)])
            ),
            ("control.jsonl", lines([Self.header, Self.initial, "\u{1B}[2J damaged"])),
        ]
        for (name, bytes) in cases {
            let url = try file(named: name, bytes)
            let started = ContinuousClock.now
            let output = generate(url)
            #expect(ContinuousClock.now - started < .seconds(5), "\(name) took too long")
            #expect(output.status == 0, "\(name): \(output.errors)")
            #expect(output.text.contains("base64Encoded:"), "\(name)")
            #expect(try parses(output.text), "\(name) does not parse")
            #expect(try embedded(in: output.text) == bytes, "\(name) does not round-trip")
        }
    }

    @Test func plainTextStaysReadable() throws {
        let bytes = lines([
            Self.header, Self.initial,
            ##"{"action":{"say":{"_0":"a \"\"\"# and \\# and tab\t"}},"kind":"action","step":1,"time":0}"##,
        ])
        let url = try file(named: "plain.jsonl", bytes)
        let output = generate(url)
        #expect(!output.text.contains("base64Encoded:"))
        #expect(try parses(output.text))
        #expect(try embedded(in: output.text) == bytes)
    }

    @Test(arguments: [
        ["--name", "Bad Name"], ["--name", "struct"], ["--name", "X{}"], ["--name", "9Lives"],
        ["--import", "Foundation\nimport Evil"], ["--import", "A;B"],
        ["--state", "App\n}", "--action", "App.Action"], ["--program", "App() ; evil()"],
        ["--update", "{ _, _, _ in fatalError() }"], ["--environment", "()\n}"],
        ["--environment", "(), update: evil"], ["--environment", "\"unclosed"],
        ["--environment", "() /* x"],
    ])
    func namesThatWouldBeCodeAreRefused(arguments: [String]) throws {
        let url = try file(named: "session.jsonl", lines([Self.header, Self.initial]))
        let output = Inspector.run(
            ["test", url.path] + (arguments.contains("--state") ? [] : ["--program", "App"])
                + arguments)
        #expect(output.status == 2, "\(arguments)")
        #expect(output.text.isEmpty)
        #expect(output.errors.hasPrefix("error: --"), "\(output.errors)")
    }

    @Test(arguments: [
        ["--name", "Replay_2"], ["--import", "Foundation.NSString"],
        ["--state", "Box<Array<Int>>", "--action", "[String: Int?]"],
        ["--environment", "AppEnvironment(clock: ImmediateClock(), names: [\"a, b\"])"],
    ])
    func namesThatAreNamesAreTaken(arguments: [String]) throws {
        let url = try file(named: "session.jsonl", lines([Self.header, Self.initial]))
        let output = Inspector.run(
            ["test", url.path] + (arguments.contains("--state") ? [] : ["--program", "App"])
                + arguments)
        #expect(output.status == 0, "\(arguments): \(output.errors)")
        #expect(try parses(output.text))
    }
}
