import Synchronization

/// Whether a row scope still exists: marked by the scope's deinitialisation, read by its row
/// tracker, which thereby forgets a gone scope without calling it (one load per row, where a
/// weak reference would cost a retain and a release).
@usableFromInline
final class _ScopeLiveness: Sendable {
    @usableFromInline let _isGone = Atomic<Bool>(false)

    @usableFromInline
    init() {}

    /// Whether the scope went.
    @inlinable
    var isGone: Bool { _isGone.load(ordering: .relaxed) }

    /// Marks the scope gone.
    func markGone() {
        _isGone.store(true, ordering: .relaxed)
    }
}
