import Foundation
import Synchronization

/// Terminates a process that is still running after a time limit: it guards a test against a
/// program that hangs (the test then fails instead of never ending), and is not a wait. Start
/// it right after the process, before reading its output, which blocks until the process
/// ends.
public final class ProcessWatchdog {
    private let fired = Fired()
    private let work: DispatchWorkItem

    private final class Fired: Sendable {
        let value = Mutex(false)
    }

    /// Starts watching `process`.
    public init(_ process: Process, limit: Duration) {
        let fired = self.fired
        let processBox = UncheckedBox(process)
        work = DispatchWorkItem {
            guard processBox.value.isRunning else { return }
            fired.value.withLock { $0 = true }
            processBox.value.terminate()
        }
        let seconds =
            Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    }

    /// Stops watching; returns whether the process was within its limit (not terminated).
    @discardableResult
    public func stop() -> Bool {
        work.cancel()
        return !fired.value.withLock { $0 }
    }
}

/// A process handed to the watchdog's queue: `Process` is not `Sendable`, and the watchdog
/// only asks whether it runs and terminates it, which `Process` allows from any thread.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Process {
    /// Waits for the process to exit, for at most `limit`; a process still running then is
    /// terminated (see ``ProcessWatchdog``).
    /// - Returns: Whether the process exited by itself within the limit.
    public func waitUntilExit(within limit: Duration) -> Bool {
        let watchdog = ProcessWatchdog(self, limit: limit)
        waitUntilExit()
        return watchdog.stop()
    }
}
