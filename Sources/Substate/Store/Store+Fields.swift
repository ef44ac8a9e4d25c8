import Observation

extension Store {
    /// Reads one field of the state, and observes that field alone.
    ///
    /// `store.count` is `store.state.count`, except for what an observer is told: a SwiftUI
    /// view or `withObservationTracking` that reads `store.count` is told only when `count`
    /// changes (by its `Equatable`), once per send, inside the update's presentation; a view
    /// that reads ``state`` is told after every action. See <doc:Observation> for the rules,
    /// and for what a list view should read.
    ///
    /// A chain such as `store.settings.title` reads the field `settings` through the store
    /// and `title` from its value, so it observes `settings`. To observe `title` alone, read
    /// it through a path, `store[\.settings.title]`, or through a scoped store of `settings`.
    /// - Complexity: O(1) to read, apart from the first read of a path, which adds it to the
    ///   fields compared after each commit: O(fields read) per action, whatever the size of
    ///   the state.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        self[keyPath]
    }

    /// Reads the value at a path in the state, and observes that path alone: `store[\.settings.title]`
    /// is told only when the title changes, not when another field of `settings` does.
    /// - Parameter keyPath: The path, from the state to the value.
    /// - Complexity: As ``subscript(dynamicMember:)``.
    public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
        let state = _storage.pointer
        let fields = _observedFieldsForReading()
        let observed = fields.field(keyPath, in: state) { _fieldKeyPath(keyPath) }
        _registrar.access(self, keyPath: observed)
        return state.pointee[keyPath: keyPath]
    }

    /// The store's observed fields, made on the first read of one.
    func _observedFieldsForReading() -> _ObservedFields<Store, State> {
        if let fields = _observedFields { return fields }
        let fields = _ObservedFields<Store, State>()
        _observedFields = fields
        return fields
    }

    /// The store's key path the Observation registrar knows a field of the state by.
    func _fieldKeyPath(_ keyPath: AnyKeyPath) -> KeyPath<Store, Void> {
        \Store.[_field: _FieldKey(keyPath)]
    }

    /// A member for each field of the state, for ``_fieldKeyPath(_:)`` only.
    subscript(_field key: _FieldKey) -> Void { () }
}
