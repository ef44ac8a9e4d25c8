/// Which row tracker: the array's key path, and the scope it is read through (0 for the
/// root store, otherwise the parent scope's serial number).
@usableFromInline
struct _RowTrackerKey: Hashable {
    @usableFromInline let owner: UInt64
    @usableFromInline let path: AnyKeyPath

    @usableFromInline
    init(owner: UInt64, path: AnyKeyPath) {
        self.owner = owner
        self.path = path
    }
}

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
    @usableFromInline @exclusivity(unchecked) var links: [ID: [_ScopeLink]] = [:]
    /// Links added since the last sweep of the scopes that are gone, and when to sweep next.
    @usableFromInline @exclusivity(unchecked) var added = 0
    @usableFromInline @exclusivity(unchecked) var sweepAfter = 64
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

    @usableFromInline var linkCount: Int { links.values.reduce(0) { $0 + $1.count } }

    /// Tracks a row scope. Inlinable: called where the types are known, by the element lens's
    /// closure (see ``_KeyedRowAddress/attach(_:to:owner:whole:_:)``).
    @inlinable
    func addLink(_ link: _ScopeLink, for id: ID) {
        links[id, default: []].append(link)
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
                if links[id] != nil { changed.append(id) }
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
        guard let scopes = links[id] else { return }
        let finished = _ScopeLink.refresh(scopes)
        guard !finished.isEmpty, var current = links[id] else { return }
        _ScopeLink.remove(finished, from: &current)
        links[id] = current.isEmpty ? nil : current
    }

    /// Refreshes every row scope.
    @usableFromInline
    func refreshAll() {
        for id in Array(links.keys) { refresh(id) }
    }

    /// Forgets the scopes that no longer exist; runs after a number of additions that grows
    /// with the scopes tracked, so that views making scopes as they appear do not fill it.
    @inlinable
    func sweep() {
        var live = 0
        for (id, scopes) in links {
            // Rows whose scopes all remain are left as they are: rewriting each would copy
            // the table of links and make an array per row at every sweep.
            guard scopes.contains(where: { $0.scope == nil }) else {
                live += scopes.count
                continue
            }
            let kept = scopes.filter { $0.scope != nil }
            live += kept.count
            links[id] = kept.isEmpty ? nil : kept
        }
        added = 0
        sweepAfter = max(64, live)
    }
}

/// Serial numbers of scoped stores, which key the row trackers of their row scopes.
@MainActor
enum _ScopeSerials {
    static var last: UInt64 = 0

    static func next() -> UInt64 {
        last += 1
        return last
    }
}
