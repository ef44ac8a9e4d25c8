import Observation

/// The paths of a state that observers have read one by one (`store.count`), each with the
/// value its observers were last shown: what lets a store tell the readers of one field only
/// when that field changed.
///
/// A store keeps one, made when the first field is read. Each field has a key path of the
/// store's own (`\Store.[_field: position]`, whose one `Int` argument the registrar hashes
/// and compares cheaply) for the Observation registrar, and a comparison that
/// reads the field's value in the new state and compares it with the last one by `Equatable`.
///
/// A field is *armed* from the moment it is read until its observers are told that it
/// changed. Observation tells an observer once and then forgets it, and an observer can only
/// start watching a field by reading it, so a field that was not read since its observers
/// were last told has no observers: it is not compared, and its last value is not kept.
/// After each commit the store compares the armed fields only, O(armed fields) whatever the
/// size of the state, and no value is kept alive across the next in-place write of the state
/// unless someone is watching it (a kept copy of a large collection would make that write
/// copy the collection).
@MainActor @usableFromInline
final class _ObservedFields<Subject: Observable & AnyObject, State> {
    /// The fields, in the order first read.
    // Read and written on the main actor only, by short accesses that never overlap (no
    // access is open while observers run): unchecked for exclusivity at run time.
    @usableFromInline @exclusivity(unchecked) var _fields: [_ObservedField] = []
    /// Whether each field of ``_fields`` was read since its observers were last told (kept
    /// apart from the fields: an array of `Bool` is read without the fields' generic metadata).
    @usableFromInline @exclusivity(unchecked) var _armed: [Bool] = []
    /// Where each field is in ``_fields``, by its key path into the state.
    @usableFromInline @exclusivity(unchecked) var _positions: [AnyKeyPath: Int] = [:]
    /// The key path each field was first read by, in the order of ``_fields``: a read by the
    /// same key path object (a key path literal is made once per place in the code) finds
    /// its field by identity, where the table hashes the key path and compares it component
    /// by component (about 300 instructions for a field of a small state, more when two key
    /// paths share a bucket, which the table's seed decides anew in every process). Held, so
    /// that no other key path can take an address that is looked for.
    @usableFromInline @exclusivity(unchecked) var _paths: [AnyKeyPath] = []
    /// How many fields are armed.
    @usableFromInline @exclusivity(unchecked) var armedCount = 0

    @usableFromInline init() {}

    /// The registrar's key path for `keyPath`, arming the field (see the type's discussion).
    ///
    /// Inlined into the code that reads the field, so that the comparison made here is
    /// specialised for the field's type.
    /// - Parameters:
    ///   - keyPath: The field's path in the state.
    ///   - state: The state now, whose value of the field is the one its observers are shown.
    ///   - observed: Makes the subject's key path for the field, given its position, once.
    @inlinable
    func field<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>, in state: UnsafePointer<State>,
        observed: (_ position: Int) -> KeyPath<Subject, Void>
    ) -> KeyPath<Subject, Void> {
        if let position = _position(of: keyPath) {
            if !_armed[position] { _arm(position, in: state) }
            return unsafeDowncast(_fields[position].observed, to: KeyPath<Subject, Void>.self)
        }
        // A path of stored properties is read at its offset in the state: a load, where a
        // key path projection goes through the runtime for every comparison.
        let offset = MemoryLayout<State>.offset(of: keyPath)
        let shown = _ShownValue(_fieldValue(at: UnsafeRawPointer(state), offset, keyPath))
        let observed = observed(_fields.count)
        let field = _ObservedField(
            observed: observed,
            changed: { state in
                guard let value = shown.value,
                    _hasChanged(from: value, to: _fieldValue(at: state, offset, keyPath))
                else { return false }
                shown.value = nil
                return true
            },
            keep: { state in shown.value = _fieldValue(at: state, offset, keyPath) },
            tell: { subject, registrar in
                registrar.withMutation(
                    of: unsafeDowncast(subject, to: Subject.self), keyPath: observed
                ) { @Sendable in }
            })
        _positions[keyPath] = _fields.count
        _paths.append(keyPath)
        _fields.append(field)
        _armed.append(true)
        armedCount += 1
        return observed
    }

    /// Where the field read by `keyPath` is in ``_fields``, if it was read before: found by
    /// the key path's identity among the first fields, else in the table.
    @inlinable
    func _position(of keyPath: AnyKeyPath) -> Int? {
        let scanned = Swift.min(_paths.count, Self._scanLimit)
        for position in 0..<scanned where _paths[position] === keyPath {
            return position
        }
        return _positions[keyPath]
    }

    /// How many fields are looked for by identity before the table: a screen reads a few.
    @usableFromInline static var _scanLimit: Int { 16 }

    /// Arms the field at `position` again, keeping its value in `state`.
    @usableFromInline
    func _arm(_ position: Int, in state: UnsafePointer<State>) {
        _fields[position].keep(UnsafeRawPointer(state))
        _armed[position] = true
        armedCount += 1
    }

    /// Tells the registrar of every armed field whose value differs in `state` from the one
    /// its observers were shown, and disarms it.
    @usableFromInline
    func publish(
        _ state: UnsafePointer<State>, of subject: Subject, to registrar: ObservationRegistrar
    ) {
        guard armedCount > 0 else { return }
        // Observers told here may read fields again (re-arming them) or read new ones
        // (appended, and not compared now): the loop reads a copy of the fields, and no
        // access to the arrays is open while observers run. Read through a buffer pointer,
        // so that each field is not fetched by an unspecialised subscript.
        let fields = _fields
        fields.withUnsafeBufferPointer { fields in
            for position in fields.indices where _armed[position] {
                guard fields[position].changed(UnsafeRawPointer(state)) else { continue }
                _armed[position] = false
                armedCount -= 1
                fields[position].tell(subject, registrar)
            }
        }
    }
}

/// The value of a field in a state: at `offset` if the field's path is one of stored
/// properties, else through its key path.
@inlinable
func _fieldValue<State, Value>(
    at state: UnsafeRawPointer, _ offset: Int?, _ keyPath: KeyPath<State, Value>
) -> Value {
    if let offset {
        return state.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
    return state.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath]
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
