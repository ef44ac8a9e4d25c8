// countdown: a first Substate program. A store, an effect that ticks on a clock, and a
// loop that prints every state the store commits.
//
//     swift run countdown            # from 5, one tick every 300 ms
//     swift run countdown 3 100      # from 3, one tick every 100 ms

import Substate

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let from = arguments.first ?? 5
let interval = arguments.dropFirst().first ?? 300

let store = Store(
    state: Countdown(remaining: from),
    environment: CountdownEnvironment(
        clock: ContinuousClock(), interval: .milliseconds(interval)
    ),
    update: Countdown.update
)

print(store.state)
let printer = Task {
    for await state in store.states {
        print(state)
    }
}

// `finish()` waits for the ticking effect and for the launch it leads to.
await store.send(.start).finish()
store.tearDown()  // ends `store.states`, so the printer finishes too
await printer.value
