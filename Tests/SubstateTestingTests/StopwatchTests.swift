import SubstateTesting
import Testing

@testable import Substate

/// The stopwatch that the flight recorder, the recorder and the debounced saver read per
/// action: the standard clocks read from the system directly, any other through its API.
@Suite struct StopwatchTests {
    @Test func aTestClockIsReadThroughItsOwnTime() {
        let clock = TestClock()
        let stopwatch = Stopwatch(on: clock)
        #expect(stopwatch.nanoseconds() == 0)
        clock.advance(by: .milliseconds(1_500))
        #expect(stopwatch.nanoseconds() == 1_500_000_000)
        #expect(stopwatch.elapsed() == .milliseconds(1_500))
        clock.advance(by: .nanoseconds(7))
        #expect(stopwatch.nanoseconds() == 1_500_000_007)
    }

    /// Read between two readings of the clock's own API, the stopwatch lies between what the
    /// clock measured around it: same units, same start.
    @Test(arguments: [false, true])
    func aStandardClockReadsWhatItsOwnAPIMeasures(suspending: Bool) async throws {
        func check<C: Clock>(_ clock: C) async throws where C.Duration == Duration {
            let before = clock.now
            let stopwatch = Stopwatch(on: clock)
            let after = clock.now
            try await Task.sleep(for: .milliseconds(20))
            let lower = after.duration(to: clock.now)
            let read = stopwatch.elapsed()
            let upper = before.duration(to: clock.now)
            #expect(read >= .milliseconds(20))
            #expect(read + .nanoseconds(1) >= lower)
            #expect(read <= upper + .nanoseconds(1))
        }
        if suspending {
            try await check(SuspendingClock())
        } else {
            try await check(ContinuousClock())
        }
    }
}
