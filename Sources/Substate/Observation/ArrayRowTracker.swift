import Foundation

/// The scopes of the elements of one array, by index (see ``OptionalLens/element(at:in:)``).
/// After a commit it reads the array once and compares each scope's element with the one it
/// last handed that scope, in one loop specialised for the element type: a scope is called
/// only when its element changed (or left the array). No key-path read, lens or closure call
/// per unchanged row; a scope that went is known by its liveness mark. (A plain array has no
/// journal of its changes, so every row is compared; a ``KeyedArray`` compares only the rows
/// that changed: see ``_RowTracker``.)
@MainActor @usableFromInline
final class _ArrayRowTracker<Element>: _RowTracking {
    /// How a scope is refreshed with its element (`nil`: the index is out of bounds, and the
    /// scope detaches); it returns `false` once the scope is gone or detached.
    @usableFromInline typealias Refresh = @MainActor (Element?) -> Bool

    /// The scopes, one column per field, position by position: each one's index, the element
    /// it was last handed, its liveness mark and its refresh. Columns rather than an array of
    /// entries so that the loop over the rows reads only what it needs, in place, with types
    /// whose metadata needs no lookup: unoptimised, reading a field of an entry (a struct
    /// nested in this generic class) copied the whole entry, and looked its metadata up,
    /// about 200 ns per row.
    @usableFromInline var indices: [Int] = []
    @usableFromInline var lasts: [Element] = []
    @usableFromInline var livenesses: [_ScopeLiveness] = []
    @usableFromInline var refreshes: [Refresh] = []

    /// Reads the array from the current state; `nil` if its parent part is missing.
    @usableFromInline let read: @MainActor () -> [Element]?
    /// Refreshes every scope whose element changed, and drops those whose scope is gone or
    /// detached (`sweeps`: whether to read the scopes' liveness marks too). Made in the
    /// inlined initialiser, where `Element` is known, so that the loop over the rows is
    /// specialised (unspecialised, each row cost a metadata lookup).
    @usableFromInline let pass: @MainActor (_ tracker: _ArrayRowTracker, _ sweeps: Bool) -> Void
    /// Set during ``refresh()``: scopes made by observers meanwhile wait in `added`.
    @usableFromInline var isRefreshing = false
    @usableFromInline var added: [(Int, Element, _ScopeLiveness, Refresh)] = []
    /// ``_ScopeLiveness/goneSoFar`` when the last pass read the liveness marks.
    @usableFromInline var sweptAt = -1
    /// Whether scope *p* is the scope of row *p* for every *p*: the pass then compares the
    /// rows a block at a time.
    @usableFromInline var inOrder = true

    /// Makes the tracker and its pass.
    ///
    /// A row whose bytes are those it was last handed is not compared: only updates write a
    /// row, and a new value has new bytes, so the row did not change (a value whose `==` is
    /// not reflexive, such as `Double.nan`, counts as unchanged, as ``_hasChanged(from:to:)``
    /// counts it). While the scopes are in array order (scope *p* of row *p*, the usual list)
    /// and the row type has no trailing padding (which copies do not keep), the pass compares
    /// the rows with the ones last handed 64 at a time with `memcmp`, and compares one by one
    /// only the rows of a block whose bytes differ. Otherwise rows are compared one by one;
    /// debug builds compare each row's bytes before calling `==` (unoptimised, `==` goes
    /// through the generic `Equatable` witness and copies each side, about 50 ns per row).
    @inlinable
    init(read: @escaping @MainActor () -> [Element]?) where Element: Equatable {
        self.read = read
        self.pass = { tracker, sweeps in
            let array = tracker.read()
            let count = tracker.indices.count
            let inOrder = tracker.inOrder && !sweeps
            let kept = tracker.lasts.withUnsafeMutableBufferPointer { lasts in
                tracker.indices.withUnsafeMutableBufferPointer { indices in
                    // A function of its own that counts in a local: a variable captured from
                    // the closure was checked for exclusive access at every use, unoptimised.
                    @MainActor func visit(_ rows: UnsafePointer<Element>?, _ rowCount: Int) -> Int {
                        guard let last = lasts.baseAddress, let index = indices.baseAddress
                        else { return 0 }
                        let stride = MemoryLayout<Element>.stride
                        let size = MemoryLayout<Element>.size
                        var kept = 0
                        var position = 0
                        if let rows, inOrder {
                            // Blocks of rows in array order, while no scope was dropped; their
                            // bytes compared at once only for a type without trailing padding,
                            // which copies do not keep (such a block would always differ).
                            let blocks = size == stride
                            let limit = Swift.min(count, rowCount)
                            while position < limit, kept == position {
                                let end = Swift.min(position &+ 64, limit)
                                if !blocks
                                    || memcmp(
                                        rows + position, last + position,
                                        (end &- position) &* stride) != 0
                                {
                                    while position < end, kept == position {
                                        if !(rows[position] == last[position]) {
                                            if tracker.refreshes[position](rows[position]) {
                                                last[position] = rows[position]
                                                kept &+= 1
                                            }
                                        } else {
                                            kept &+= 1
                                        }
                                        position &+= 1
                                    }
                                } else {
                                    position = end
                                    kept = end
                                }
                            }
                        }
                        // The rest row by row. A `while` loop: unoptimised, a `for` over a
                        // range calls its iterator's generic `next()` for every row.
                        while position < count {
                            defer { position &+= 1 }
                            if sweeps, tracker.livenesses[position].isGone { continue }
                            let row = index[position]
                            if let rows, row >= 0, row < rowCount {
                                if !(rows[row] == last[position]) {
                                    guard tracker.refreshes[position](rows[row]) else { continue }
                                    last[position] = rows[row]
                                }
                            } else {
                                guard tracker.refreshes[position](nil) else { continue }
                            }
                            if kept != position {
                                tracker.move(position, to: kept, index: index, last: last)
                            }
                            kept &+= 1
                        }
                        return kept
                    }
                    guard let array else { return visit(nil, 0) }
                    return array.withUnsafeBufferPointer { visit($0.baseAddress, $0.count) }
                }
            }
            tracker.keep(kept)
        }
    }

    @usableFromInline var linkCount: Int { indices.count + added.count }

    /// Moves the scope at `position` to `target` (whose scope was dropped), in every column;
    /// `indices` and `lasts`, which the pass holds, through `index` and `last`.
    @usableFromInline
    func move(
        _ position: Int, to target: Int, index: UnsafeMutablePointer<Int>,
        last: UnsafeMutablePointer<Element>
    ) {
        index[target] = index[position]
        last[target] = last[position]
        livenesses[target] = livenesses[position]
        refreshes[target] = refreshes[position]
    }

    /// Keeps the first `count` scopes.
    @usableFromInline
    func keep(_ count: Int) {
        let dropped = indices.count - count
        guard dropped > 0 else { return }
        indices.removeLast(dropped)
        lasts.removeLast(dropped)
        livenesses.removeLast(dropped)
        refreshes.removeLast(dropped)
        // Scopes moved down: O(scopes), as the pass that dropped them.
        inOrder = indices.indices.allSatisfy { indices[$0] == $0 }
    }

    /// Tracks the scope of the element at `index`, which was handed `initial`.
    func add(
        index: Int, initial: Element, liveness: _ScopeLiveness,
        refresh: @escaping @MainActor (Element?) -> Bool
    ) {
        if isRefreshing {
            added.append((index, initial, liveness, refresh))
        } else {
            append(index, initial, liveness, refresh)
        }
    }

    private func append(
        _ index: Int, _ last: Element, _ liveness: _ScopeLiveness, _ refresh: @escaping Refresh
    ) {
        if index != indices.count { inOrder = false }
        indices.append(index)
        lasts.append(last)
        livenesses.append(liveness)
        refreshes.append(refresh)
    }

    @usableFromInline
    func refresh() -> Bool {
        isRefreshing = true
        let gone = _ScopeLiveness.goneSoFar
        pass(self, gone != sweptAt)
        sweptAt = gone
        isRefreshing = false
        // Scopes made while observers were told start from the current state.
        if !added.isEmpty {
            for (index, last, liveness, refresh) in added { append(index, last, liveness, refresh) }
            added = []
        }
        return !indices.isEmpty
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

    /// `true`: a plain array has no journal of its changes.
    @usableFromInline var comparesEveryRow: Bool { true }

    /// `nil`: the element lens keeps its key.
    @usableFromInline var placeKey: _PendingEffectID? { nil }

    /// Without a way to refresh the row, the scope is refreshed after every commit.
    @MainActor @usableFromInline
    func track(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>
    ) {
        refresher.add(link)
    }

    @MainActor @usableFromInline
    func track<Part>(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>, rows: _RowRefresh<Part>
    ) {
        // `Part` is `Element` (the scope is of this address's lens); checked, not assumed.
        guard let keyPath = (keyPath as AnyKeyPath) as? WritableKeyPath<Whole, [Part]>,
            let tracker = refresher.tracker(
                owner: owner, path: keyPath, make: { rows.makeTracker(whole.reading(keyPath)) })
        else {
            refresher.add(link)
            return
        }
        tracker.add(
            index: index, initial: rows.initial, liveness: rows.liveness, refresh: rows.refresh)
    }
}
