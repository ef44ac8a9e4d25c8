/// How the user interface should show the change an update makes — in SwiftUI, an animation.
///
/// An update function decides *what* changes; sometimes it also knows *how* the change should
/// appear: a row that slides in, a panel that fades. It says so by returning an update that
/// carries a presentation:
///
/// ```swift
/// case .addTapped:
///     state.items.append(Item())
///     return Update(state: state).presenting(SlideIn())
/// ```
///
/// The store does not interpret the presentation. After it commits the state, it tells its
/// observers (and its scoped stores) about the change by calling the presentation's
/// ``present(_:)`` with a function that notifies them. SubstateUI's `Update.animation(_:)`
/// wraps that notification in SwiftUI's `withAnimation`, which is all a SwiftUI view needs to
/// animate the change.
///
/// If one `send` processes several updates that carry a presentation (an action and the
/// actions its effect delivers synchronously), the observers are notified once, inside the
/// presentation of the last of them. Actions that asynchronous effects deliver are processed
/// in batches; each batch is presented the same way.
///
/// ## Testing
///
/// A presentation is part of the update's value: ``Update/presentation`` returns it, so a test
/// of an update function checks it without a store. To check what a store does with it, give
/// the update a presentation that records whether observers were notified inside it.
public protocol UpdatePresentation: Sendable {
    /// Runs `notify`, which tells the store's observers about the committed change, the way
    /// this presentation asks — for example inside `withAnimation`.
    ///
    /// Call `notify` exactly once, synchronously. The store's state has already changed.
    /// - Parameter notify: Notifies the store's observers and scoped stores.
    @MainActor func present(_ notify: () -> Void)
}
