// stopwatch: timers driven by a clock — start, stop, lap and reset — with the timer as an
// effect cancelled by id.
//
//     swift run stopwatch                                    # a scripted session
//     swift run stopwatch start wait 1200 lap wait 500 lap stop
//
// Commands: start, stop, lap, reset, wait MILLISECONDS (real time passes).

import Foundation
import StopwatchCore
import Substate

let words = Array(CommandLine.arguments.dropFirst())
let script =
    words.isEmpty
    ? ["start", "wait", "700", "lap", "wait", "400", "lap", "stop", "lap", "reset"] : words

@MainActor
func run(_ script: [String]) async -> Bool {
    let store = Store(
        state: Stopwatch(), environment: Stopwatch.Environment(clock: ContinuousClock()),
        update: Stopwatch.update)
    var rest = script[...]
    while let word = rest.popFirst() {
        switch word {
        case "start": store.send(.start)
        case "stop": store.send(.stop)
        case "lap": store.send(.lap)
        case "reset": store.send(.reset)
        case "wait":
            guard let milliseconds = rest.popFirst().flatMap({ Int($0) }) else { return false }
            try? await Task.sleep(for: .milliseconds(milliseconds))
            continue
        default:
            return false
        }
        let state = store.state
        var line =
            "\(word): \(state.isRunning ? "running" : "stopped") at \(state.elapsed.stopwatchText)"
        if word == "lap", let lap = state.laps.last {
            line += ", lap \(state.laps.count) took \(lap.stopwatchText)"
        }
        print(line)
    }
    store.send(.stop)
    return true
}

if await !run(script) {
    print("usage: stopwatch [start | stop | lap | reset | wait MILLISECONDS]...")
    exit(2)
}
