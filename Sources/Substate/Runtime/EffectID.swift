/// The identifier of cancellable effects: any `Hashable & Sendable` value, type-erased.
/// Two ids are equal when their values are of the same type and equal. The hash is computed
/// once, since the store looks ids up several times per effect.
@usableFromInline
package struct EffectID: Hashable, @unchecked Sendable {
    // `AnyHashable` is not `Sendable`, but it only ever wraps a `Sendable` value.
    @usableFromInline let base: AnyHashable
    @usableFromInline let hash: Int

    @usableFromInline
    package init(_ id: some Hashable & Sendable) {
        self.init(erased: AnyHashable(id))
    }

    /// An id from a value already erased (it wraps a `Sendable` value).
    @usableFromInline
    init(erased base: AnyHashable) {
        self.base = base
        hash = base.hashValue
    }

    @usableFromInline
    package static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        lhs.hash == rhs.hash && lhs.base == rhs.base
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// A `Sendable` value kept erased but not yet hashed: what a keyed lens carries, so that
/// making one in every update costs no hashing until an effect actually needs the id.
@usableFromInline
struct PendingEffectID: @unchecked Sendable {
    // It only ever wraps a `Sendable` value.
    @usableFromInline let base: AnyHashable

    @usableFromInline
    init(_ id: some Hashable & Sendable) {
        base = AnyHashable(id)
    }

    @usableFromInline
    var id: EffectID { EffectID(erased: base) }
}
