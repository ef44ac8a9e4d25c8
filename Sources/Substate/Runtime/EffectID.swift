/// The identifier of cancellable effects: any `Hashable & Sendable` value, type-erased.
/// Two ids are equal when their values are of the same type and equal. The hash is computed
/// once, since the store looks ids up several times per effect.
@usableFromInline
package struct EffectID: Hashable, @unchecked Sendable {
    // `AnyHashable` is not `Sendable`, but it only ever wraps a `Sendable` value.
    let base: AnyHashable
    let hash: Int

    package init(_ id: some Hashable & Sendable) {
        base = AnyHashable(id)
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
