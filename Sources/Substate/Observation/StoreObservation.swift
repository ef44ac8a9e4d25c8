import Observation

/// Everything a root store does to tell others about its state: the Observation registrar,
/// the fields read one by one (see ``_ObservedFields``), the refresher of its scoped stores
/// (see ``_ScopeRefresher``), and the animation of the last update, which the next
/// notification runs inside.
///
/// After the commits of one turn, the store's runtime settles and the store calls
/// ``notify(_:of:)`` once: inside the pending animation if there is one, it tells the
/// observers of the whole state, those of each field that changed, and the scoped stores.
@MainActor @usableFromInline
final class _StoreObservation<Subject: Observable & AnyObject, State> {
    @usableFromInline let _registrar = ObservationRegistrar()
    /// The subject's `\.state`, made once: a key path of a generic class costs an allocation
    /// per literal.
    @usableFromInline let _stateKeyPath: KeyPath<Subject, State>
    // Read on every send, on the main actor only, by short accesses that never overlap: the
    // dynamic exclusivity checks of a class's stored properties cost ~10 % of a send
    // (measured on send.counter).
    /// The fields observers read one by one; `nil` until the first is read.
    @usableFromInline @exclusivity(unchecked) var _fields: _ObservedFields<Subject, State>?
    /// The scoped stores made from the subject; `nil` until the first.
    @usableFromInline @exclusivity(unchecked) var _scopes: _ScopeRefresher?
    /// The animation of the last update committed since observers were last told.
    @usableFromInline @exclusivity(unchecked) var _pending: (any UpdateAnimation)?
    /// `_pending != nil`, checked on every send without copying the existential.
    @usableFromInline @exclusivity(unchecked) var _hasPending = false
    /// Whether `state` was read since its observers were last told that it changed. Every
    /// observation of it starts with such a read and is told once, so while nobody has read
    /// it there is nobody to tell, and a commit skips the registrar (its lock, its lookup).
    @usableFromInline @exclusivity(unchecked) var _stateArmed = false

    @usableFromInline
    init(stateKeyPath: KeyPath<Subject, State>) {
        self._stateKeyPath = stateKeyPath
    }

    /// Registers an observation of the whole state.
    @inlinable
    func accessState(of subject: Subject) {
        _stateArmed = true
        _registrar.access(subject, keyPath: _stateKeyPath)
    }

    /// Reads a field and registers an observation of it alone (see ``_ObservedFields``).
    /// - Parameter observed: Makes the subject's key path for the field, the first time.
    @inlinable
    func read<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>, in state: UnsafePointer<State>, of subject: Subject,
        observed: (_ position: Int) -> KeyPath<Subject, Void>
    ) -> Value {
        let fields = _fieldsForReading()
        _registrar.access(subject, keyPath: fields.field(keyPath, in: state, observed: observed))
        return state.pointee[keyPath: keyPath]
    }

    @usableFromInline
    func _fieldsForReading() -> _ObservedFields<Subject, State> {
        if let fields = _fields { return fields }
        let fields = _ObservedFields<Subject, State>()
        _fields = fields
        return fields
    }

    /// The refresher of the subject's scoped stores, made with the first scope.
    @usableFromInline
    var scopes: _ScopeRefresher {
        if let scopes = _scopes { return scopes }
        let scopes = _ScopeRefresher()
        _scopes = scopes
        return scopes
    }

    /// Notes the animation of an update being committed; the last one wins.
    @usableFromInline
    func setPending(_ animation: any UpdateAnimation) {
        _pending = animation
        _hasPending = true
    }

    /// Tells observers and scoped stores about the commits just made, inside the pending
    /// animation if there is one.
    /// - Parameter state: Where the state is now.
    @inlinable
    func notify(_ state: UnsafePointer<State>, of subject: Subject) {
        if _hasPending {
            _notifyInsidePending(state, of: subject)
        } else {
            publish(state, of: subject)
        }
    }

    /// Tells the observers of the whole state that it changed, the observers of each field
    /// read alone whether it did, and the scoped stores.
    @inlinable
    func publish(_ state: UnsafePointer<State>, of subject: Subject) {
        if _stateArmed {
            // Disarmed before observers are told: one that reads `state` while told arms
            // it again.
            _stateArmed = false
            // Sendable, so not isolated: an isolated body is checked at run time to be on its
            // actor (`swift_task_isCurrentExecutor`) when the registrar calls it.
            _registrar.withMutation(of: subject, keyPath: _stateKeyPath) { @Sendable in }
        }
        if _fields != nil { _publishFields(state, of: subject) }
        _scopes?.refresh()
    }

    /// Tells the observers of each field read alone whether it changed. Not inlined: the
    /// comparisons are specialised already (made where the fields were read), and inlining
    /// this loop into every send cost a store without fields 20 ns per send.
    @usableFromInline
    func _publishFields(_ state: UnsafePointer<State>, of subject: Subject) {
        _fields?.publish(state, of: subject, to: _registrar)
    }

    /// Notifies inside the pending animation; makes sure observers are told exactly once
    /// even if the animation does not call its `notify` function, or calls it twice.
    @usableFromInline
    func _notifyInsidePending(_ state: UnsafePointer<State>, of subject: Subject) {
        guard let animation = _pending else { return }
        _pending = nil
        _hasPending = false
        var notified = false
        let notify = {
            guard !notified else { return }
            notified = true
            self.publish(state, of: subject)
        }
        animation.animate(notify)
        if !notified {
            #if DEBUG
                writeToStandardError(
                    "Substate: \(type(of: animation)).animate(_:) did not call notify; "
                        + "the store notified its observers after it returned."
                )
            #endif
            notify()
        }
    }
}
