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
    /// metadata are compared first, so the cast that follows only ever meets the same type
    /// (the runtime's fastest path) and values of other types are never cast.
    static func isEqual<Value: Hashable>(_ value: Value, _ other: any Hashable & Sendable) -> Bool {
        func compare<Other: Hashable>(_ other: Other) -> Bool {
            guard Other.self == Value.self, let other = other as? Value else { return false }
            return other == value
        }
        return compare(other)
    }
}

/// A `Sendable` value kept erased but not yet hashed: what a keyed lens carries, so that
/// making one in every update costs no hashing until an effect actually needs the id.
@usableFromInline
struct _PendingEffectID: Sendable {
    let base: any Hashable & Sendable

    @usableFromInline
    init(_ id: some Hashable & Sendable) {
        base = id
    }

    var id: EffectID { EffectID(base) }
}
