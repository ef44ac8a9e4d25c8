/// A child program's environment that is made from its parent's, said once for every place
/// the child is embedded.
///
/// A child whose environment is `Void` is embedded without one, and a child that shares its
/// parent's environment type is handed the parent's as it is. A child with an environment of
/// its own says here how to make it from the parent's, and the parent then passes its own
/// environment to every ``Update/child(_:in:at:as:_:)-(_,_,WritableKeyPath<State,Child>Sendable,_,Child.Environment.Parent)``
/// call, never mapping it by hand:
///
/// ```swift
/// struct SearchEnvironment: DerivedEnvironment {
///     var clock: any Clock<Duration>
///
///     init(from parent: AppEnvironment) {
///         clock = parent.clock
///     }
/// }
///
/// // In the app's update:
/// case .search(let action):
///     return .child(action, in: state, at: \.search, as: Action.search, environment)
/// ```
///
/// The environment is made anew for each of the child's actions, so keep making it cheap:
/// copy references to the parent's services, do not create services here.
public protocol DerivedEnvironment {
    /// The environment of the parent program this one is made from.
    associatedtype Parent

    /// The child's environment from its parent's.
    /// - Parameter parent: The parent program's environment.
    init(from parent: Parent)
}
