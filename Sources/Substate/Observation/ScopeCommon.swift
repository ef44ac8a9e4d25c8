/// What the scoped stores of one type share, made once per type: their `\.state` key path (a
/// key path literal of a generic class is made anew, demangling its type, each time it is
/// evaluated) and the closure through which a link refreshes one of them (made per scope, it
/// was an allocation for every scope made: a closure in generic code carries its types).
@MainActor @usableFromInline
final class _ScopeCommon<State: Equatable & Sendable, Action: Sendable> {
    /// `\.state` of the scopes of this type.
    @usableFromInline let stateKeyPath: KeyPath<ScopedStore<State, Action>, State>
    /// Refreshes the scope it is handed after a commit of the root (see
    /// ``ScopedStore/parentDidCommit()``).
    @usableFromInline let linkBody: @MainActor (AnyObject) -> Bool

    /// Inlinable: made where the scope's types are known, the link's refresh is specialised
    /// for them (made in this module, it ran generic code on every refresh of a row).
    @inlinable
    init() {
        stateKeyPath = \ScopedStore<State, Action>.state
        linkBody = { unsafeDowncast($0, to: ScopedStore<State, Action>.self).parentDidCommit() }
    }
}

/// The ``_ScopeCommon`` of each type of scoped store.
@MainActor @usableFromInline
enum _ScopeCommons {
    @usableFromInline static var byType: [ObjectIdentifier: AnyObject] = [:]
    /// The one found last, and its type's identity: a list's rows, scoped one after another,
    /// find it without a lookup in the table (about 250 instructions a scope in debug
    /// builds). Main actor only, by accesses that never overlap.
    @usableFromInline @exclusivity(unchecked) static var lastType: UInt = 0
    @usableFromInline @exclusivity(unchecked) static var last: AnyObject?

    /// The common part of the scopes of this type, made with the first of them. Called by
    /// the functions that make scopes rather than by the scope's initialiser: inlined where
    /// the scope's types are known, its types are not looked up at run time.
    @inlinable
    static func of<State, Action>() -> _ScopeCommon<State, Action> {
        let type = ObjectIdentifier(_ScopeCommon<State, Action>.self)
        // Stored under its type's identity: a checked cast cost each new scope about 1,000
        // instructions.
        if UInt(bitPattern: type) == lastType, let last {
            return unsafeDowncast(last, to: _ScopeCommon<State, Action>.self)
        }
        let common: _ScopeCommon<State, Action>
        if let found = byType[type] {
            common = unsafeDowncast(found, to: _ScopeCommon<State, Action>.self)
        } else {
            common = _ScopeCommon()
            byType[type] = common
        }
        lastType = UInt(bitPattern: type)
        last = common
        return common
    }
}
