/// Where a program's effects live in the store's state: the keys of the children it was
/// embedded through, outermost first. The root program's place is empty.
///
/// A program's cancellation ids are its own. ``Update/child(_:state:lens:tag:environment:update:)-(_,_,()->Lens<State,ChildState>,_,_,_)``
/// restates every id in a child's effect as "this id, in the child's place" before the
/// effect reaches the parent, and every enclosing `Update.child` does the same with its own
/// place, so the id the store sees names the child's place from the root. Two panes, rows of
/// two lists or a child and its parent never cancel each other's effects. Ids met inside a
/// running task (the effect wrapped by `timeout`, a throttle's trailing effect) are restated
/// by the task's ``EffectContext``, which carries the place.
@usableFromInline
package struct EffectPlace: Sendable {
    /// The keys of the enclosing children, outermost first.
    @usableFromInline let _keys: [_PendingEffectID]

    /// The place of the root program: ids are used as they are.
    @usableFromInline static var _root: EffectPlace { EffectPlace(keys: []) }

    @usableFromInline
    init(keys: [_PendingEffectID]) {
        self._keys = keys
    }

    /// The place of a child at `key` inside this place.
    func entering(_ key: _PendingEffectID) -> EffectPlace {
        EffectPlace(keys: _keys + [key])
    }

    /// The store's id for an id of the program at this place.
    @usableFromInline
    func id(_ local: EffectID) -> EffectID {
        guard !_keys.isEmpty else { return local }
        var id = local
        for key in _keys.reversed() { id = key._placing(id) }
        return id
    }
}

/// An effect id inside a child's place: equal only to the same id in the same place.
@usableFromInline
struct _PlacedEffectID<Place: Hashable & Sendable>: Hashable, Sendable {
    @usableFromInline let _place: Place
    let id: EffectID

    @usableFromInline
    init(place: Place, id: EffectID) {
        self._place = place
        self.id = id
    }
}

extension _PendingEffectID {
    /// `id`, restated as an id inside the place this key names.
    @usableFromInline
    func _placing(_ id: EffectID) -> EffectID {
        func placed<Place: Hashable & Sendable>(_ place: Place) -> EffectID {
            EffectID(_PlacedEffectID(place: place, id: id))
        }
        return placed(base)
    }

    /// The key of the part at `inner` inside the part this key names: the same id that a
    /// child at `inner`, embedded in a child at this key, runs its effects under.
    func appending(_ inner: _PendingEffectID) -> _PendingEffectID {
        // A pair, placed only when an id is needed (see `_PendingEffectID`); a side that is a
        // pair itself is placed now.
        _PendingEffectID(outer: base, inner: inner.base)
    }

    /// The key of a combination of two parts where either may have no key.
    @usableFromInline
    static func combining(_ outer: _PendingEffectID?, _ inner: _PendingEffectID?)
        -> _PendingEffectID?
    {
        guard let outer else { return inner }
        guard let inner else { return outer }
        return outer.appending(inner)
    }
}

/// The key of a part reached through a key path: the key path itself.
@usableFromInline
struct _KeyPathKey: Hashable, @unchecked Sendable {
    // Key paths are immutable; `AnyKeyPath` is just not marked `Sendable`.
    let path: AnyKeyPath

    @usableFromInline
    init(_ path: AnyKeyPath) {
        self.path = path
    }
}
