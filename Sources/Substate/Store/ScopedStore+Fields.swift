import Observation

extension ScopedStore {
    /// Reads the value at a path in the scope's part, and observes that path alone.
    /// - Parameter keyPath: The path, from the part to the value.
    /// - Complexity: As ``subscript(dynamicMember:)``.
    @inlinable
    public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
        _watch()
        let fields = _observedFieldsForReading()
        let part = _latest()
        let observed = withUnsafePointer(to: part) {
            fields.field(keyPath, in: $0) { _fieldKeyPath($0) }
        }
        _registrar.access(self, keyPath: observed)
        return part[keyPath: keyPath]
    }

    /// The scope's observed fields, made on the first read of one.
    @usableFromInline
    func _observedFieldsForReading() -> _ObservedFields<ScopedStore, State> {
        if let fields = _observedFields { return fields }
        let fields = _ObservedFields<ScopedStore, State>()
        _observedFields = fields
        return fields
    }

    /// The scope's key path the Observation registrar knows a field of its part by.
    @usableFromInline
    func _fieldKeyPath(_ position: Int) -> KeyPath<ScopedStore, Void> {
        \ScopedStore.[_field: position]
    }

    /// A member for each field of the part, for ``_fieldKeyPath(_:)`` only.
    @usableFromInline
    subscript(_field position: Int) -> Void { () }
}
