#if canImport(SwiftUI)
    import ContactsCore
    import Substate
    import SubstateUI
    import SwiftUI

    /// The contacts app in SwiftUI: the list at the root of a navigation stack bound to the
    /// program's `ScreenStack`, a sheet and an alert bound to each contact's screen.
    public struct ContactsView: View {
        let store: Store<ContactList, ContactList.Action, ContactsEnvironment>

        /// The app's view of a store.
        /// - Parameter store: The store.
        public init(store: Store<ContactList, ContactList.Action, ContactsEnvironment>) {
            self.store = store
        }

        /// The list at the root of the navigation stack, each screen pushed on it.
        public var body: some View {
            NavigationStack(store, at: \.path, as: ContactList.Action.path) {
                List(store[\.contacts.ids], id: \.self) { id in
                    Button(store.state.contacts[id: id]?.name ?? "") { store.send(.open(id)) }
                }
            } destination: { screen in
                ScreenView(store: screen)
            }
        }
    }

    /// A pushed screen: the view of the screen it is.
    struct ScreenView: View {
        let store: ScopedStore<ContactScreen, ContactScreen.Action>

        var body: some View {
            if let detail = store.scope(
                at: .case(ContactScreen.detail, extract: \.detail), as: ContactScreen.Action.detail)
            {
                DetailView(store: detail)
            }
        }
    }

    /// A contact's screen, with its edit sheet and its delete alert.
    struct DetailView: View {
        let store: ScopedStore<ContactDetail, ContactDetail.Action>

        var body: some View {
            Button("Edit \(store.contact.name)") { store.send(.editTapped) }
                .sheet(store, at: \.editor, as: ContactDetail.Action.editor) { editor in
                    EditorView(store: editor)
                }
                .alert(store, at: \.alert, as: ContactDetail.Action.alert)
        }
    }

    /// The edit sheet.
    struct EditorView: View {
        let store: ScopedStore<ContactEditor, ContactEditor.Action>

        var body: some View {
            TextField(
                "Name", text: store.binding(at: \.draft.name, as: ContactEditor.Action.setName))
        }
    }
#endif
