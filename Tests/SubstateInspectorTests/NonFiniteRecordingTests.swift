import Foundation
import Substate
import SubstateInspector
import TestSupport
import Testing

/// A gauge whose reading can become NaN or infinite: the kind of bug a flight recorder is
/// kept for.
struct Gauge: Program, Equatable, Codable, Sendable {
    var reading = 0.0

    enum Action: Codable, Equatable, Sendable {
        case set(Double)
        case divide(by: Double)
    }

    static func update(state: consuming Gauge, environment: Void, action: Action) -> Update<
        Gauge, Action
    > {
        switch action {
        case .set(let value): state.reading = value
        case .divide(let divisor): state.reading /= divisor
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct NonFiniteRecordingTests {
    let folder = TemporaryFolder()

    @Test func aFlightRecordingWithNaNAndInfinitiesIsWrittenReadBackAndShown() throws {
        let recorder = FlightRecorder<Gauge, Gauge.Action>(
            capacity: 10, snapshotInterval: 1, initialState: Gauge(), clock: ContinuousClock())
        let store = Store(
            state: Gauge(), environment: (), program: Gauge.self,
            middleware: [recorder.middleware()])
        store.send(.set(1))
        store.send(.divide(by: 0))
        store.send(.set(-.infinity))
        store.send(.divide(by: .infinity))
        store.send(.set(.nan))
        let file = folder.file("gauge.jsonl")
        try recorder.write(to: file)

        let recording = try Recording<Gauge, Gauge.Action>(contentsOf: file)
        #expect(recording.problems.isEmpty)
        #expect(recording.actions.count == 5)
        #expect(recording.actions[1].action == .divide(by: 0))
        guard case .set(let last) = recording.actions[4].action else {
            Issue.record("the last action is \(recording.actions[4].action)")
            return
        }
        #expect(last.isNaN)
        #expect(recording.snapshot(at: 2)?.reading == .infinity)
        #expect(recording.snapshot(at: 3)?.reading == -.infinity)
        #expect(recording.snapshot(at: 5)?.reading.isNaN == true)

        let shown = Inspector.run(["state", file.path, "2"])
        #expect(shown.status == 0)
        #expect(shown.text.contains("Infinity"), "\(shown.text)")
        let timeline = Inspector.run(["timeline", file.path])
        #expect(timeline.text.contains("NaN"), "\(timeline.text)")
        #expect(Inspector.run(["html", file.path, "-o", "-"]).text.contains("NaN"))
    }
}
