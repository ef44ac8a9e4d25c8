import Substate
import Testing

/// The throttle's window as a state machine, step by step on instants of a test's own.
@Suite struct ThrottleGateTests {
    typealias Window = ThrottleGate<Int, ContinuousClock.Instant>.Window

    let start = ContinuousClock.now
    func at(_ milliseconds: Int) -> ContinuousClock.Instant {
        start.advanced(by: .milliseconds(milliseconds))
    }

    func admit(
        _ window: inout Window, _ action: Int, at milliseconds: Int, trailing: Bool = true,
        latest: Bool = true
    ) -> String {
        let admission = window.admit(
            .send(action), at: at(milliseconds), window: .seconds(1), latest: latest,
            trailing: trailing)
        switch admission {
        case .now: return "now"
        case .dropped: return "dropped"
        case .trailing(let deadline): return "trailing at \(start.duration(to: deadline))"
        }
    }

    func actions(_ effect: Effect<Int>) async throws -> [Int] {
        var actions: [Int] = []
        for try await action in effect { actions.append(action) }
        return actions
    }

    func state(_ window: Window) -> String {
        switch window {
        case .closed: return "closed"
        case .open(let start): return "open since \(self.start.duration(to: start))"
        case .trailing(let start, _): return "trailing since \(self.start.duration(to: start))"
        }
    }

    @Test func theFirstEffectOpensAWindowAndTheNextWaitsForItsEnd() async throws {
        var window = Window.closed
        #expect(admit(&window, 1, at: 0) == "now")
        #expect(state(window) == "open since 0.0 seconds")
        #expect(admit(&window, 2, at: 100) == "trailing at 1.0 seconds")
        #expect(admit(&window, 3, at: 200) == "dropped")
        #expect(state(window) == "trailing since 0.0 seconds")
        let released = window.release(at: at(1_000))
        #expect(try await actions(released) == [3])
        #expect(state(window) == "open since 1.0 seconds")
    }

    @Test func withoutTrailingAnEffectInsideTheWindowIsDropped() {
        var window = Window.closed
        #expect(admit(&window, 1, at: 0, trailing: false) == "now")
        #expect(admit(&window, 2, at: 999, trailing: false) == "dropped")
        #expect(admit(&window, 3, at: 1_000, trailing: false) == "now")
        #expect(state(window) == "open since 1.0 seconds")
    }

    @Test func withoutLatestTheFirstWaitingEffectIsKept() async throws {
        var window = Window.closed
        _ = admit(&window, 1, at: 0, latest: false)
        _ = admit(&window, 2, at: 10, latest: false)
        _ = admit(&window, 3, at: 20, latest: false)
        #expect(try await actions(window.release(at: at(1_000))) == [2])
    }

    @Test func abandoningKeepsTheWindowOpenWithNothingWaiting() {
        var window = Window.closed
        _ = admit(&window, 1, at: 0)
        _ = admit(&window, 2, at: 10)
        window.abandon()
        #expect(state(window) == "open since 0.0 seconds")
        #expect(admit(&window, 3, at: 20) == "trailing at 1.0 seconds")
    }

    @Test func anEffectAfterTheWindowWhileTheTrailingTaskIsLateStartsNowAndKeepsTheWaitingOne()
        async throws
    {
        var window = Window.closed
        _ = admit(&window, 1, at: 0)
        _ = admit(&window, 2, at: 10)
        #expect(admit(&window, 3, at: 1_500) == "now")
        #expect(state(window) == "trailing since 1.5 seconds")
        #expect(try await actions(window.release(at: at(1_600))) == [2])
    }

    @Test func releasingAWindowWithNothingWaitingStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var window = ThrottleGate<Int, ContinuousClock.Instant>.Window.closed
            _ = window.release(at: .now)
        }
    }

    @Test func abandoningAWindowWithNothingWaitingStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var window = ThrottleGate<Int, ContinuousClock.Instant>.Window.open(start: .now)
            window.abandon()
        }
    }
}
