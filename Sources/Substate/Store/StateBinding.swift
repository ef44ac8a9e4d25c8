/// A value in a store's state that a control can read and write: read through a lens or key
/// path, written by sending an action.
///
/// A text field or a toggle wants a two-way binding, but a store's state changes only through
/// actions. A `StateBinding` reconciles the two: reading ``value`` reads the store's current
/// state (and registers an observation of it, as reading ``Store/state`` does); writing it
/// sends the action that `tag` makes of the new value.
///
/// ```swift
/// let title = store.stateBinding(at: \.title, as: EditorAction.titleChanged)
/// title.value = "Groceries"  // sends .titleChanged("Groceries")
/// ```
///
/// In SwiftUI, SubstateUI's `binding(at:as:)` returns a `Binding` made from one. Every write
/// sends an action, even one that writes the value the state already has; the update decides
/// what it means.
///
/// ## Testing
///
/// Write ``value`` and check the store's state, or its recorded actions in a `TestStore`.
@MainActor
public struct StateBinding<Value> {
    private let read: @MainActor () -> Value
    private let write: @MainActor (Value) -> Void

    /// A binding from a getter and a setter.
    /// - Parameters:
    ///   - get: Reads the value.
    ///   - set: Writes the value, usually by sending an action.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        read = get
        write = set
    }

    /// The value: reading reads the store's state, writing sends an action.
    public var value: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }
}
