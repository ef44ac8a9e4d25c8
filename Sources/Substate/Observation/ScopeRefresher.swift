/// Refreshes the scoped stores made from one root store after every commit of the root.
///
/// Most scopes are refreshed one by one: each re-reads its part and compares it with the one
/// it last published. Scopes of the elements of a ``KeyedArray`` (rows by id) are grouped by
/// array instead, in a ``_RowTracker`` that reads the array's journal of changes and refreshes
/// only the rows that changed.
///
/// A scope's observers may send actions, or make new scopes, while a refresh runs: the sends
/// are queued and processed when it returns, and then the scopes are refreshed again (see
/// `Store.runtimeSettle()`); a scope made meanwhile is refreshed in the same call.
@MainActor @usableFromInline
final class _ScopeRefresher {
    // Main actor only, by short accesses that never overlap (a refresh reads copies, and
    // observers told meanwhile add between the accesses): unchecked for exclusivity at run
    // time, like the row trackers' state.
    /// The scopes refreshed one by one.
    @exclusivity(unchecked) var links: [_ScopeLink] = []
    /// The row trackers, by owner and array.
    @usableFromInline @exclusivity(unchecked) var trackers: [_RowTrackerKey: any _RowTracking] =
        [:]
    /// The same trackers, in the order they were made: what a refresh goes through, each read
    /// where it lies. Going through the table copied each entry out, retaining its key path
    /// and its tracker and releasing them after, on every commit.
    @usableFromInline @exclusivity(unchecked) var trackerList: [any _RowTracking] = []
    @exclusivity(unchecked) var isRefreshing = false
    @exclusivity(unchecked) var needsRefresh = false
    /// The tracker found or made last, and its key (owner and key path): the scopes of a
    /// list's rows, made one after another, find it without hashing the key path again
    /// (about 500 instructions a scope). Forgotten when a tracker is removed.
    @usableFromInline @exclusivity(unchecked) var lastTracker: AnyObject?
    @usableFromInline @exclusivity(unchecked) var lastOwner: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var lastPath: AnyKeyPath?

    @usableFromInline
    init() {}

    /// The links held, to scopes alive or not yet forgotten: O(trackers + rows tracked).
    var linkCount: Int {
        links.count + trackerList.reduce(0) { $0 + $1.linkCount }
    }

    /// The row trackers kept: in the table and in the list a refresh goes through, which
    /// must agree.
    var trackerCount: Int {
        precondition(
            trackers.count == trackerList.count
                && trackerList.allSatisfy { tracker in trackers.values.contains { $0 === tracker } },
            "Substate: the row trackers' table and list disagree")
        return trackerList.count
    }

    /// Adds a scope that is refreshed on its own after every commit.
    @usableFromInline
    func add(_ link: _ScopeLink) {
        links.append(link)
    }

    /// The tracker found or made last, if it is the one of this array (its owner and key
    /// path, see ``_RowTrackerKey``).
    @inlinable
    func lastTracker(owner: UInt64, path: AnyKeyPath) -> AnyObject? {
        guard lastOwner == owner, lastPath === path else { return nil }
        return lastTracker
    }

    /// The tracker for an array (its owner and key path, see ``_RowTrackerKey``), made by
    /// `make` if there is none; `nil` if the array already has a tracker of another type
    /// (which a key path that fixes the element type rules out): the caller then registers
    /// its scope to be refreshed on its own, which is always correct. The key is made only
    /// when the tracker found last is not the one.
    @inlinable
    func tracker<Tracker: _RowTracking>(
        owner: UInt64, path: AnyKeyPath, make: () -> Tracker
    ) -> Tracker? {
        if let tracker = lastTracker(owner: owner, path: path) as? Tracker { return tracker }
        let tracker = _tracker(for: _RowTrackerKey(path: path, key: owner), make: make)
        if let tracker {
            lastTracker = tracker
            lastOwner = owner
            lastPath = path
        }
        return tracker
    }

    /// The tracker for `key` in the table, made by `make` if there is none.
    @inlinable
    func _tracker<Tracker: _RowTracking>(
        for key: _RowTrackerKey, make: () -> Tracker
    ) -> Tracker? {
        if let existing = trackers[key] {
            if let tracker = existing as? Tracker { return tracker }
            assertionFailure("Substate: two row trackers of different types for \(key.path)")
            return nil
        }
        let tracker = make()
        trackers[key] = tracker
        trackerList.append(tracker)
        return tracker
    }

    /// Refreshes every scope after a commit; forgets scopes that are gone or detached.
    @usableFromInline
    func refresh() {
        guard !isRefreshing else {
            needsRefresh = true
            return
        }
        isRefreshing = true
        defer { isRefreshing = false }
        repeat {
            needsRefresh = false
            if !links.isEmpty {
                // Not an `inout` access across the refresh: observers may add scopes meanwhile.
                let refreshed = links
                let finished = _ScopeLink.refresh(refreshed)
                _checkAppendOnly(refreshed)
                _ScopeLink.remove(finished, from: &links)
            }
            if !trackerList.isEmpty { refreshTrackers() }
        } while needsRefresh
    }

    /// Refreshes every row tracker, and forgets those that track no scope any more. Observers
    /// told meanwhile may make trackers, which are appended after the ones refreshed here.
    func refreshTrackers() {
        let refreshed = trackerList
        var finished: [Int] = []
        // Each tracker read where it lies in the array, as `_ScopeLink.refresh(_:)` reads its
        // links: `refreshed` holds them all for the loop.
        if let first = refreshed._baseAddressIfContiguous {
            for index in refreshed.indices where !(first + index).pointee.refresh() {
                finished.append(index)
            }
        }
        _fixLifetime(refreshed)
        guard !finished.isEmpty else { return }
        for index in finished.reversed() {
            let tracker = trackerList.remove(at: index)
            trackers = trackers.filter { $0.value !== tracker }
        }
        lastTracker = nil
        lastPath = nil
    }
}

extension _ScopeRefresher {
    /// Checks that a refresh only appended links (scopes made by observers): the indices of
    /// the finished links that it removes next must still name the links refreshed. Debug
    /// builds only; O(links), like the refresh.
    @inline(__always)
    func _checkAppendOnly(_ refreshed: [_ScopeLink]) {
        #if SUBSTATE_INTERNAL_CHECKS
            precondition(
                links.count >= refreshed.count
                    && zip(links, refreshed).allSatisfy { $0.identity == $1.identity },
                "Substate: the scope links changed other than by appending during a refresh")
        #endif
    }
}

/// A root store's link to one of its scopes: refreshes it, and returns `false` once the scope
/// is gone or detached. It holds the scope weakly.
@usableFromInline
struct _ScopeLink {
    /// The scope, while it exists.
    @usableFromInline weak var scope: AnyObject?
    /// Refreshes the scope it is handed, this link's. A closure that captures nothing, made
    /// where the scope's type is known (so specialised for it): one that captured the scope
    /// weakly was an object of its own per scope, read on every refresh of the scope.
    @usableFromInline let refreshBody: @MainActor (AnyObject) -> Bool
    /// The scope's identity, which outlives it (for checks only: never dereferenced).
    let identity: ObjectIdentifier

    @usableFromInline
    init(scope: AnyObject, refresh: @escaping @MainActor (AnyObject) -> Bool) {
        self.scope = scope
        self.refreshBody = refresh
        self.identity = ObjectIdentifier(scope)
    }

    /// Refreshes the scope; `false` once it is gone or detached.
    @MainActor @inlinable
    func refresh() -> Bool {
        guard let scope else { return false }
        return refreshBody(scope)
    }

    /// ``refresh()`` of the link at `link`, reading its two fields where they lie. Through an
    /// `UnsafePointer`, or by calling a method on the link, the compiler copies the whole link
    /// first, weak reference included; through a mutable pointer it reads the fields in place.
    /// Nothing is written.
    @MainActor @inlinable
    static func refresh(at link: UnsafeMutablePointer<_ScopeLink>) -> Bool {
        guard let scope = link.pointee.scope else { return false }
        return link.pointee.refreshBody(scope)
    }

    /// The scope, while it exists, and how to refresh it, read where the link lies: through a
    /// mutating access (which writes nothing), the caller reads the link in place, where
    /// reading it as a value copied it, and copying its weak reference counts it in the
    /// scope's side table and uncounts it after (two atomic operations per refresh).
    @inlinable
    mutating func target() -> (scope: AnyObject, refresh: @MainActor (AnyObject) -> Bool)? {
        guard let scope else { return nil }
        return (scope, refreshBody)
    }

    /// Refreshes each link, and returns the indices of those whose scope is gone or detached.
    /// Observers told meanwhile may make new scopes, which are appended after the links
    /// refreshed, so the indices stay right for the caller to remove (see ``remove(_:from:)``);
    /// those new scopes start from the current state and need no refresh.
    @MainActor @usableFromInline
    static func refresh(_ links: [_ScopeLink]) -> [Int] {
        var finished: [Int] = []
        // Each link read where it lies: `links[index]` copied it out, and copying a weak
        // reference counts it in the scope's side table and uncounts it after, two atomic
        // operations per scope on every commit. Not through `withUnsafeBufferPointer`: its
        // closure, isolated to the main actor and handed to a nonisolated parameter, checks
        // at each call that it runs on the main actor (about 190 instructions).
        if let first = links._baseAddressIfContiguous {
            for index in links.indices where !refresh(at: first + index) {
                finished.append(index)
            }
        }
        _fixLifetime(links)
        return finished
    }

    /// Removes the links at `finished` (from ``refresh(_:)``), last first.
    @usableFromInline
    static func remove(_ finished: [Int], from links: inout [_ScopeLink]) {
        for index in finished.reversed() {
            links.remove(at: index)
        }
    }
}
