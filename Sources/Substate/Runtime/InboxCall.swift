/// Work that an ``EffectInbox`` carries to its store's isolation: middleware asking for the
/// state when it needs it (a state saver whose save is due), instead of keeping a copy of
/// every state.
///
/// The store runs it once, on its isolation, when it drains the inbox. If the inbox drops it
/// instead (the store was torn down, or went away), `dropped` runs when the last reference
/// goes, on whatever thread lets it go, so that whoever waits for the answer is never left
/// waiting.
@usableFromInline
package final class _InboxCall: @unchecked Sendable {
    // `@unchecked`: `body` is called and cleared on the store's isolation only (by the drain
    // that takes the entry out of the inbox), and read again only in `deinit`, after every
    // other use.
    private var body: (() -> Void)?
    private let dropped: @Sendable () -> Void

    /// A call.
    /// - Parameters:
    ///   - body: What to run on the store's isolation.
    ///   - dropped: What to run instead if the call never runs.
    package init(_ body: @escaping () -> Void, dropped: @escaping @Sendable () -> Void) {
        self.body = body
        self.dropped = dropped
    }

    /// Runs the call, once; on the store's isolation.
    @usableFromInline
    func run() {
        let body = self.body
        self.body = nil
        body?()
    }

    deinit {
        if body != nil { dropped() }
    }
}
