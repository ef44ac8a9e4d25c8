import Observation

/// A store for one part of another store's state: what a view of a child program holds.
///
/// Made with ``Store/scope(at:as:)->ScopedStore<ChildState,ChildAction>`` (or from another
/// scoped store), it reads its part through a lens and sends its actions to the root store
/// wrapped by a tag. It has no state of its own to keep in sync: the root store's update
/// function still decides everything.
///
/// ```swift
/// let settings = store.scope(at: \.settings, as: AppAction.settings)
/// settings.send(.rename("Groceries"))   // the root store processes .settings(.rename(…))
/// ```
///
/// ## Observation
/// A scoped store is `Observable`, and notifies its observers only when its own part
/// changed: after each change to the root state it compares its part with the one its
/// observers were shown, using the part's `Equatable`. A view observing a row's scoped store
/// is not woken when another row, or any other part of the state, changes.
///
/// A scope compares, and keeps a copy of, only what someone may be watching: its whole
/// `state` once read, until its observers are told it changed, and each field read alone
/// (`screen.title`) in the same way. A scope of a screen whose views read a few fields, and
/// scope its rows, keeps no copy of the screen's list, so writing a row in place costs what
/// it costs without the scope. A copy kept while someone watches the whole `state` of a
/// part that holds a large collection makes the next change to that collection copy it once.
///
/// ## When the part disappears
/// A scope through an ``OptionalLens`` (an optional child, a row by id) can outlive its part:
/// the row is deleted, the optional becomes `nil`. The scope then keeps its last state,
/// ``isDetached`` becomes `true`, and its sends are ignored (they return a finished
/// ``StoreTask``). It does not reattach if the part comes back: make a new scope. To keep
/// its last state, such a scope (and any scope made from it) keeps a copy of its part after
/// every change.
@MainActor @dynamicMemberLookup
public final class ScopedStore<State: Equatable & Sendable, Action: Sendable>: StoreProtocol {
    // Read and written on every refresh, on the main actor only, by short accesses that
    // never overlap (observers are told after the writes): unchecked for exclusivity at run
    // time, which cost a row scope's refresh three checks (~12 % of scope.rows.array).
    /// The part as last taken: the value observers of `state` were shown, the last state of
    /// a detached scope. `nil` while nobody watches a scope that cannot detach: it is read
    /// from the root when needed instead (see ``parentDidCommit()``).
    @usableFromInline @exclusivity(unchecked) var _kept: State?
    /// Whether `state` was read since its observers were last told that it changed.
    @usableFromInline @exclusivity(unchecked) var _stateArmed = false
    /// Whether the part can disappear (a lens on the way from the root may find nothing):
    /// then the scope keeps up with its part after every change, to keep its last state.
    @usableFromInline let _canDetach: Bool
    @usableFromInline let _registrar = ObservationRegistrar()
    /// The fields observers read one by one (`row.title`); `nil` until the first is read.
    @usableFromInline @exclusivity(unchecked) var _observedFields:
        _ObservedFields<ScopedStore, State>?
    @usableFromInline let _read: @MainActor () -> State?
    /// Reads the part as `_read` does, without holding the root: what the row trackers of
    /// this scope's scopes read. They live in the root's refresher, so a reader that held
    /// the root would make a cycle (root, refresher, tracker, reader) that only the next
    /// commit after the rows' scopes went could break: a root dropped before that leaked.
    @usableFromInline let _rowRead: @MainActor () -> State?
    @usableFromInline let _forward: @MainActor (Action) -> StoreTask
    /// The root store's refresher of scopes, where this scope's own scopes go too.
    @usableFromInline let _refresher: _ScopeRefresher
    /// Keys the row trackers of this scope's row scopes.
    @usableFromInline let _serial = _ScopeSerials.next()
    /// For a row scope: marked when the scope goes, so that its row tracker forgets it
    /// without asking it (a tracker of a plain array does not call the scopes of unchanged
    /// rows).
    @usableFromInline let _liveness: _ScopeLiveness?
    /// Where the part is in the root's state, for a scope reached from the root through
    /// lenses to stored properties only (so it cannot detach): its own scopes, and the
    /// trackers of their rows, read through it in place instead of copying this part out of
    /// the root's state first (a screen's list, on every refresh of a row). `nil` otherwise.
    /// It holds the root unowned: every scope holds the root strongly through `_forward`.
    @usableFromInline let _location: (@MainActor () -> UnsafePointer<State>)?
    /// `\.state`, shared by the scopes of one type: a key path literal of a generic class
    /// is made anew (demangling its type) each time it is evaluated.
    @usableFromInline let _stateKeyPath: KeyPath<ScopedStore, State>
    /// How the scope's link refreshes it, to link it again: a scope the refresher refreshes on
    /// its own (not a row) that nobody watches and that cannot detach has nothing to do after
    /// a commit, so its link is dropped then (see ``parentDidCommit()``), and made again when
    /// its state or a field is read: a commit costs nothing for the scopes of screens that
    /// nobody reads directly (a list's screen, whose rows are scoped from it).
    @usableFromInline let _linkBody: @MainActor (AnyObject) -> Bool
    /// Whether the scope is a row's, which its row tracker calls only when its row changed,
    /// and which is never unlinked. (Not a `nil` link body: unoptimised code looked up the
    /// metadata of the optional closure for every scope made.)
    @usableFromInline let _isRow: Bool
    /// Whether the refresher holds a link to the scope (always, for a row's).
    @usableFromInline @exclusivity(unchecked) var _linked = true

    /// Whether the scope's part disappeared from the root state. A detached scope keeps its
    /// last state and ignores sends.
    public var isDetached: Bool { _detached }
    @usableFromInline @exclusivity(unchecked) var _detached = false

    /// Makes a scope. One that is not a row's is registered with the root here, to be
    /// refreshed after every commit; a row's is added to its array's tracker by the
    /// initialiser below.
    /// - Parameters:
    ///   - liveness: The mark of a row scope whose tracker compares every row; `nil` otherwise.
    ///   - isRow: Whether a row tracker refreshes the scope (only when its row changed).
    @inlinable
    init(
        initial: State,
        read: @escaping @MainActor () -> State?,
        rowRead: @escaping @MainActor () -> State?,
        forward: @escaping @MainActor (Action) -> StoreTask,
        refresher: _ScopeRefresher,
        canDetach: Bool,
        common: _ScopeCommon<State, Action>,
        location: (@MainActor () -> UnsafePointer<State>)? = nil,
        liveness: _ScopeLiveness? = nil,
        isRow: Bool = false
    ) {
        // A scope that cannot detach keeps nothing until someone reads it: a copy kept from
        // here would make the root's next in-place write copy what the part holds.
        _kept = canDetach ? initial : nil
        _canDetach = canDetach
        _stateKeyPath = common.stateKeyPath
        _liveness = liveness
        self._read = read
        self._rowRead = rowRead
        self._forward = forward
        self._refresher = refresher
        self._location = location
        _linkBody = common.linkBody
        _isRow = isRow
        if !isRow { refresher.add(_ScopeLink(scope: self, refresh: _linkBody)) }
    }

    deinit {
        _liveness?.markGone()
        _ScopeLiveness.noteScopeGone()
    }

    /// The scope's part of the root state, as of the root's last commit.
    public var state: State {
        _watch()
        _registrar.access(self, keyPath: _stateKeyPath)
        let part = _latest()
        _kept = part
        _stateArmed = true
        return part
    }

    /// Sends an action to the root store, wrapped by the scope's tag.
    /// - Parameter action: The child action.
    /// - Returns: The root store's task for it; a finished one if the scope is detached.
    @discardableResult
    public func send(_ action: Action) -> StoreTask {
        guard !_detached else { return StoreTask(group: nil) }
        return _forward(action)
    }

    /// A scope of a part of this scope's part.
    /// - Parameters:
    ///   - lens: Where the smaller part lives in this scope's part.
    ///   - tag: Wraps the smaller part's actions in this scope's actions.
    /// - Returns: The scoped store.
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        at lens: Lens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction> {
        let forward = self._forward
        if let location = _location, let offset = lens._offset {
            // Stored inline in this part, which is stored inline in the root's state.
            return _Scopes.located(
                Self._location(at: offset, in: location, as: ChildState.self),
                forward: { forward(tag($0)) }, refresher: _refresher)
        }
        let read = self._read
        let rowRead = self._rowRead
        let get = lens._reader
        return ScopedStore<ChildState, ChildAction>(
            initial: get(_latest()),
            read: { read().map(get) },
            rowRead: { rowRead().map(get) },
            forward: { forward(tag($0)) },
            refresher: _refresher,
            canDetach: _canDetach,
            common: _ScopeCommons.of()
        )
    }

    /// A scope of a part of this scope's part that may be missing.
    /// - Parameters:
    ///   - lens: Where the smaller part may live in this scope's part.
    ///   - tag: Wraps the smaller part's actions in this scope's actions.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        at lens: OptionalLens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction>? {
        let forward = self._forward
        if let location = _location {
            // The part is read where it is in the root's state, not copied out of it first.
            let get = lens._pointerReader
            guard let initial = get(location()) else { return nil }
            let read: @MainActor () -> ChildState? = { get(location()) }
            return _Scopes.make(
                initial: initial, read: read, rowRead: read, forward: { forward(tag($0)) },
                refresher: _refresher, row: lens._row, owner: _serial, whole: .location(location))
        }
        guard let initial = lens.read(_latest()) else { return nil }
        let read = self._read
        let rowRead = self._rowRead
        let get = lens._partReader
        let readPart: @MainActor () -> ChildState? = { read().flatMap(get) }
        let rowReadPart: @MainActor () -> ChildState? = { rowRead().flatMap(get) }
        return _Scopes.make(
            initial: initial, read: readPart, rowRead: rowReadPart, forward: { forward(tag($0)) },
            refresher: _refresher, row: lens._row, owner: _serial, whole: .value(rowRead))
    }
}

extension ScopedStore {
    /// Whether anyone may be watching the scope: its `state` or a field was read since its
    /// observers were last told.
    @inlinable
    var _isWatched: Bool {
        _stateArmed || (_observedFields.map { $0.armedCount > 0 } ?? false)
    }

    /// The part now: the kept one, or else read from the root (a scope without a kept part
    /// cannot detach, so its part is always there).
    @inlinable
    func _latest() -> State {
        if let kept = _kept { return kept }
        guard let part = _read() else {
            preconditionFailure("Substate: the part of a scope that cannot detach is missing")
        }
        return part
    }

    /// Re-reads the part after a commit of the root, and notifies observers if it changed.
    /// Returns `false` once the scope no longer needs refreshing (it is detached).
    ///
    /// A scope that nobody watches, and whose part cannot disappear, does not read its part,
    /// and lets go of the one it kept: so no copy of its part is alive at the next in-place
    /// write of the root state.
    @inlinable
    func parentDidCommit() -> Bool {
        guard !_detached else { return false }
        guard _isWatched || _canDetach else {
            _kept = nil
            // Refreshed on its own: unlinked until watched again (see `_linkBody`).
            guard _isRow else {
                _linked = false
                return false
            }
            return true
        }
        return refresh(to: _read())
    }

    /// Links the scope to the refresher again if it was unlinked while nobody watched it:
    /// called where its state or a field starts being watched.
    @inlinable
    func _watch() {
        if _slowPath(!_linked) { _linkAgain() }
    }

    /// See ``_watch()``.
    @usableFromInline
    func _linkAgain() {
        guard !_isRow, !_detached else { return }
        _linked = true
        _refresher.add(_ScopeLink(scope: self, refresh: _linkBody))
    }

    /// Takes `next` as the part (`nil`: it is missing, and the scope detaches), and notifies
    /// observers if it changed. Returns `false` once the scope is detached.
    @inlinable
    func refresh(to next: State?) -> Bool {
        guard !_detached else { return false }
        guard let next else {
            _detached = true
            return false
        }
        if _stateArmed, let kept = _kept {
            // An unchanged part has no changed field either.
            guard _hasChanged(from: kept, to: next) else { return true }
            // Disarmed and changed before observers are told: one that reads `state` while
            // told sees the new part and arms again.
            _stateArmed = false
            _kept = _canDetach ? next : nil
            _registrar.withMutation(of: self, keyPath: _stateKeyPath) { @Sendable in }
        } else {
            _kept = _canDetach ? next : nil
        }
        _publishFields(next)
        return true
    }

    /// Tells the observers of each armed field that changed in `next`.
    @inlinable
    func _publishFields(_ next: State) {
        guard let fields = _observedFields, fields.armedCount > 0 else { return }
        // Observers told here may read the scope again: no access to `_kept` may still be
        // open while they run.
        withUnsafePointer(to: next) { fields.publish($0, of: self, to: _registrar) }
    }
}

extension ScopedStore {
    /// Where a part stored inline at `offset` in the part at `location` is.
    @inlinable
    static func _location<Part>(
        at offset: Int, in location: @escaping @MainActor () -> UnsafePointer<State>,
        as _: Part.Type
    ) -> @MainActor () -> UnsafePointer<Part> {
        { UnsafeRawPointer(location()).advanced(by: offset).assumingMemoryBound(to: Part.self) }
    }
}

/// Makes the scopes of parts that are stored inline, that may be missing, and of rows.
@MainActor @usableFromInline
enum _Scopes {
    /// Makes the scope of a part stored inline in the root's state, read where it lies.
    @inlinable
    static func located<State: Equatable & Sendable, Action: Sendable>(
        _ location: @escaping @MainActor () -> UnsafePointer<State>,
        forward: @escaping @MainActor (Action) -> StoreTask,
        refresher: _ScopeRefresher
    ) -> ScopedStore<State, Action> {
        ScopedStore(
            initial: location().pointee, read: { location().pointee },
            rowRead: { location().pointee },
            forward: forward, refresher: refresher, canDetach: false,
            common: _ScopeCommons.of(), location: location)
    }

    /// Makes the scope of a part that may be missing. When the lens reaches a row, the scope
    /// is added to its array's tracker, which refreshes it only when its row changed; else
    /// it is refreshed on its own. A function, not an initialiser of the scope, inlined where
    /// the scope's types are known.
    /// - Parameters:
    ///   - address: Where the row lives, if the part is a row.
    ///   - owner: The owner of the array's tracker (see ``_RowTrackerKey``).
    ///   - whole: How to read the whole the address starts from.
    @inlinable
    static func make<State: Equatable & Sendable, Action: Sendable, Whole>(
        initial: State,
        read: @escaping @MainActor () -> State?,
        rowRead: @escaping @MainActor () -> State?,
        forward: @escaping @MainActor (Action) -> StoreTask,
        refresher: _ScopeRefresher,
        row address: (any _RowAddress<Whole>)?,
        owner: UInt64,
        whole: @autoclosure () -> _WholeReader<Whole>
    ) -> ScopedStore<State, Action> {
        guard let address else {
            return ScopedStore(
                initial: initial, read: read, rowRead: rowRead, forward: forward,
                refresher: refresher, canDetach: true, common: _ScopeCommons.of())
        }
        // Only a tracker that compares every row of its array reads the marks; a KeyedArray's
        // reads its journal, and holds the scope weakly.
        let liveness = address.comparesEveryRow ? _ScopeLiveness() : nil
        let scope = ScopedStore(
            initial: initial, read: read, rowRead: rowRead, forward: forward,
            refresher: refresher, canDetach: true, common: _ScopeCommons.of(),
            liveness: liveness, isRow: true)
        let link = _ScopeLink(scope: scope, refresh: scope._linkBody)
        guard let liveness else {
            address.track(link, in: refresher, owner: owner, whole: whole())
            return scope
        }
        address.track(
            link, in: refresher, owner: owner, whole: whole(),
            rows: _RowRefresh(
                initial: initial, liveness: liveness,
                refresh: { [weak scope] next in scope?.refresh(to: next) ?? false },
                makeTracker: { _ArrayRowTracker(read: $0) }))
        return scope
    }
}
