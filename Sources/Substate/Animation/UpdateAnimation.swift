/// How the user interface should show the change an update makes — in SwiftUI, an animation.
///
/// An update function decides *what* changes; sometimes it also knows *how* the change should
/// appear: a row that slides in, a panel that fades. It says so by returning an update that
/// carries an animation:
///
/// ```swift
/// case .addTapped:
///     state.items.append(Item())
///     return Update(state: state).animating(SlideIn())
/// ```
///
/// The store does not interpret the animation. After it commits the state, it tells its
/// observers (and its scoped stores) about the change by calling the animation's
/// ``animate(_:)`` with a function that notifies them. SubstateUI's `Update.animation(_:)`
/// wraps that notification in SwiftUI's `withAnimation`, which is all a SwiftUI view needs to
/// animate the change.
///
/// If one `send` processes several updates that carry an animation (an action and the
/// actions its effect delivers synchronously), the observers are notified once, inside the
/// animation of the last of them. Actions that asynchronous effects deliver are processed
/// in batches; each batch is presented the same way.
///
/// ## Testing
///
/// An animation is part of the update's value: ``Update/animation`` returns it, so a test
/// of an update function checks it without a store. To check what a store does with it, give
/// the update an animation that records whether observers were notified inside it.
public protocol UpdateAnimation: Sendable {
    /// Runs `notify`, which tells the store's observers about the committed change, the way
    /// this animation asks — for example inside `withAnimation`.
    ///
    /// Call `notify` exactly once, synchronously. The store's state has already changed.
    /// - Parameter notify: Notifies the store's observers and scoped stores.
    @MainActor func animate(_ notify: () -> Void)
}
