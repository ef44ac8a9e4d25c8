import Substate
import Testing

@MainActor
@Suite struct StorePreviewTests {
    @Test func aPreviewStoreProcessesActionsButRunsNoEffects() async {
        let store = Store.preview(state: Editor(), environment: (), update: Editor.update)
        store.send(.pinnedChanged(true))
        // The update ran; its effect (a synchronous `.save`) did not.
        #expect(store.state.isPinned)
        #expect(store.state.saves == 0)
        #expect(store.runningEffectCount == 0)
        await store.finishEffects()
        #expect(store.state.saves == 0)
    }

    @Test func aPreviewStoreDropsAsynchronousEffects() async {
        let log = AnimationLog()
        let store = Store.preview(state: Panel(), environment: log, update: Panel.update)
        store.send(.toggleLater)
        #expect(store.runningEffectCount == 0)
        await store.finishEffects()
        #expect(store.state.isOpen == false)
    }

    @Test func aPreviewStoreKeepsPresentations() {
        let log = AnimationLog()
        let store = Store.preview(state: Panel(), environment: log, update: Panel.update)
        store.send(.toggle(animated: "fade"))
        #expect(log.events == ["begin fade", "end fade"])
        #expect(store.state.isOpen)
    }

    @Test func aViewThatTakesAScopedStorePreviewsFromAScopeOfTheWholeState() {
        let scope = Store.preview(
            state: Editor(title: "Draft"), environment: (), update: Editor.update
        )
        .scope(at: Lens(\Editor.self), as: { $0 })
        #expect(scope.state.title == "Draft")
        scope.send(.pinnedChanged(true))
        // The scope keeps its preview store alive; the update ran, its `.save` effect did not.
        #expect(scope.state.isPinned)
        #expect(scope.state.saves == 0)
    }
}
