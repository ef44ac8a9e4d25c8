#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    /// Animates a store's change inside `withAnimation`: what `Update/animation(_:)`
    /// attaches to an update.
    ///
    /// The store notifies its observers — the views reading its state, and its scoped stores —
    /// inside ``animate(_:)``, so SwiftUI animates every view that the change touches.
    public struct SwiftUIAnimation: UpdateAnimation, @unchecked Sendable {
        // `@unchecked`: `Animation` is an immutable value, but not every SDK marks it
        // `Sendable`.

        /// The animation; `nil` turns animation off for the change.
        public let animation: Animation?

        /// Animates a change with a SwiftUI animation.
        /// - Parameter animation: The animation; `nil` turns animation off for the change.
        public init(_ animation: Animation?) {
            self.animation = animation
        }

        /// Notifies the store's observers inside `withAnimation(animation)`.
        /// - Parameter notify: Notifies the store's observers and scoped stores.
        public func animate(_ notify: () -> Void) {
            withAnimation(animation) { notify() }
        }
    }
#endif
