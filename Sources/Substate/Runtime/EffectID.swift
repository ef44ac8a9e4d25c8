/// The identifier of cancellable effects: any `Hashable & Sendable` value, type-erased.
/// Two ids are equal when their values are of the same type and equal.
@usableFromInline
package struct EffectID: Hashable, @unchecked Sendable {
    // `AnyHashable` is not `Sendable`, but it only ever wraps a `Sendable` value.
    let base: AnyHashable

    package init(_ id: some Hashable & Sendable) {
        base = AnyHashable(id)
    }
}
