#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    /// Holds the scoped store a presented view was built with, so that the view keeps it (and
    /// its last state) while SwiftUI animates it away after the state let it go.
    @MainActor
    final class PresentedScope<State: Equatable & Sendable, Action: Sendable> {
        private var kept: ScopedStore<State, Action>?

        /// The kept scope while it is attached, or while there is no newer part to show;
        /// otherwise a new one from `make`.
        func scope(_ make: () -> ScopedStore<State, Action>?) -> ScopedStore<State, Action>? {
            if let kept, !kept.isDetached { return kept }
            // Detached: a new part (a sheet presented again) gets a new scope; with none,
            // the last state stays on screen until SwiftUI removes the view.
            if let fresh = make() {
                kept = fresh
                return fresh
            }
            return kept
        }
    }
#endif
