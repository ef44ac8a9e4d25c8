/// What an effect's task answers to: the cancellation ids of the `cancellable` operators
/// around it, and the presence conditions of the children that started it.
@usableFromInline
package struct EffectTags: Sendable {
    @usableFromInline package var ids: [EffectID]
    @usableFromInline package var presences: [EffectPresence]

    @inlinable
    package init(ids: [EffectID] = [], presences: [EffectPresence] = []) {
        self.ids = ids
        self.presences = presences
    }
}
