import Observation

extension ScopedStore {
    /// Reads one field of the scope's part, and observes that field alone.
    ///
    /// As ``Store/subscript(dynamicMember:)``: an observer that reads `row.title` is told
    /// only when the title changes, not when another field of the row does; one that reads
    /// ``state`` is told whenever the part changes. A chain such as `row.details.note`
    /// observes `details`; read `row[\.details.note]` to observe the note alone.
    /// - Complexity: O(1) to read; the fields read are compared only after a commit that
    ///   changed the scope's part.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        self[keyPath]
    }

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
