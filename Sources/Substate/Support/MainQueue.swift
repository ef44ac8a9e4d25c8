import Dispatch

/// Whether the caller runs on the main queue, which runs the main actor: on Apple platforms
/// the main thread, on Linux whichever thread drains the queue (not the main thread, which
/// `dispatchMain` parks). A mark set on the queue, read back with `getSpecific`.
enum _MainQueue {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    /// Whether the caller runs on the main queue.
    static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) != nil
    }
}
