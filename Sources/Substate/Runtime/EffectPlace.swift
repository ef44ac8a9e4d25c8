/// Where a program's effects live in the store's state: the keys of the children it was
/// embedded through, outermost first. The root program's place is empty.
///
/// A program's cancellation ids are its own. ``Update/child(_:in:at:as:environment:update:)-(_,_,()->Lens<State,ChildState>,_,_,_)``
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
        return _PlacedEffectID.placing(local, in: _keys.flatMap(\._path))
    }
}

/// An effect id inside a child's place: the plain keys of the place from the root,
/// outermost first, and the id. Equal only to the same id in the same place.
///
/// Flat, so that one place has one id however it was reached: a child embedded level by
/// level (a hall, then the room behind its door, then a worker there) and a child embedded
/// through a composed lens, or named by one in ``Effect/cancelEffects(of:)``, whichever way
/// its parts were grouped, all spell the same path. Nested ids, placed one level at a time,
/// differed with the grouping, and a lens composed left to right missed the child it named.
@usableFromInline
struct _PlacedEffectID: Hashable, Sendable {
    /// The plain keys of the place, outermost first; never empty.
    let places: [EffectID]
    /// The id inside the place; never itself a placed id.
    let id: EffectID

    /// `id`, restated inside `places`: an id that is already placed (an id of a child of the
    /// program at `places`) keeps its own places after them.
    static func placing(_ id: EffectID, in places: [EffectID]) -> EffectID {
        guard !places.isEmpty else { return id }
        if let placed = id.base as? _PlacedEffectID {
            return EffectID(_PlacedEffectID(places: places + placed.places, id: placed.id))
        }
        return EffectID(_PlacedEffectID(places: places, id: id))
    }

    /// The plain keys a key's value stands for, outermost first: a placed id's places and
    /// its id, any other value itself.
    static func path(of value: any Hashable & Sendable) -> [EffectID] {
        if let placed = value as? _PlacedEffectID { return placed.places + [placed.id] }
        return [EffectID(value)]
    }
}

extension _PendingEffectID {
    /// `id`, restated as an id inside the place this key names.
    @usableFromInline
    func _placing(_ id: EffectID) -> EffectID {
        _PlacedEffectID.placing(id, in: _path)
    }

    /// The key of the part at `inner` inside the part this key names: the same id that a
    /// child at `inner`, embedded in a child at this key, runs its effects under.
    func appending(_ inner: _PendingEffectID) -> _PendingEffectID {
        // A pair, whose path is made only when an id is needed (see `_PendingEffectID`).
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
