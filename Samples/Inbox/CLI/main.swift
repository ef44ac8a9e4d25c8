import Foundation
import InboxCore
import Substate

// inbox: a long list, each row with its own scoped store. Prints, for each action, which
// views rendered again and how long the action took.
//
//     swift run inbox            # 5,000 messages
//     swift run inbox 20000      # another count

let usage = """
    usage: inbox [MESSAGES]
      MESSAGES  how many messages the list holds, 10 to 100,000 (default 5,000)
    """

/// The number of messages, or `nil` after printing what is wrong with the arguments.
func parseArguments() -> Int? {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    func fail(_ message: String) -> Int? {
        FileHandle.standardError.write(Data("inbox: \(message)\n\(usage)\n".utf8))
        return nil
    }
    guard arguments.count <= 1 else { return fail("too many arguments") }
    guard let first = arguments.first else { return 5_000 }
    guard let count = Int(first), (10...100_000).contains(count) else {
        return fail("MESSAGES must be a whole number from 10 to 100,000: \(first)")
    }
    return count
}

guard let count = parseArguments() else { exit(2) }

MainActor.assumeIsolated {
    let demo = InboxDemo(count: count)
    print("\(count) messages, \(demo.rows.count) row views, each with its own scoped store")
    let clock = ContinuousClock()

    func show(_ label: String, _ run: () -> InboxDemo.Renders) {
        var renders: InboxDemo.Renders?
        let elapsed = clock.measure { renders = run() }
        guard let renders else { return }
        let rows =
            renders.rows.isEmpty
            ? "no row"
            : renders.rows.count <= 5
                ? "rows \(renders.rows.map(String.init).joined(separator: ", "))"
                : "\(renders.rows.count) rows"
        let list = renders.list ? "the list and " : ""
        let micros =
            Int((Double(elapsed.components.attoseconds) / 1e12).rounded())
            + Int(elapsed.components.seconds) * 1_000_000
        print("\(label): rendered \(list)\(rows) again (\(micros) µs)")
    }

    let last = count - 1
    show("open message 42") { demo.send(.open, toRow: 42) }
    show("open message 42 again") { demo.send(.open, toRow: 42) }
    show("star message \(last)") { demo.send(.toggleStar, toRow: last) }
    show("rename message 7") { demo.send(.message(id: 7, .rename("Lunch?"))) }
    show("archive message 3") { demo.send(.archive(id: 3)) }
    show("sort newest first") { demo.send(.sort(newestFirst: true)) }
    show("mark all read") { demo.send(.markAllRead) }
}
