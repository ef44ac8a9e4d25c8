/// Which row tracker: the array's key path, and the scope it is read through as its key (0
/// for the root store, otherwise the parent scope's serial number).
@usableFromInline
typealias _RowTrackerKey = _ChildKey<UInt64>

/// A row tracker, whatever the type of its ids.
@MainActor @usableFromInline
protocol _RowTracking: AnyObject {
    /// Refreshes the row scopes whose rows changed since the last call; `false` once it
    /// tracks no scope.
    func refresh() -> Bool
    /// The links it holds, to scopes alive or not yet forgotten.
    var linkCount: Int { get }
}

/// The scopes of the rows of one ``KeyedArray``, by id. After a commit it reads the array's
/// journal: if it saw the same journal before, only the scopes of the ids recorded since are
/// refreshed — O(changed rows), whatever the number of rows; otherwise (the array was replaced,
/// copied and changed, or changed more than the journal remembers) every scope is.
@MainActor @usableFromInline
final class _RowTracker<ID: Hashable>: _RowTracking {
    /// Reads the array's journal from the current state; `nil` if the array is gone (its
    /// parent part is missing).
    @usableFromInline let journal: @MainActor () -> _RowJournal<ID>?
    /// ``refreshChanged()``, as a closure made where the tracker was made (by the element
    /// lens, in the caller's module): called through the protocol, the method itself runs
    /// unspecialised code, which looked up `Optional<ID>`'s metadata and hashed ids through
    /// witness tables on every send (about 650 instructions of a row scope's refresh).
    @usableFromInline let refreshBody: @MainActor (_RowTracker) -> Bool
    // Main actor only, by short accesses that never overlap (observers told during a refresh
    // may add links, between the accesses): unchecked for exclusivity at run time, which cost
    // each send that changed a row about 250 instructions of access checks here.
    @usableFromInline @exclusivity(unchecked) var seenSerial: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var seenVersion: UInt64 = 0
    /// The link of each row's first scope, stored in the table itself: a row scope's refresh
    /// reads no array of its row's links (an object of its own per row, seldom in the cache
    /// when rows change one by one across a long list).
    @usableFromInline @exclusivity(unchecked) var links: [_IDKey<ID>: _ScopeLink] = [:]
    /// The links of a row's other scopes, for the rows that have more than one (a row shown
    /// twice): only rows in `links` have an entry here.
    @usableFromInline @exclusivity(unchecked) var moreLinks: [_IDKey<ID>: [_ScopeLink]] = [:]
    /// Links added since the last sweep of the scopes that are gone, and when to sweep next.
    @usableFromInline @exclusivity(unchecked) var added = 0
    @usableFromInline @exclusivity(unchecked) var sweepAfter = 64
    /// ``_ScopeLiveness/scopesGoneSoFar`` when the links were last looked at.
    @usableFromInline @exclusivity(unchecked) var scopesGoneAtSweep = _ScopeLiveness
        .scopesGoneSoFar
    /// Set during ``refresh()``, when sweeping would move the links being refreshed.
    @usableFromInline @exclusivity(unchecked) var isRefreshing = false

    @inlinable
    init(journal: @escaping @MainActor () -> _RowJournal<ID>?) {
        self.journal = journal
        self.refreshBody = { $0.refreshChanged() }
        if let current = journal() {
            seenSerial = current.serial
            seenVersion = current.version
        }
    }

    @usableFromInline var linkCount: Int {
        links.count + moreLinks.values.reduce(0) { $0 + $1.count }
    }

    /// Tracks a row scope. Inlinable: called where the types are known, by the element lens's
    /// closure (see ``_KeyedRowAddress/attach(_:to:owner:whole:_:)``).
    @inlinable
    func addLink(_ link: _ScopeLink, for id: ID) {
        let key = _IDKey(id)
        if let first = links.updateValue(link, forKey: key) {
            links[key] = first
            moreLinks[key, default: []].append(link)
        }
        added += 1
        if added >= sweepAfter, !isRefreshing { sweep() }
    }

    @usableFromInline
    func refresh() -> Bool {
        refreshBody(self)
    }

    /// Refreshes the scopes of the rows changed since the last call; `false` once it tracks
    /// no scope.
    @inlinable
    func refreshChanged() -> Bool {
        isRefreshing = true
        defer { isRefreshing = false }
        guard let current = journal() else {
            refreshAll()
            return !links.isEmpty
        }
        let serial = current.serial
        let version = current.version
        guard serial != seenSerial || version != seenVersion else { return !links.isEmpty }
        // One change since the last refresh, the usual case: no list of changed ids to make.
        if serial == seenSerial, version == seenVersion &+ 1,
            let id = current.change(after: seenVersion)
        {
            seenVersion = version
            refresh(id)
            return !links.isEmpty
        }
        var changed: [ID] = []
        let remembered =
            serial == seenSerial
            && current.forEachChange(since: seenVersion) { id in
                if links[_IDKey(id)] != nil { changed.append(id) }
            }
        seenSerial = serial
        seenVersion = version
        if remembered {
            for id in changed { refresh(id) }
        } else {
            refreshAll()
        }
        return !links.isEmpty
    }

    /// Refreshes the scopes of one row, forgetting those that are gone or detached.
    @inlinable
    func refresh(_ id: ID) {
        guard let index = links.index(forKey: _IDKey(id)) else { return }
        // The first link read where it lies (see `_ScopeLink.target()`), and the access ended
        // before the scope is refreshed: observers told meanwhile may add links to the table.
        let firstRemains: Bool
        if let (scope, refreshBody) = links.values[index].target() {
            firstRemains = refreshBody(scope)
        } else {
            firstRemains = false
        }
        guard !firstRemains || !moreLinks.isEmpty else { return }
        refreshOthers(id, firstRemains: firstRemains)
    }

    /// Refreshes the other scopes of a row whose first scope was refreshed, and forgets those
    /// that are gone or detached; the first too unless `firstRemains`.
    @inlinable
    func refreshOthers(_ id: ID, firstRemains: Bool) {
        // Observers told meanwhile may add scopes of this row: they are appended after the
        // ones refreshed here, so the indices of those that finished stay right.
        let finished = _ScopeLink.refresh(moreLinks[_IDKey(id)] ?? [])
        var others = moreLinks[_IDKey(id)] ?? []
        _ScopeLink.remove(finished, from: &others)
        keep(others, of: id, replacingFirst: !firstRemains)
    }

    /// Keeps `others` as the other links of a row; with `replacingFirst`, the first of them
    /// (if any) becomes the row's first link in place of the one it had.
    @inlinable
    func keep(_ others: [_ScopeLink], of id: ID, replacingFirst: Bool) {
        var others = others
        let key = _IDKey(id)
        if replacingFirst { links[key] = others.isEmpty ? nil : others.removeFirst() }
        moreLinks[key] = others.isEmpty ? nil : others
    }

    /// Refreshes every row scope.
    @usableFromInline
    func refreshAll() {
        for key in Array(links.keys) { refresh(key.id) }
    }

    /// Forgets the scopes that no longer exist; runs after a number of additions that grows
    /// with the scopes tracked, so that views making scopes as they appear do not fill it.
    /// Looks at the links only if a scoped store went since the last look: none of them can
    /// be gone otherwise (a list whose rows appear, and whose scopes all stay, went through
    /// every link in each sweep, about 1,500 instructions per scope made in debug builds).
    @inlinable
    func sweep() {
        added = 0
        sweepAfter = max(64, linkCount)
        // Read before looking: a scope that goes while the links are looked at is counted
        // after this, so the next sweep looks again.
        let scopesGone = _ScopeLiveness.scopesGoneSoFar
        guard scopesGone != scopesGoneAtSweep else { return }
        scopesGoneAtSweep = scopesGone
        // The rows to change are found first: changing the table while going through it
        // would copy it.
        let gone = links.compactMap { $0.value.scope == nil ? $0.key.id : nil }
        let goneOthers = moreLinks.compactMap { row in
            row.value.contains { $0.scope == nil } ? row.key.id : nil
        }
        for id in goneOthers {
            keep(
                moreLinks[_IDKey(id)]?.filter { $0.scope != nil } ?? [], of: id,
                replacingFirst: false)
        }
        for id in gone { keep(moreLinks[_IDKey(id)] ?? [], of: id, replacingFirst: true) }
        sweepAfter = max(64, linkCount)
    }
}

/// Serial numbers of scoped stores, which key the row trackers of their row scopes.
@MainActor
enum _ScopeSerials {
    // Main actor only, by accesses that never overlap: unchecked for exclusivity at run time
    // (checked, each scope made paid about 150 instructions in debug builds).
    @exclusivity(unchecked) static var last: UInt64 = 0

    static func next() -> UInt64 {
        last += 1
        return last
    }
}
