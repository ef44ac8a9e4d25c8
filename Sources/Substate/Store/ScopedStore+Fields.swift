import Observation

extension ScopedStore {
    /// Reads the value at a path in the scope's part, and observes that path alone.
    /// - Parameter keyPath: The path, from the part to the value.
    /// - Complexity: As ``subscript(dynamicMember:)``.
    public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
        let fields = _observedFieldsForReading()
        let observed = withUnsafePointer(to: &_current) {
            fields.field(keyPath, in: $0) { _fieldKeyPath(keyPath) }
        }
        _registrar.access(self, keyPath: observed)
        return _current[keyPath: keyPath]
    }

    /// The scope's observed fields, made on the first read of one.
    func _observedFieldsForReading() -> _ObservedFields<ScopedStore, State> {
        if let fields = _observedFields { return fields }
        let fields = _ObservedFields<ScopedStore, State>()
        _observedFields = fields
        return fields
    }

    /// The scope's key path the Observation registrar knows a field of its part by.
    func _fieldKeyPath(_ keyPath: AnyKeyPath) -> KeyPath<ScopedStore, Void> {
        \ScopedStore.[_field: _FieldKey(keyPath)]
    }

    /// A member for each field of the part, for ``_fieldKeyPath(_:)`` only.
    subscript(_field key: _FieldKey) -> Void { () }
}
