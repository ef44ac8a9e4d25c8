/// The background tasks of a ``StateSaver`` (its `.immediate` writer, its debounce or throttle
/// timer) that are running, so that ``StateSaver/flush()`` can wait for them to end.
///
/// Each task is started in an epoch and does its work only if no flush came between its
/// start and the moment it runs (a flush writes what the task would have written); a flush
/// ends the epoch and waits for the tasks already at work. So once `flush()` returns, no task
/// of the saver is writing, encoding or holding the saver: a command-line tool may exit, and
/// a save that failed is not tried again behind its back. The tasks hold this object, not
/// the saver, when they end.
final class SaverTasks: Sendable {
    private struct Counts {
        var epoch = 0
        var running = 0
    }
    private let counts = WaitableLock(Counts())

    /// The epoch to start a task in.
    var current: Int { counts.withLock { $0.epoch } }

    /// Called by a task when it starts running: whether it may work (no flush came since it
    /// was started in `epoch`). A task that may work calls ``end()`` when it is done.
    func begin(in epoch: Int) -> Bool {
        counts.withLock { counts in
            guard epoch == counts.epoch else { return false }
            counts.running += 1
            return true
        }
    }

    /// Called by a task that began when it is done.
    func end() {
        counts.withLock { $0.running -= 1 }
    }

    /// Ends the epoch, so that tasks not running yet do nothing, and waits for the running
    /// ones to end.
    func endEpochAndWait() {
        counts.withLock { $0.epoch += 1 }
        counts.wait { $0.running == 0 ? () : nil }
    }
}
