/// What an effect's task answers to: the cancellation ids of the `cancellable` operators
/// around it, and the lifetime conditions of the children that started it.
@usableFromInline
package struct EffectMarks: Sendable {
    @usableFromInline package var ids: EffectIDList
    @usableFromInline package var lifetimes: [EffectLifetime]

    @usableFromInline
    package init(ids: EffectIDList = EffectIDList(), lifetimes: [EffectLifetime] = []) {
        self.ids = ids
        self.lifetimes = lifetimes
    }
}
