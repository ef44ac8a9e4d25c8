#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    extension Update {
        /// The same update, animated: views that show its change animate it.
        ///
        /// ```swift
        /// case .detailsToggled:
        ///     state.showsDetails.toggle()
        ///     return Update(state: state).animation(.easeInOut)
        /// ```
        ///
        /// The store commits the state, then notifies its observers inside
        /// `withAnimation(animation)`; see `UpdateAnimation`.
        /// - Parameter animation: The animation; `nil` turns animation off for the change.
        /// - Returns: An update with the same state and effect, animated with `animation`.
        public func animation(_ animation: Animation? = .default) -> Update {
            animating(SwiftUIAnimation(animation))
        }
    }
#endif
