import Foundation
import Substate

/// `saver.*` cases: what a `StateSaver` adds to each action, against the same store without
/// one.
@MainActor
enum SaverCases {
    /// Toggles rows of a list that a debounced saver (one second, the default) saves, and
    /// the same without the saver. The saver's writes that fall within the run are counted
    /// in; the last one, at teardown, is not.
    static func toggle(size: Int, operations: Int, rounds: Int) -> (Double, Double) {
        let indices = (0..<operations).map { ($0 &* 7919) % size }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("substate-benchmark-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return compare(rounds: rounds, operations: operations) {
            let saver = StateSaver(
                file: folder.appendingPathComponent("items.json"), at: \Checklist.items,
                clock: ContinuousClock())
            let store = Store(
                state: Checklist(count: size), environment: (), program: Checklist.self,
                middleware: [saver.middleware()])
            defer { store.tearDown() }
            return toggling(store, at: indices)
        } baseline: {
            let store = Store(
                state: Checklist(count: size), environment: (), program: Checklist.self)
            return toggling(store, at: indices)
        }
    }

    /// `middleware.noop.100k`: the same toggles through a store with one middleware whose
    /// `willProcess` and `didProcess` hooks do nothing, against the store without it: what
    /// any middleware with those two hooks costs per action, the saver's floor.
    static func noopMiddleware(size: Int, operations: Int, rounds: Int) -> (Double, Double) {
        let indices = (0..<operations).map { ($0 &* 7919) % size }
        return compare(rounds: rounds, operations: operations) {
            let store = Store(
                state: Checklist(count: size), environment: (), program: Checklist.self,
                middleware: [
                    Middleware(name: "no-op", willProcess: { _ in }, didProcess: { _, _ in })
                ])
            return toggling(store, at: indices)
        } baseline: {
            let store = Store(
                state: Checklist(count: size), environment: (), program: Checklist.self)
            return toggling(store, at: indices)
        }
    }

    /// One save of the list: the encoding of the part and the atomic write (a temporary file
    /// flushed to disk, renamed over the old one), as a due save costs whatever the timing.
    static func write(size: Int, saves: Int, rounds: Int) -> Double {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("substate-benchmark-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let saver = StateSaver(
            file: folder.appendingPathComponent("items.json"), at: \Checklist.items,
            timing: .debounce(.seconds(3_600)), clock: ContinuousClock())
        let store = Store(
            state: Checklist(count: size), environment: (), program: Checklist.self,
            middleware: [saver.middleware()])
        defer { store.tearDown() }
        var best = Double.infinity
        var index = 0
        for _ in 0..<rounds {
            let elapsed = time {
                for _ in 0..<saves {
                    store.send(.toggle(index: index))
                    index += 1
                    saver.flush()
                }
            }
            best = min(best, elapsed / Double(saves))
        }
        return best
    }

    private static func toggling(_ store: StoreOf<Checklist>, at indices: [Int]) -> Double {
        time {
            for (position, index) in indices.enumerated() {
                if position % 100 == 0 { arm { _ = store.state } }
                store.send(.toggle(index: index))
            }
        }
    }

    /// `saver.load.10k`: loading a saved list of `size` items (the file read, its envelope
    /// checked, the part decoded, and its encoding noted as saved) against decoding the same
    /// part's JSON with `JSONDecoder` alone. Returns nanoseconds per load and per decode.
    static func load(size: Int, rounds: Int) -> (Double, Double) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("substate-benchmark-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.json")
        let checklist = Checklist(count: size)
        let part = (try? JSONEncoder().encode(checklist.items)) ?? Data()
        let envelope =
            #"{"format":"substate-state","state":"#
            + String(decoding: part, as: UTF8.self) + #","version":1}"#
        try? Data(envelope.utf8).write(to: file)
        let saver = StateSaver(file: file, at: \Checklist.items, clock: ContinuousClock())
        var loadBest = Double.infinity
        var decodeBest = Double.infinity
        for _ in 0..<rounds {
            loadBest = min(
                loadBest,
                time {
                    let loaded = try? saver.read(into: Checklist(count: 0))
                    precondition(loaded?.items.count == size, "the saved list did not load")
                })
            decodeBest = min(
                decodeBest,
                time {
                    let decoded = try? JSONDecoder().decode([Item].self, from: part)
                    precondition(decoded?.count == size, "the list did not decode")
                })
        }
        return (loadBest, decodeBest)
    }
}
