import Observation

/// What a view can do with a store, whether it holds the root ``Store`` or a ``ScopedStore``
/// of one part: read the state, read one field and observe it alone, send, scope, bind.
///
/// Both store types conform, and everything but reading, sending and scoping through a lens is
/// written once, here: the field lookup `store.title`, the key-path forms of
/// ``scope(at:as:)->ScopedStore<Child,Child.Action>``,
/// ``stateBinding(at:as:)-(Lens<Self.State,Value>,_)`` and ``forward(_:)`` (and SubstateUI's
/// `binding(at:as:)`). Write a view or a helper against it when it should work with either:
///
/// ```swift
/// @MainActor func titleBinding(
///     of store: some StoreProtocol<Editor, Editor.Action>
/// ) -> StateBinding<String> {
///     store.stateBinding(at: \.title, as: Editor.Action.rename)
/// }
/// ```
///
/// Only Substate's two store types conform; the protocol is not meant to be adopted by others.
@MainActor @dynamicMemberLookup
public protocol StoreProtocol<State, Action>: AnyObject, Observable {
    /// The state the store shows: the whole program's state, or a scope's part of it.
    associatedtype State: Equatable & Sendable
    /// The actions the store takes.
    associatedtype Action: Sendable

    /// The state. Reading it inside a SwiftUI view or `withObservationTracking` registers an
    /// observation of all of it.
    var state: State { get }

    /// Reads the value at a path in the state, and observes that path alone (see
    /// ``subscript(dynamicMember:)``).
    /// - Parameter keyPath: The path, from the state to the value.
    subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value { get }

    /// Sends an action to the store (a scoped store wraps it and sends it to its root).
    /// - Parameter action: The action.
    /// - Returns: A task for the work the action causes.
    @discardableResult
    func send(_ action: Action) -> StoreTask

    /// A store for a part of the state; see ``ScopedStore``.
    /// - Parameters:
    ///   - lens: Where the part lives in the state.
    ///   - tag: Wraps the part's actions in this store's (the enum case, `AppAction.settings`).
    /// - Returns: The scoped store.
    func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        at lens: Lens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction>

    /// A store for a part of the state that may be missing, reached by an optional lens (an
    /// enum case, a composed lens); see ``ScopedStore``.
    /// - Parameters:
    ///   - lens: Where the part may live in the state.
    ///   - tag: Wraps the part's actions in this store's.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        at lens: OptionalLens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction>?
}

extension StoreProtocol {
    /// Reads one field of the state, and observes that field alone.
    ///
    /// `store.count` is `store.state.count`, except for what an observer is told: a SwiftUI
    /// view or `withObservationTracking` that reads `store.count` is told only when `count`
    /// changes (by its `Equatable`), once per send, inside the update's animation; a view
    /// that reads ``state`` is told after every action (a scoped store's, after every change
    /// to its part). See <doc:Observation> for the rules, and for what a list view should read.
    ///
    /// A chain such as `store.settings.title` reads the field `settings` through the store
    /// and `title` from its value, so it observes `settings`. To observe `title` alone, read
    /// it through a path, `store[\.settings.title]`, or through a scoped store of `settings`.
    /// - Complexity: O(1) to read, apart from the first read of a path, which adds it to the
    ///   fields compared after each commit while someone may be watching them (from a read
    ///   until the field's readers are told it changed): O(fields read since they last
    ///   changed) per action, whatever the size of the state.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        self[keyPath]
    }

    /// A function that sends a child's actions to this store, each wrapped by `tag`: for
    /// views that only send and never read the state.
    /// - Parameter tag: Wraps the child's actions in this store's.
    /// - Returns: A function sending each child action as `tag(action)`.
    public func forward<Child>(_ tag: @escaping @Sendable (Child) -> Action)
        -> @MainActor (Child)
        -> Void
    {
        { [weak self] child in self?.send(tag(child)) }
    }
}
