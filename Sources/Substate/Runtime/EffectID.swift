/// The identifier of cancellable effects: any `Hashable & Sendable` value, type-erased.
/// Two ids are equal when their values are of the same type and equal. The hash is computed
/// once, since the store looks ids up several times per effect.
///
/// Not an `AnyHashable`: its equality casts dynamically and costs about 300 ns on Linux,
/// paid by every cancel-in-flight. Comparing the types' metadata first, and casting only
/// values of the same type, costs a fraction of that.
@usableFromInline
package struct EffectID: Hashable, Sendable {
    let base: any Hashable & Sendable
    let hash: Int

    @usableFromInline
    package init(_ id: some Hashable & Sendable) {
        base = id
        hash = id.hashValue
    }

    @usableFromInline
    package static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        lhs.hash == rhs.hash && isEqual(lhs.base, rhs.base)
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Whether `other` holds a value of `Value`'s exact type that equals `value`. The types'
    /// metadata are compared first, and a value of the same type is then taken as it is: no
    /// dynamic cast, and no `Optional<Value>`, whose metadata this unspecialised code would
    /// look up in the runtime's cache on every comparison (about 330 instructions, paid by
    /// every lookup of an id in the registry).
    static func isEqual<Value: Hashable>(_ value: Value, _ other: any Hashable & Sendable) -> Bool {
        func compare<Other: Hashable>(_ other: Other) -> Bool {
            guard Other.self == Value.self else { return false }
            return unsafeBitCast(other, to: Value.self) == value
        }
        return compare(other)
    }
}

/// A `Sendable` value kept erased but not yet hashed: what a keyed lens carries, so that
/// making one in every update costs no hashing until an effect actually needs the id.
///
/// The key of two keys combined (a key path lens followed by an enum case, as
/// `.case(Screen.loggedIn, in: \.screen)` makes in every update) is kept as the pair, and
/// made into the placed key only when an effect needs it: building it eagerly cost about
/// 1,400 instructions per action in a release build (generic metadata, a hash, a box).
///
/// A key stands for a path of plain keys, outermost first (see ``_PlacedEffectID``): one for a
/// lens made from a key path, an index, an id or a case, and the paths of both sides, one after
/// the other, for a composed lens, however its parts were grouped.
@usableFromInline
struct _PendingEffectID: Sendable {
    /// The key; for a pair, the outer one.
    @usableFromInline let _key: any Hashable & Sendable
    /// For a pair: the inner key, whose path follows `_key`'s.
    @usableFromInline let _inner: (any Hashable & Sendable)?

    @inlinable
    init(_ id: some Hashable & Sendable) {
        _key = id
        _inner = nil
    }

    /// The pair of `outer` and `inner`, as ``base`` then makes it.
    @usableFromInline
    init(outer: any Hashable & Sendable, inner: any Hashable & Sendable) {
        _key = outer
        _inner = inner
    }

    /// The key itself: for a pair, the inner key's path placed inside the outer key's (the
    /// id a child at the inner key, embedded in a child at the outer one, runs its effects
    /// under).
    var base: any Hashable & Sendable {
        guard _inner != nil else { return _key }
        var path = _path
        let last = path.removeLast()
        return _PlacedEffectID(places: path, id: last)
    }

    var id: EffectID { EffectID(base) }

    /// The plain keys this key stands for, outermost first.
    var _path: [EffectID] {
        guard let inner = _inner else { return _PlacedEffectID.path(of: _key) }
        return _PlacedEffectID.path(of: _key) + _PlacedEffectID.path(of: inner)
    }
}
