#if canImport(SwiftUI)
    import ContactsCore
    import Substate
    import SubstateUI
    import SwiftUI

    /// The contacts app in SwiftUI: the list at the root of a navigation stack bound to the
    /// program's `ScreenStack`, a contact's screen with its edit sheet and delete alert, and a
    /// list of a contact's colleagues.
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
                .navigationTitle("Contacts")
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
            } else if let colleagues = store.scope(
                at: .case(ContactScreen.colleagues, extract: \.colleagues),
                as: ContactScreen.Action.colleagues)
            {
                ColleaguesView(store: colleagues)
            }
        }
    }

    /// A contact's screen, with its edit sheet and its delete alert.
    struct DetailView: View {
        let store: ScopedStore<ContactDetail, ContactDetail.Action>

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text(store.contact.email)
                HStack {
                    Button("Colleagues") { store.send(.colleaguesTapped) }
                    Button("Delete", role: .destructive) { store.send(.deleteTapped) }
                }
            }
            .navigationTitle(store.contact.name)
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("Edit") { store.send(.editTapped) }
                }
            }
            .sheet(store, at: \.editor, as: ContactDetail.Action.editor) { editor in
                NavigationStack { EditorView(store: editor) }
            }
            .alert(store, at: \.alert, as: ContactDetail.Action.alert)
        }
    }

    /// The edit sheet: a form, saved from its toolbar.
    struct EditorView: View {
        let store: ScopedStore<ContactEditor, ContactEditor.Action>

        var body: some View {
            Form {
                Section("Name") {
                    TextField(
                        "Name",
                        text: store.binding(at: \.draft.name, as: ContactEditor.Action.setName))
                }
                Section("E-mail") {
                    TextField(
                        "E-mail",
                        text: store.binding(at: \.draft.email, as: ContactEditor.Action.setEmail))
                }
            }
            .navigationTitle("Edit")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button(store.isSaving ? "Saving…" : "Save") { store.send(.saveTapped) }
                }
            }
        }
    }

    /// A contact's colleagues, each pushing their screen when tapped.
    struct ColleaguesView: View {
        let store: ScopedStore<Colleagues, Colleagues.Action>

        var body: some View {
            List(store.state.people) { person in
                Button(person.name) { store.send(.open(person.id)) }
            }
            .navigationTitle("\(store.name)'s colleagues")
        }
    }
#endif
