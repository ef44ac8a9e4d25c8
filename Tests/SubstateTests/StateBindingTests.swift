import Foundation
import Observation
import Substate
import Testing

struct Editor: Equatable, Sendable {
    var title = ""
    var isPinned = false
    var saves = 0
}

enum EditorAction: Sendable, Equatable {
    case titleChanged(String)
    case pinnedChanged(Bool)
    case save
}

extension Editor {
    static func update(
        state: consuming Editor, environment: Void, action: EditorAction
    ) -> Update<Editor, EditorAction> {
        switch action {
        case .titleChanged(let title):
            // The update decides what a write means: here, titles are trimmed.
            state.title = title.trimmingCharacters(in: .whitespaces)
            return Update(state: state)
        case .pinnedChanged(let isPinned):
            state.isPinned = isPinned
            return Update(state: state, effect: .send(.save))
        case .save:
            state.saves += 1
            return Update(state: state)
        }
    }
}

struct Workspace: Equatable, Sendable {
    var editor = Editor()
}

enum WorkspaceAction: Sendable {
    case editor(EditorAction)
}

extension Workspace {
    static func update(
        state: consuming Workspace, environment: Void, action: WorkspaceAction
    ) -> Update<Workspace, WorkspaceAction> {
        switch action {
        case .editor(let action):
            return .child(
                action, in: state, at: Lens(\.editor), as: WorkspaceAction.editor,
                environment: (), update: Editor.update)
        }
    }
}

@MainActor
@Suite struct StateBindingTests {
    @Test func readingABindingReadsTheState() {
        let store = Store(state: Editor(title: "Notes"), environment: (), update: Editor.update)
        let title = store.stateBinding(at: \.title, as: EditorAction.titleChanged)
        #expect(title.value == "Notes")
    }

    @Test func writingABindingSendsTheTaggedActionThroughTheUpdate() {
        var sent: [EditorAction] = []
        let store = Store(
            state: Editor(), environment: (),
            update: { state, environment, action in
                sent.append(action)
                return Editor.update(state: state, environment: environment, action: action)
            })
        let title = store.stateBinding(at: \.title, as: EditorAction.titleChanged)
        title.value = "  Groceries "
        #expect(sent == [.titleChanged("  Groceries ")])
        // What the binding reads back is what the update made of the write.
        #expect(title.value == "Groceries")
        #expect(store.state.title == "Groceries")
    }

    @Test func aWriteRunsTheActionsEffects() {
        let store = Store(state: Editor(), environment: (), update: Editor.update)
        let pinned = store.stateBinding(at: Lens(\Editor.isPinned), as: EditorAction.pinnedChanged)
        pinned.value = true
        #expect(store.state.isPinned)
        #expect(store.state.saves == 1)
    }

    @Test func readingABindingRegistersAnObservation() {
        let store = Store(state: Editor(), environment: (), update: Editor.update)
        let title = store.stateBinding(at: \.title, as: EditorAction.titleChanged)
        let fired = Fired()
        withObservationTracking {
            _ = title.value
        } onChange: {
            fired.fire()
        }
        store.send(.titleChanged("Notes"))
        #expect(fired.value == 1)
    }

    @Test func aScopedStoreBindingWritesThroughTheRoot() {
        let store = Store(state: Workspace(), environment: (), update: Workspace.update)
        let editor = store.scope(at: Lens(\Workspace.editor), as: WorkspaceAction.editor)
        let title = editor.stateBinding(at: \.title, as: EditorAction.titleChanged)
        title.value = "Plan "
        #expect(store.state.editor.title == "Plan")
        #expect(title.value == "Plan")
        let pinned = editor.stateBinding(at: Lens(\Editor.isPinned), as: EditorAction.pinnedChanged)
        pinned.value = true
        #expect(store.state.editor.isPinned)
    }

    @Test func aKeyPathBindingObservesItsValueAlone() {
        let store = Store(state: Editor(), environment: (), update: Editor.update)
        let title = store.stateBinding(at: \.title, as: EditorAction.titleChanged)
        let told = Fired()
        withObservationTracking {
            _ = title.value
        } onChange: {
            told.fire()
        }
        store.send(.save)  // another field
        #expect(told.value == 0)
        title.value = "  Notes "
        #expect(told.value == 1)
        #expect(title.value == "Notes")

        let workspace = Store(state: Workspace(), environment: (), update: Workspace.update)
        let editor = workspace.scope(at: Lens(\Workspace.editor), as: WorkspaceAction.editor)
        let pinned = editor.stateBinding(at: \.isPinned, as: EditorAction.pinnedChanged)
        let pinnedTold = Fired()
        withObservationTracking {
            _ = pinned.value
        } onChange: {
            pinnedTold.fire()
        }
        editor.send(.titleChanged("x"))
        #expect(pinnedTold.value == 0)
        pinned.value = true
        #expect(pinnedTold.value == 1)
    }
}
