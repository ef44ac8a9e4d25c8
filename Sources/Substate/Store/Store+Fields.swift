import Observation

extension Store {
    /// Reads the value at a path in the state, and observes that path alone: `store[\.settings.title]`
    /// is told only when the title changes, not when another field of `settings` does.
    /// - Parameter keyPath: The path, from the state to the value.
    /// - Complexity: As ``subscript(dynamicMember:)``.
    public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
        _observation.read(keyPath, in: _storage.pointer, of: self) { _fieldKeyPath(keyPath) }
    }

    /// The store's key path the Observation registrar knows a field of the state by.
    func _fieldKeyPath(_ keyPath: AnyKeyPath) -> KeyPath<Store, Void> {
        \Store.[_field: _FieldKey(keyPath)]
    }

    /// A member for each field of the state, for ``_fieldKeyPath(_:)`` only.
    subscript(_field key: _FieldKey) -> Void { () }
}
