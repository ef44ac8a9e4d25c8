import Observation

/// One field of a state that observers read alone (see ``_ObservedFields``): the key path the
/// registrar knows it by, and closures made where it was first read, specialised for its
/// type, that compare it, keep its value and tell its observers.
///
/// Not generic, and its closures take the state and the subject untyped: the loop that
/// compares the armed fields after each commit runs unspecialised (it is not inlined into
/// every send), and there an array of a generic record had the runtime look the record's
/// metadata up twice per send (about 680 instructions in `observe.fields`).
@usableFromInline
struct _ObservedField {
    /// The subject's key path the registrar knows the field by (a `KeyPath<Subject, Void>`).
    @usableFromInline let observed: AnyKeyPath
    /// Compares the field in a new state with the value its observers were shown; on a
    /// change, forgets that value and returns `true`.
    @usableFromInline let changed: (_ state: UnsafeRawPointer) -> Bool
    /// Keeps the field's value in a state as the one its observers are shown.
    @usableFromInline let keep: (_ state: UnsafeRawPointer) -> Void
    /// Tells the registrar that the field of the subject changed.
    @usableFromInline let tell: (_ subject: AnyObject, _ registrar: ObservationRegistrar) -> Void

    @usableFromInline
    init(
        observed: AnyKeyPath, changed: @escaping (UnsafeRawPointer) -> Bool,
        keep: @escaping (UnsafeRawPointer) -> Void,
        tell: @escaping (AnyObject, ObservationRegistrar) -> Void
    ) {
        self.observed = observed
        self.changed = changed
        self.keep = keep
        self.tell = tell
    }
}

/// The value a field's observers were last shown, or `nil` while they have not read it
/// again since they were told: held by the field's closures.
@usableFromInline
final class _ShownValue<Value> {
    // Read and written on the main actor only, by the field's closures, which never run
    // inside one another: unchecked for exclusivity at run time (a captured `var` was checked
    // on every comparison, about 80 instructions per armed field and send).
    @usableFromInline @exclusivity(unchecked) var value: Value?

    @usableFromInline
    init(_ value: Value?) {
        self.value = value
    }
}
