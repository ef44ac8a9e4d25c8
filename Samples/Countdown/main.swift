// countdown: a first Substate program. A store, an effect that ticks on a clock, and a
// loop that prints every state the store commits.
//
//     swift run countdown            # from 5, one tick every 300 ms
//     swift run countdown 3 100      # from 3, one tick every 100 ms

import Foundation
import Substate

let usage = """
    usage: countdown [FROM] [MILLISECONDS]
      FROM          where to count down from, 0 or more (default 5)
      MILLISECONDS  how long a tick lasts, more than 0 (default 300)
    """

/// The arguments, or `nil` after printing what is wrong with them.
func parseArguments() -> (from: Int, interval: Int)? {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    func fail(_ message: String) -> (from: Int, interval: Int)? {
        FileHandle.standardError.write(Data("countdown: \(message)\n\(usage)\n".utf8))
        return nil
    }
    guard arguments.count <= 2 else { return fail("too many arguments") }
    var values = (from: 5, interval: 300)
    if let first = arguments.first {
        guard let from = Int(first), from >= 0 else {
            return fail("FROM must be a whole number, 0 or more: \(first)")
        }
        values.from = from
    }
    if arguments.count == 2 {
        guard let interval = Int(arguments[1]), interval > 0 else {
            return fail("MILLISECONDS must be a whole number above 0: \(arguments[1])")
        }
        values.interval = interval
    }
    return values
}

guard let (from, interval) = parseArguments() else { exit(2) }

let store = Store(
    state: Countdown(remaining: from),
    environment: CountdownEnvironment(
        clock: ContinuousClock(), interval: .milliseconds(interval)
    ),
    program: Countdown.self
)

// The subscription starts here, before the first send, so no commit is missed.
let states = store.states
print(store.state)
let printer = Task {
    for await state in states {
        print(state)
    }
}

// `finish()` waits for the ticking effect and for the launch it leads to.
await store.send(.start).finish()
store.tearDown()  // ends `store.states`, so the printer finishes too
await printer.value
