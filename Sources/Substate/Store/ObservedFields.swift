import Observation

/// The paths of a state that observers have read one by one (`store.count`), each with the
/// value its observers were last told about: what lets a store tell the readers of one field
/// only when that field changed.
///
/// A store keeps one, made when the first field is read. Each field has a key path of the
/// store's own (`\Store.[_field: …]`) for the Observation registrar, and a comparison that
/// reads the field's value in the new state, compares it with the last one by `Equatable`,
/// and keeps the new one when it differs. After each commit the store runs the comparisons
/// and tells the registrar of the fields that changed: O(fields read so far), whatever the
/// size of the state.
///
/// A field, once read, is compared after every commit for the life of the store, whether or
/// not anyone still observes it: the registrar does not say. There are as many as there are
/// distinct paths in the code that reads the store, typically a few dozen.
@MainActor @usableFromInline
final class _ObservedFields<Subject: Observable & AnyObject, State> {
    @usableFromInline
    struct _Field {
        /// The subject's key path the registrar knows the field by.
        @usableFromInline let observed: KeyPath<Subject, Void>
        /// Compares the field in a new state with its last value; keeps and reports a change.
        @usableFromInline let changed: (UnsafePointer<State>) -> Bool

        @usableFromInline
        init(observed: KeyPath<Subject, Void>, changed: @escaping (UnsafePointer<State>) -> Bool) {
            self.observed = observed
            self.changed = changed
        }
    }

    /// The fields, in the order first read.
    @usableFromInline var _fields: [_Field] = []
    /// Where each field is in ``_fields``, by its key path into the state.
    @usableFromInline var _positions: [AnyKeyPath: Int] = [:]

    @usableFromInline init() {}

    /// The registrar's key path for `keyPath`, watching it from now on if it is new.
    /// - Parameters:
    ///   - keyPath: The field's path in the state.
    ///   - state: The state now, whose value of the field is the first one kept.
    ///   - observed: Makes the subject's key path for the field, once.
    func field<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>, in state: UnsafePointer<State>,
        observed: () -> KeyPath<Subject, Void>
    ) -> KeyPath<Subject, Void> {
        if let position = _positions[keyPath] { return _fields[position].observed }
        var last = state.pointee[keyPath: keyPath]
        let field = _Field(observed: observed()) { state in
            let value = state.pointee[keyPath: keyPath]
            guard _hasChanged(from: last, to: value) else { return false }
            last = value
            return true
        }
        _positions[keyPath] = _fields.count
        _fields.append(field)
        return field.observed
    }

    /// Tells the registrar of every field whose value differs in `state` from the last one.
    @usableFromInline
    func publish(
        _ state: UnsafePointer<State>, of subject: Subject, to registrar: ObservationRegistrar
    ) {
        for field in _fields where field.changed(state) {
            registrar.withMutation(of: subject, keyPath: field.observed) {}
        }
    }
}

/// The identity of a field of a store's state, as an argument of the store's `_field`
/// subscript: what makes one key path of the store per field for the Observation registrar.
@usableFromInline
struct _FieldKey: Hashable, @unchecked Sendable {
    // A key path is immutable; it is not `Sendable` only because it may have captured
    // arguments that are not.
    @usableFromInline let path: AnyKeyPath

    @usableFromInline init(_ path: AnyKeyPath) { self.path = path }
}

/// Whether a value read again after a commit differs from the one read before: `!=`, except
/// that a trivial value unequal to itself (a NaN, or a struct of numbers holding one) has
/// changed only if it prints differently, so that a field holding NaN does not tell its
/// observers on every send.
///
/// Only trivial values (no references) are compared with themselves: for one holding arrays
/// or strings that comparison could cost as much as the value is large, on every change.
@inlinable
func _hasChanged<Value: Equatable>(from old: Value, to new: Value) -> Bool {
    guard old != new else { return false }
    guard _isPOD(Value.self), new != new else { return true }
    return String(reflecting: old) != String(reflecting: new)
}
