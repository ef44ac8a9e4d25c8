// search: search as you type over a local data set, with a debounce and cancel-in-flight,
// and a simulated service latency read from the clock.
//
//     swift run search                      # types "p", "pe", "pea", "peac" and waits
//     swift run search --type ch,che,cher --pause 80
//
// Each keystroke is sent as `.queryChanged`; a search starts once typing pauses for 300 ms,
// takes 200 ms, and a newer keystroke cancels the one in flight.

import Foundation
import SearchCore
import Substate

let usage = """
    usage: search [--type QUERY,QUERY,...] [--pause MILLISECONDS]
      --type   the queries typed, one keystroke each (default p,pe,pea,peac)
      --pause  the time between keystrokes, 0 or more (default 60)
    """

/// Prints what is wrong with the arguments and the usage, and exits with status 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("search: \(message)\n\(usage)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())[...]
var keystrokes = ["p", "pe", "pea", "peac"]
var pause = 60
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--type":
        guard let list = arguments.popFirst(), !list.isEmpty else {
            fail("--type needs a list of queries")
        }
        keystrokes = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    case "--pause":
        guard let text = arguments.popFirst() else { fail("--pause needs a number") }
        guard let value = Int(text), value >= 0 else {
            fail("--pause must be a whole number of milliseconds, 0 or more: \(text)")
        }
        pause = value
    default:
        fail("unknown argument \(argument)")
    }
}

@MainActor
func run() async {
    let store = Store(
        state: Search(), environment: Search.Environment(clock: ContinuousClock()),
        program: Search.self)
    for query in keystrokes {
        store.send(.queryChanged(query))
        print("typed \"\(query)\"")
        try? await Task.sleep(for: .milliseconds(pause))
    }
    await store.finishEffects()
    let state = store.state
    let results = state.results.isEmpty ? "no matches" : state.results.joined(separator: ", ")
    print("results for \"\(state.resultsQuery)\": \(results)")
}

await run()
