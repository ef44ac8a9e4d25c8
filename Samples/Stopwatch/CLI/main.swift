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

let usage = """
    usage: stopwatch [start | stop | lap | reset | wait MILLISECONDS]...
    Runs the commands in order; without any, a scripted session. A lap while the stopwatch
    is stopped is ignored.
    """

/// A step of the script.
enum Step {
    case send(Stopwatch.Action, word: String)
    case wait(milliseconds: Int)
}

/// The script, or what is wrong with it.
func parse(_ words: [String]) -> Result<[Step], UsageError> {
    var steps: [Step] = []
    var rest = words[...]
    while let word = rest.popFirst() {
        switch word {
        case "start": steps.append(.send(.start, word: word))
        case "stop": steps.append(.send(.stop, word: word))
        case "lap": steps.append(.send(.lap, word: word))
        case "reset": steps.append(.send(.reset, word: word))
        case "wait":
            guard let text = rest.popFirst(), let milliseconds = Int(text), milliseconds >= 0
            else { return .failure(UsageError("wait needs a whole number of milliseconds")) }
            steps.append(.wait(milliseconds: milliseconds))
        default:
            return .failure(UsageError("unknown command \(word)"))
        }
    }
    return .success(steps)
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

@MainActor
func run(_ steps: [Step]) async {
    let environment = Stopwatch.Environment(clock: ContinuousClock())
    let store = Store(state: Stopwatch(), environment: environment, program: Stopwatch.self)
    for step in steps {
        switch step {
        case .wait(let milliseconds):
            // Half a tick more, so that the next command lands between two ticks: the tick
            // due at exactly this time has been counted, and the next is 50 ms away. (Ending
            // on a tick's deadline would race with it.)
            try? await Task.sleep(for: .milliseconds(milliseconds) + environment.tick / 2)
        case .send(let action, let word):
            let laps = store.state.laps.count
            store.send(action)
            let state = store.state
            var line =
                "\(word): \(state.isRunning ? "running" : "stopped") at \(state.elapsed.stopwatchText)"
            if state.laps.count > laps, let lap = state.laps.last {
                line += ", lap \(state.laps.count) took \(lap.stopwatchText)"
            } else if case .lap = action {
                line += ", no lap while stopped"
            }
            print(line)
        }
    }
    store.send(.stop)
    // The cancelled timer ends on its own task: wait for it before the program exits.
    await store.finishEffects()
}

let words = Array(CommandLine.arguments.dropFirst())
if words.contains("--help") || words.contains("-h") {
    print(usage)
    exit(0)
}
let script =
    words.isEmpty
    ? ["start", "wait", "700", "lap", "wait", "400", "lap", "stop", "lap", "reset"] : words
switch parse(script) {
case .success(let steps):
    await run(steps)
case .failure(let error):
    FileHandle.standardError.write(Data("stopwatch: \(error.message)\n\(usage)\n".utf8))
    exit(2)
}
