import StopwatchCore
import Substate
import SubstateTesting
import Testing

@MainActor
@Suite struct StopwatchSampleTests {
    func makeStore() -> TestStore<Stopwatch, Stopwatch.Action, Stopwatch.Environment> {
        TestStore(
            state: Stopwatch(),
            environment: Stopwatch.Environment(clock: TestClock(), tick: .milliseconds(100)),
            update: Stopwatch.update)
    }

    @Test func lapsAreTimedByTheClock() {
        let store = makeStore()
        store.send(.start) { $0.isRunning = true }
        store.advance(by: .milliseconds(300))
        for step in 1...3 {
            store.receive(.tick) { $0.elapsed = .milliseconds(100 * step) }
        }
        store.send(.lap) {
            $0.laps = [.milliseconds(300)]
            $0.lastLap = .milliseconds(300)
        }
        store.advance(by: .milliseconds(200))
        store.receive(.tick) { $0.elapsed = .milliseconds(400) }
        store.receive(.tick) { $0.elapsed = .milliseconds(500) }
        store.send(.lap) {
            $0.laps.append(.milliseconds(200))
            $0.lastLap = .milliseconds(500)
        }
        store.send(.stop) { $0.isRunning = false }
        store.advance(by: .seconds(1))  // stopped: no more ticks
        store.send(.reset) { $0 = Stopwatch() }
    }

    @Test func startingTwiceRunsOneTimer() {
        let store = makeStore()
        store.send(.start) { $0.isRunning = true }
        store.send(.start)
        store.advance(by: .milliseconds(100))
        store.receive(.tick) { $0.elapsed = .milliseconds(100) }
        store.send(.reset) { $0 = Stopwatch() }
    }

    @Test func theSampleRunsItsScript() throws {
        let (output, status) = try Products.run(
            "stopwatch", ["start", "wait", "250", "lap", "stop", "reset"])
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == "start: running at 0.0 s")
        #expect(lines[1].hasPrefix("lap: running at "))
        #expect(lines[1].contains(", lap 1 took "))
        #expect(lines[2].hasPrefix("stop: stopped at "))
        #expect(lines[3] == "reset: stopped at 0.0 s")
    }
}
