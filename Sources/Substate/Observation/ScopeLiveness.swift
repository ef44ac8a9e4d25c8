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
        Self._goneCount.add(1, ordering: .relaxed)
    }

    /// How many scopes went in the whole process. A tracker reads the marks of its scopes
    /// only in a pass after this changed, so that a pass over rows whose scopes all stay
    /// makes no load per row for them; a scope that went meanwhile is forgotten at the next
    /// pass that reads the marks (or sooner, when its row changes and its refresh says so).
    @usableFromInline static let _goneCount = Atomic<Int>(0)

    /// The number of scopes that went so far (see `_goneCount`).
    @inlinable static var goneSoFar: Int { _goneCount.load(ordering: .relaxed) }

    /// How many scoped stores of any kind went in the whole process, counted by their
    /// deinitialisation. A ``KeyedArray``'s row tracker looks for links to gone scopes only
    /// after this changed: while a list's rows appear and none of their scopes goes, its
    /// sweeps find nothing and are skipped.
    @usableFromInline static let _scopesGone = Atomic<Int>(0)

    /// Counts a scoped store gone (see `_scopesGone`).
    static func noteScopeGone() {
        _scopesGone.add(1, ordering: .relaxed)
    }

    /// The number of scoped stores that went so far (see `_scopesGone`).
    @inlinable static var scopesGoneSoFar: Int { _scopesGone.load(ordering: .relaxed) }
}
