import Foundation
import Substate
import SubstateInspector
import TestSupport
import Testing
import TodosCore

/// Headless Chromium, if the machine has it (Debian's `chromium` package; `.ci/run` installs
/// it). Tests that need it are skipped, visibly, on a machine without it, and run (and fail if
/// it is missing) when `CI` is set.
enum Chromium {
    static let path: String? = {
        if let given = ProcessInfo.processInfo.environment["SUBSTATE_CHROMIUM"] { return given }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders
            where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    static let isRequired = path != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// The page's DOM after its scripts ran, as headless Chromium serialises it.
    static func dom(of page: URL, fragment: String) throws -> String {
        try run(["--dump-dom", page.absoluteString + "#" + fragment])
    }

    /// A screenshot of the page, `width` × `height` pixels.
    static func screenshot(of page: URL, fragment: String, to png: URL, width: Int, height: Int)
        throws
    {
        _ = try run([
            "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)",
            page.absoluteString + "#" + fragment,
        ])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func run(_ arguments: [String]) throws -> String {
        guard let path else {
            throw Failure(
                description:
                    "no Chromium: install Debian's chromium package (.ci/run does) or set SUBSTATE_CHROMIUM"
            )
        }
        // A profile of its own: two browsers sharing one would hand the page to each other.
        let profile = TemporaryFolder(prefix: "substate-chromium")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=\(profile.url.path)",
            ]
            + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = ProcessWatchdog(process, limit: .seconds(180))
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard watchdog.stop() else {
            throw Failure(description: "chromium did not end within 180 s")
        }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

}

/// What a test reads from the page's DOM.
struct PageDOM {
    var html: String

    /// The step shown in the detail pane.
    var shownStep: Int? {
        first(#"id="step-info" data-step="(\d+)""#).flatMap { Int($0) }
    }

    /// The steps of the timeline's rows in the DOM (the rows in view), and which is selected.
    var selectedRowStep: Int? {
        first(#"<li data-step="(\d+)"[^>]*class="selected""#).flatMap { Int($0) }
    }

    /// The text of an element by id, tags removed.
    func text(ofID id: String) -> String? {
        guard let idRange = html.range(of: " id=\u{22}\(id)\u{22}"),
            let open = html[..<idRange.lowerBound].lastIndex(of: "<"),
            let start = html[idRange.upperBound...].firstIndex(of: ">")
        else { return nil }
        let tag = String(html[html.index(after: open)...].prefix { $0.isLetter || $0.isNumber })
        // Walk to the matching end tag, counting nested elements of the same name.
        let tags = try! Regex("</?" + tag + "[\\s>]")
        var depth = 0
        var index = open
        while let next = html[index...].firstMatch(of: tags) {
            depth += html[next.range].hasPrefix("</") ? -1 : 1
            if depth == 0 {
                return Self.plain(String(html[html.index(after: start)..<next.range.lowerBound]))
            }
            index = next.range.upperBound
        }
        return nil
    }

    /// The class and text of the state tree's leaf at a path (`["todos", "nextID"]`).
    func leaf(_ path: [Any]) -> (classes: String, text: String)? {
        let key = Self.attribute(path)
        guard
            let match = html.firstMatch(
                of: try! Regex(
                    #"<div class="(leaf[^"]*)" data-path=""#
                        + NSRegularExpression.escapedPattern(for: key)
                        + #""[^>]*>(.*?)</div>"#))
        else { return nil }
        return (
            String(match.output[1].substring ?? ""),
            Self.plain(String(match.output[2].substring ?? ""))
        )
    }

    /// The class and summary text of every tree node (object or array) at a path, removed
    /// ghosts included.
    func nodes(_ path: [Any]) -> [(classes: String, text: String)] {
        let key = NSRegularExpression.escapedPattern(for: Self.attribute(path))
        let regex = try! Regex(
            #"<details(?: class="([^"]*)")? data-path=""# + key
                + #""[^>]*>\s*<summary>(.*?)</summary>"#)
        return html.matches(of: regex).map {
            (String($0.output[1].substring ?? ""), Self.plain(String($0.output[2].substring ?? "")))
        }
    }

    /// The page's measurements (`#measurements`), as JSON.
    var measurements: [String: Double] {
        guard let text = first(#"<pre id="measurements">(.*?)</pre>"#),
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { return [:] }
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    private func first(_ pattern: String) -> String? {
        guard let match = html.firstMatch(of: try! Regex(pattern)) else { return nil }
        return match.output[1].substring.map(String.init)
    }

    /// A path as the page writes it in `data-path`: JSON, HTML-escaped.
    static func attribute(_ path: [Any]) -> String {
        let json = String(
            decoding: try! JSONSerialization.data(withJSONObject: path), as: UTF8.self)
        return json.replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func plain(_ html: String) -> String {
        html.replacing(try! Regex("<[^>]+>"), with: " ")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
                of: "&amp;", with: "&"
            )
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Records a session of the Todos sample through a real store and its `Recorder`: the
/// actions below, a snapshot after each.
@MainActor
func recordTodosSession(to file: URL, actions: [App.Action], snapshotInterval: Int = 1) throws {
    let recorder = try Recorder<App, App.Action>(
        file: file, initialState: App(), snapshotInterval: snapshotInterval,
        clock: ContinuousClock())
    let store = Store(
        state: App(), environment: (), update: App.update, middleware: [recorder.middleware()])
    for action in actions { store.send(action) }
}

/// The session the browser test steps through: the same as `todos` records for the commands
/// add, add, add, done 1, title Weekend, done 3, rm 2, add, undo 1.
let todosSession: [App.Action] = [
    .didEnterForeground,
    .todos(.create("Buy milk")),
    .todos(.create("Write the report")),
    .todos(.create("Call the plumber")),
    .todos(.todo(id: 1, .setDone(true))),
    .settings(.changeTitle("Weekend")),
    .todos(.todo(id: 3, .setDone(true))),
    .todos(.destroy(id: 2)),
    .todos(.create("Water the plants")),
    .todos(.todo(id: 1, .setDone(false))),
    .didEnterBackground,
]

@Suite(
    .enabled(
        if: Chromium.isRequired,
        "needs headless Chromium (Debian's chromium package, which .ci/run installs)"),
    .serialized)
@MainActor
struct InspectorPageBrowserTests {
    let folder = TemporaryFolder(prefix: "substate-page")

    /// The Todos session as a page.
    func todosPage() throws -> URL {
        let recording = folder.file("todos.jsonl")
        try recordTodosSession(to: recording, actions: todosSession)
        let page = folder.file("todos.html")
        let output = Inspector.run(["html", recording.path, "-o", page.path])
        #expect(output.status == 0, "\(output.errors)")
        return page
    }

    @Test func theHeaderAndTheFirstStepRender() throws {
        let dom = PageDOM(html: try Chromium.dom(of: try todosPage(), fragment: ""))
        #expect(dom.shownStep == 0)
        #expect(dom.selectedRowStep == 0)
        let meta = try #require(dom.text(ofID: "meta"))
        #expect(meta.contains("program TodosCore.App"))
        #expect(meta.contains("format version 1"))
        #expect(meta.contains("steps 11"))
        #expect(meta.contains("snapshots every step"))
        #expect(dom.text(ofID: "count") == "11 steps")
        #expect(dom.leaf(["settings", "title"])?.text == #"title "My To-Do List""#)
    }

    /// A shared link cannot freeze the tab: a measurement of a hundred million steps measures
    /// 1,000, and the script's later commands add none.
    @Test func aScriptInTheAddressIsBounded() throws {
        let dom = PageDOM(
            html: try Chromium.dom(
                of: try todosPage(), fragment: "script=measure:100000000,measure:5,measure:abc"))
        #expect(dom.measurements["stepCount"] == 1_000)
    }

    @Test func arrowKeysMoveAndTheChangeIsHighlighted() throws {
        let dom = PageDOM(
            html: try Chromium.dom(
                of: try todosPage(), fragment: "script=key:ArrowRight,key:ArrowRight"))
        #expect(dom.shownStep == 2)
        #expect(dom.selectedRowStep == 2)
        // Step 2 created "Buy milk": the row is added, nextID changed from 1 to 2.
        let row = dom.nodes(["todos", "list", 0])
        #expect(row.count == 1)
        #expect(row.first?.classes == "added")
        #expect(row.first?.text.contains(#"body: "Buy milk""#) == true)
        let nextID = try #require(dom.leaf(["todos", "nextID"]))
        #expect(nextID.classes == "leaf changed")
        #expect(nextID.text == "nextID 2 was 1")
        // Unchanged fields are not marked.
        #expect(dom.leaf(["settings", "title"])?.classes == "leaf")
        #expect(dom.text(ofID: "changes") == "1 added 1 changed")
    }

    @Test func clickingARowShowsARemovalStruckOut() throws {
        let dom = PageDOM(html: try Chromium.dom(of: try todosPage(), fragment: "script=click:8"))
        #expect(dom.shownStep == 8)
        #expect(dom.selectedRowStep == 8)
        let info = try #require(dom.text(ofID: "step-info"))
        #expect(info.hasPrefix("Step 8 · ") && info.hasSuffix(" s · todos.destroy"))
        // Step 8 removed "Write the report", the second row: shown struck out where it was.
        let atOne = dom.nodes(["todos", "list", 1])
        #expect(atOne.count == 2)
        #expect(atOne.contains { $0.classes == "removed" && $0.text.contains("Write the report") })
        #expect(atOne.contains { $0.classes == "" && $0.text.contains("Call the plumber") })
        #expect(dom.text(ofID: "changes") == "1 removed")
    }

    @Test func homeEndAndTheSliderGoWhereTheySay() throws {
        let page = try todosPage()
        let end = PageDOM(html: try Chromium.dom(of: page, fragment: "script=key:End"))
        #expect(end.shownStep == 11)
        #expect(end.leaf(["isActive"])?.text == "isActive false was true")
        let home = PageDOM(html: try Chromium.dom(of: page, fragment: "script=key:End,key:Home"))
        #expect(home.shownStep == 0)
        let slider = PageDOM(html: try Chromium.dom(of: page, fragment: "script=slider:6"))
        #expect(slider.shownStep == 6)
        #expect(
            slider.leaf(["settings", "title"])?.text == #"title "Weekend" was "My To-Do List""#)
    }

    @Test func theFilterNarrowsTheTimelineAndTheKeys() throws {
        let dom = PageDOM(
            html: try Chromium.dom(
                of: try todosPage(), fragment: "script=filter:setDone,key:Home,key:ArrowRight"))
        #expect(dom.text(ofID: "count") == "3 of 12 rows match")
        // Home goes to the first matching step (5), → to the next one (7).
        #expect(dom.shownStep == 7)
        #expect(dom.leaf(["todos", "list", 2, "isDone"])?.text == "isDone true was false")
    }

    @Test func aDamagedRecordingShowsItsDamagedLinesAndTheRest() throws {
        let recording = folder.file("damaged.jsonl")
        try recordTodosSession(to: recording, actions: todosSession)
        var lines = try String(contentsOf: recording, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        lines[5] = "{not json"
        // Cut off in the middle of the last snapshot, as a crash leaves it.
        lines.removeLast()
        lines[lines.count - 1] = lines[lines.count - 1].prefix(30)
        try lines.joined(separator: "\n").write(to: recording, atomically: true, encoding: .utf8)
        let page = folder.file("damaged.html")
        let output = Inspector.run(["html", recording.path, "-o", page.path])
        #expect(output.status == 0)
        #expect(output.errors.contains("warning: line 6: not a JSON object"))
        let dom = PageDOM(html: try Chromium.dom(of: page, fragment: "script=key:End"))
        let problems = try #require(dom.text(ofID: "problems"))
        #expect(problems.contains("2 damaged lines were skipped"))
        #expect(problems.contains("line 6: not a JSON object"))
        #expect(problems.contains("line \(lines.count): partial last line"))
        #expect(dom.shownStep == 11)
    }

    @Test func integersBeyondTwoToThe53AreShownExactly() throws {
        let recording = folder.file("big.jsonl")
        try Data(
            """
            {"format":"substate-recording","snapshotInterval":1,"version":1}
            {"kind":"initial","state":{"id":9007199254740993,"max":9223372036854775807,"min":-9223372036854775807,"neg":-9007199254740993,"small":42,"text":"\u{E000}n1"},"step":0,"time":0}
            {"action":{"bump":{}},"kind":"action","step":1,"time":0}
            {"kind":"snapshot","state":{"id":9007199254740995,"max":9223372036854775807,"min":-9223372036854775807,"neg":-9007199254740993,"small":42,"text":"\u{E000}n1"},"step":1,"time":0}

            """.utf8
        ).write(to: recording)
        let page = folder.file("big.html")
        #expect(Inspector.run(["html", recording.path, "-o", page.path]).status == 0)
        let dom = PageDOM(html: try Chromium.dom(of: page, fragment: "script=key:End"))
        #expect(dom.leaf(["id"])?.text == "id 9007199254740995 was 9007199254740993")
        #expect(dom.leaf(["max"])?.text == "max 9223372036854775807")
        #expect(dom.leaf(["min"])?.text == "min -9223372036854775807")
        #expect(dom.leaf(["neg"])?.text == "neg -9007199254740993")
        #expect(dom.leaf(["small"])?.text == "small 42")
        // A string that happens to start with the page's marker stays that string.
        #expect(dom.leaf(["text"])?.text == "text \"\u{E000}n1\"")
    }

    @Test func aRemovedKeyIsShownWhereItWas() throws {
        let recording = folder.file("removed.jsonl")
        try Data(
            """
            {"format":"substate-recording","snapshotInterval":1,"version":1}
            {"kind":"initial","state":{"alpha":1,"beta":2,"gamma":3},"step":0,"time":0}
            {"action":{"drop":{}},"kind":"action","step":1,"time":0}
            {"kind":"snapshot","state":{"alpha":1,"gamma":3},"step":1,"time":0}

            """.utf8
        ).write(to: recording)
        let page = folder.file("removed.html")
        #expect(Inspector.run(["html", recording.path, "-o", page.path]).status == 0)
        let html = try Chromium.dom(of: page, fragment: "script=key:End")
        let order = ["alpha", "beta", "gamma"].map { key in
            html.range(of: "data-path=\"" + PageDOM.attribute([key]) + "\"")?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(PageDOM(html: html).leaf(["beta"])?.classes == "leaf removed")
    }

    /// A 10,000-step recording: the page's own measurements of the time to its first render
    /// and per step (script, style and layout), printed for the Recording and Replay article.
    /// Not a speed test (this machine is shared): it checks that the page opens, steps through
    /// 500 steps and reports its times.
    @Test func aLongRecordingOpensAndSteps() throws {
        var actions: [App.Action] = [.didEnterForeground]
        var live: [Int] = []
        var next = 1
        var generator = SplitMix(seed: 17)
        while actions.count < 10_000 {
            let roll = generator.next() % 4
            if live.count < 20 || roll == 0 {
                actions.append(.todos(.create("Item \(next)")))
                live.append(next)
                next += 1
            } else if roll == 1 {
                let id = live.remove(at: Int(generator.next() % UInt64(live.count)))
                actions.append(.todos(.destroy(id: id)))
            } else {
                let id = live[Int(generator.next() % UInt64(live.count))]
                actions.append(.todos(.todo(id: id, .toggle)))
            }
        }
        let recording = folder.file("long.jsonl")
        try recordTodosSession(to: recording, actions: actions)
        let page = folder.file("long.html")
        #expect(Inspector.run(["html", recording.path, "-o", page.path]).status == 0)
        let dom = PageDOM(html: try Chromium.dom(of: page, fragment: "script=measure:500"))
        let measured = dom.measurements
        #expect(measured["steps"] == 10_000)
        #expect(measured["stepCount"] == 500)
        #expect(dom.shownStep == 500)
        let first = try #require(measured["firstRenderMilliseconds"])
        let median = try #require(measured["stepMedianMilliseconds"])
        let maximum = try #require(measured["stepMaxMilliseconds"])
        print(
            "inspector page, 10,000 steps: first render \(first) ms; per step median \(median) ms, "
                + "max \(maximum) ms (500 steps)")
    }
}
