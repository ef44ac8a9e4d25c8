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

var arguments = Array(CommandLine.arguments.dropFirst())[...]
var keystrokes = ["p", "pe", "pea", "peac"]
var pause = 60
while let argument = arguments.popFirst() {
    switch argument {
    case "--type":
        guard let list = arguments.popFirst() else { break }
        keystrokes = list.split(separator: ",").map(String.init)
    case "--pause":
        guard let value = arguments.popFirst().flatMap({ Int($0) }) else { break }
        pause = value
    default:
        print("usage: search [--type QUERY,QUERY,...] [--pause MILLISECONDS]")
        exit(2)
    }
}

@MainActor
func run() async {
    let store = Store(
        state: Search(), environment: Search.Environment(clock: ContinuousClock()),
        update: Search.update)
    for query in keystrokes {
        store.send(.queryChanged(query))
        print("typed \"\(query)\"")
        try? await Task.sleep(for: .milliseconds(pause))
    }
    await store.finishEffects()
    let state = store.state
    print("results for \"\(state.resultsQuery)\": \(state.results.joined(separator: ", "))")
}

await run()
