/// The scopes of the elements of one array, by index (see ``OptionalLens/element(at:in:)``).
/// After a commit it reads the array once and compares each scope's element with the one it
/// last handed that scope, in one loop specialised for the element type: a scope is called
/// only when its element changed (or left the array). No key-path read, lens or closure call
/// per unchanged row; a scope that went is known by its liveness mark. (A plain array has no
/// journal of its changes, so every row is compared; a ``KeyedArray`` compares only the rows
/// that changed: see ``_RowTracker``.)
@MainActor @usableFromInline
final class _ArrayRowTracker<Element>: _RowTracking {
    /// A scope: its index, the element it was last handed, whether it is gone, and how to
    /// refresh it with its element (`nil`: the index is out of bounds, and the scope
    /// detaches); the refresh returns `false` once the scope is gone or detached.
    @usableFromInline
    struct Entry {
        @usableFromInline let index: Int
        @usableFromInline var last: Element
        @usableFromInline let liveness: _ScopeLiveness
        @usableFromInline let refresh: @MainActor (Element?) -> Bool

        @usableFromInline
        init(
            index: Int, last: Element, liveness: _ScopeLiveness,
            refresh: @escaping @MainActor (Element?) -> Bool
        ) {
            self.index = index
            self.last = last
            self.liveness = liveness
            self.refresh = refresh
        }
    }

    /// Reads the array from the current state; `nil` if its parent part is missing.
    @usableFromInline let read: @MainActor () -> [Element]?
    /// Refreshes every entry whose element changed, and drops those whose scope is gone or
    /// detached. Made in the inlined initialiser, where `Element` is known, so that the loop
    /// over the rows is specialised (unspecialised, each row cost a metadata lookup).
    @usableFromInline let pass: @MainActor (_ entries: inout [Entry], _ array: [Element]?) -> Void
    @usableFromInline var entries: [Entry] = []
    /// Set during ``refresh()``: scopes made by observers meanwhile wait in `added`.
    @usableFromInline var isRefreshing = false
    @usableFromInline var added: [Entry] = []

    @inlinable
    init(read: @escaping @MainActor () -> [Element]?) where Element: Equatable {
        self.read = read
        self.pass = { entries, array in
            var kept = 0
            let count = entries.count
            for position in 0..<count {
                if entries[position].liveness.isGone { continue }
                let index = entries[position].index
                if let array, index >= 0, index < array.count {
                    if array[index] != entries[position].last {
                        let next = array[index]
                        guard entries[position].refresh(next) else { continue }
                        entries[position].last = next
                    }
                } else {
                    guard entries[position].refresh(nil) else { continue }
                }
                if kept != position { entries.swapAt(kept, position) }
                kept += 1
            }
            entries.removeLast(count - kept)
        }
    }

    @usableFromInline var linkCount: Int { entries.count + added.count }

    /// Tracks the scope of the element at `index`, which was handed `initial`.
    func add(
        index: Int, initial: Element, liveness: _ScopeLiveness,
        refresh: @escaping @MainActor (Element?) -> Bool
    ) {
        let entry = Entry(index: index, last: initial, liveness: liveness, refresh: refresh)
        if isRefreshing {
            added.append(entry)
        } else {
            entries.append(entry)
        }
    }

    @usableFromInline
    func refresh() -> Bool {
        isRefreshing = true
        pass(&entries, read())
        isRefreshing = false
        // Scopes made while observers were told start from the current state.
        if !added.isEmpty {
            entries += added
            added = []
        }
        return !entries.isEmpty
    }
}

/// The address of an element of an array by index.
@usableFromInline
struct _IndexedRowAddress<Whole, Element>: _RowAddress {
    let keyPath: WritableKeyPath<Whole, [Element]>
    let index: Int

    @usableFromInline
    init(keyPath: WritableKeyPath<Whole, [Element]>, index: Int) {
        self.keyPath = keyPath
        self.index = index
    }

    @MainActor @usableFromInline
    func track<Part>(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>, rows: _RowRefresh<Part>
    ) {
        // `Part` is `Element` (the scope is of this address's lens); checked, not assumed.
        guard let keyPath = (keyPath as AnyKeyPath) as? WritableKeyPath<Whole, [Part]>,
            let tracker = refresher.tracker(
                for: _RowTrackerKey(owner: owner, path: keyPath),
                make: { rows.makeTracker(whole.reading(keyPath)) })
        else {
            refresher.add(link)
            return
        }
        tracker.add(
            index: index, initial: rows.initial, liveness: rows.liveness, refresh: rows.refresh)
    }
}
