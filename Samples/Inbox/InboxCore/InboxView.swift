#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    /// The inbox as a SwiftUI list: the list reads the ids, each row its own scoped store, so
    /// opening one message renders one row again, whatever the number of messages.
    public struct InboxView: View {
        let store: StoreOf<Inbox>

        /// The list of a store's messages.
        public init(store: StoreOf<Inbox>) {
            self.store = store
        }

        /// The list.
        public var body: some View {
            List {
                ForEach(store[\.messages.ids], id: \.self) { id in
                    if let row = store.scope(at: \.messages, id: id, as: Inbox.Action.message) {
                        MessageRow(store: row)
                            .swipeActions { Button("Archive") { store.send(.archive(id: id)) } }
                    }
                }
            }
        }
    }

    /// One message's row.
    struct MessageRow: View {
        let store: ScopedStoreOf<Message>

        var body: some View {
            HStack {
                Text(store.subject).fontWeight(store.isRead ? .regular : .bold)
                Spacer()
                Button(store.isStarred ? "★" : "☆") { store.send(.toggleStar) }
            }
            .contentShape(Rectangle())
            .onTapGesture { store.send(.open) }
        }
    }
#endif
