import Observation

extension Store {
    /// Reads the value at a path in the state, and observes that path alone: `store[\.settings.title]`
    /// is told only when the title changes, not when another field of `settings` does.
    /// - Parameter keyPath: The path, from the state to the value.
    /// - Complexity: As ``subscript(dynamicMember:)``.
    @inlinable
    public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
        _observation.read(keyPath, in: _storage.pointer, of: self) { _fieldKeyPath($0) }
    }

    /// The store's key path the Observation registrar knows a field of the state by.
    @usableFromInline
    func _fieldKeyPath(_ position: Int) -> KeyPath<Store, Void> {
        \Store.[_field: position]
    }

    /// A member for each field of the state, for ``_fieldKeyPath(_:)`` only.
    @usableFromInline
    subscript(_field position: Int) -> Void { () }
}
