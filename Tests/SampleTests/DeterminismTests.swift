import Foundation
import SearchCore
import StopwatchCore
import Substate
import SubstateTesting
import TestSupport
import Testing
import TodosCore

/// Random action sequences for the sample apps: the live store, the pure fold of the actions
/// it processed, and the replay of its recording must all agree. Set `SUBSTATE_SEED` to run
/// one seed again.
@MainActor
@Suite struct DeterminismTests {
    static let sequences = 1_000
    let temporary = TemporaryFolder(prefix: "determinism")
    var folder: URL { temporary.url }

    var seeds: [UInt64] {
        if let seed = ProcessInfo.processInfo.environment["SUBSTATE_SEED"].flatMap(UInt64.init) {
            return [seed]
        }
        return (0..<UInt64(Self.sequences)).map { 0x5EED_0000 + $0 }
    }

    @Test func todosLiveStoreFoldAndReplayAgree() throws {
        let words = ["milk", "eggs", "bread", "call mum", "walk", "tea"]
        try check("todos", initial: App(), environment: (), update: App.update) { generator in
            let id = Int.random(in: 1...8, using: &generator)
            let word = words.randomElement(using: &generator)!
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: return .didEnterForeground
            case 1: return .didEnterBackground
            case 2, 3, 4: return .todos(.create(word))
            case 5, 6: return .todos(.todo(id: id, .toggle))
            case 7: return .todos(.todo(id: id, .edit(word)))
            case 8: return .todos(.destroy(id: id))
            default: return .settings(.changeTitle(word))
            }
        }
    }

    @Test func stopwatchLiveStoreFoldAndReplayAgree() throws {
        let choices: [Stopwatch.Action] = [.start, .stop, .lap, .reset, .tick, .tick, .tick]
        // The clock never moves: timers start and are cancelled, but never tick by themselves.
        let environment = Stopwatch.Environment(clock: TestClock(), tick: .milliseconds(100))
        try check(
            "stopwatch", initial: Stopwatch(), environment: environment, update: Stopwatch.update
        ) {
            generator in choices.randomElement(using: &generator)!
        }
    }

    @Test func searchLiveStoreFoldAndReplayAgree() throws {
        let queries = ["", "p", "pe", "pea", "b", "ba", "ch"]
        // Debounced searches wait on a clock that never moves; results come as actions.
        let environment = Search.Environment(clock: TestClock())
        try check("search", initial: Search(), environment: environment, update: Search.update) {
            generator in
            let query = queries.randomElement(using: &generator)!
            return Bool.random(using: &generator)
                ? .queryChanged(query)
                : .resultsArrived(query: query, Words.all.filter { $0.hasPrefix(query) })
        }
    }

    /// Runs the seeded sequences of an app through a recorded live store, and compares its
    /// state with the fold of the actions it processed and with the replay of the recording.
    func check<
        State: Codable & Equatable & Sendable, Action: Codable & Equatable & Sendable, Environment
    >(
        _ name: String, initial: State, environment: Environment,
        update: @escaping (consuming State, Environment, Action) -> Update<State, Action>,
        action: (inout SplitMix) -> Action
    ) throws {
        let file = folder.appendingPathComponent("\(name).jsonl")
        for seed in seeds {
            var generator = SplitMix(seed: seed)
            let actions = (0..<Int.random(in: 5...40, using: &generator)).map { _ in
                action(&generator)
            }
            let recorder = try Recorder<State, Action>(
                file: file, initialState: initial, snapshotInterval: 5, clock: ContinuousClock())
            var processed: [Action] = []
            let store = Store(
                state: initial, environment: environment, update: update,
                middleware: [
                    recorder.middleware(), .observe { action, _ in processed.append(action) },
                ])
            for action in actions { store.send(action) }
            let live = store.state
            store.tearDown()
            let folded = Update.applying(
                processed, to: initial, environment: environment, update: update)
            let recording = try Recording<State, Action>(contentsOf: file)
            let replayed = recording.replay(environment: environment, update: update)
            let verified = recording.verify(environment: environment, update: update)
            guard live == folded.state, live == replayed, verified == nil, processed == actions
            else {
                let message =
                    "\(name), seed \(seed) (run again with SUBSTATE_SEED=\(seed)): live, folded "
                    + "and replayed states differ\n\(Diff.values(folded.state, live) ?? "")"
                    + (verified?.description ?? "")
                Issue.record(Comment(rawValue: message))
                return
            }
        }
    }
}
