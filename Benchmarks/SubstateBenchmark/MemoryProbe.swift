import Foundation
import Substate

/// The resident memory of a burst of restarted effects, measured in a fresh process.
///
/// Inside the benchmark's own process the heap has already grown by the cases before, so a
/// burst that needs memory takes it from free heap and looks flat. A fresh process of this
/// same executable (`--memory-probe NAME`) runs one burst and prints its resident memory
/// before and right after the starts, and after everything has ended. `task.floor`'s probe
/// does the same with bare tasks, for comparison: a cancelled `Task.sleep` keeps memory until
/// a worker thread has ended its task, so every burst grows by its backlog.
enum MemoryProbe {
    /// A burst's resident memory: before, right after the starts, and when all ended.
    static func summary(_ bytes: [Int]) -> String {
        guard bytes.count == 3 else { return "fresh-process probe failed" }
        return "fresh process: \(Memory.megabytes(bytes[0])) before, "
            + "\(Memory.megabytes(bytes[1])) after the starts, "
            + "\(Memory.megabytes(bytes[2])) when all ended"
    }

    /// Runs a probe in a child process and returns the numbers it printed; empty if it failed.
    static func measure(_ name: String, operations: Int) -> [Int] {
        let process = Process()
        process.executableURL =
            Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--memory-probe", name, String(operations)]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return []
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
                .first(where: { $0.hasPrefix("PROBE ") })
        else { return [] }
        return line.split(separator: " ").dropFirst().compactMap { Int($0) }
    }

    /// In the child: runs one burst of `name` and prints `PROBE before afterStarts afterEnd`
    /// (`effect.cancelInFlight.bursts`: the resident memory after each of eight bursts).
    @MainActor
    static func run(_ name: String, operations: Int) async {
        let before = Memory.current().residentBytes
        var afterStarts = 0
        switch name {
        case "effect.cancelInFlight":
            let store = Store(state: Counter(), environment: (), update: Counter.update)
            for index in 0..<operations {
                if index % 100 == 0 { arm { _ = store.state } }
                store.send(.restart)
            }
            afterStarts = Memory.current().residentBytes
            store.cancelEffects()
            await store.finishEffects()
        case "effect.cancelInFlight.bursts":
            // Eight bursts with an effect that does not sleep: the resident memory after each
            // levels off if the store keeps nothing of a cancelled effect.
            let store = Store(state: Counter(), environment: (), update: Counter.update)
            var afterBursts: [Int] = []
            for _ in 0..<8 {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = store.state } }
                    store.send(.restartWaiting)
                }
                store.cancelEffects()
                await store.finishEffects()
                try? await Task.sleep(for: .milliseconds(200))
                afterBursts.append(Memory.current().residentBytes)
            }
            print("PROBE " + afterBursts.map(String.init).joined(separator: " "))
            return
        case "task.floor":
            var previous: Task<Void, Never>?
            for _ in 0..<operations {
                previous?.cancel()
                previous = Task.detached {
                    _ = try? await ContinuousClock().sleep(for: .seconds(3600))
                }
            }
            afterStarts = Memory.current().residentBytes
            previous?.cancel()
            await previous?.value
        default:
            print("unknown probe \(name)")
            exit(2)
        }
        // Tasks cancelled earlier may still be ending on other threads: give them a moment.
        try? await Task.sleep(for: .milliseconds(200))
        print("PROBE \(before) \(afterStarts) \(Memory.current().residentBytes)")
    }
}
