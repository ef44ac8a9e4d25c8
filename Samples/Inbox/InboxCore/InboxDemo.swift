import Observation
import Substate

/// Runs the inbox the way a list view runs it, without a screen: a "list view" that reads the
/// message ids, and one "row view" per message that reads its row through its own scoped
/// store. Every view counts how often it was told to render again.
@MainActor
public final class InboxDemo {
    /// The inbox's store.
    public let store: StoreOf<Inbox>
    /// Each message's row store, as its row view holds it.
    public private(set) var rows: [Message.ID: ScopedStoreOf<Message>] = [:]
    /// Renders since the last ``take()``: of the list, and of each row.
    private var listRenders = 0
    private var rowRenders: [Message.ID: Int] = [:]

    /// An inbox of `count` messages, with its list view and a row view per message.
    public init(count: Int) {
        store = Store(state: Inbox(count: count), program: Inbox.self)
        renderList()
        for id in store[\.messages.ids] { makeRow(id) }
        _ = take()
    }

    /// What was rendered again since the last call.
    public struct Renders: Equatable, Sendable {
        /// Whether the list view was.
        public var list: Bool
        /// The messages whose row views were, in increasing order.
        public var rows: [Message.ID]

        /// What rendered again: whether the list did, and which rows.
        public init(list: Bool, rows: [Message.ID]) {
            self.list = list
            self.rows = rows
        }
    }

    /// Sends an action, and returns what rendered again because of it.
    public func send(_ action: Inbox.Action) -> Renders {
        store.send(action)
        return take()
    }

    /// Sends an action to one row's store, as its row view would.
    public func send(_ action: Message.Action, toRow id: Message.ID) -> Renders {
        rows[id]?.send(action)
        return take()
    }

    private func take() -> Renders {
        defer {
            listRenders = 0
            rowRenders = [:]
        }
        return Renders(list: listRenders > 0, rows: rowRenders.keys.sorted())
    }

    /// The list view's body: reads the ids, and makes rows for ids it has not seen.
    private func renderList() {
        let ids = withObservationTracking {
            store[\.messages.ids]
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.listRenders += 1
                self.renderList()
            }
        }
        let shown = Set(ids)
        rows = rows.filter { shown.contains($0.key) }
    }

    private func makeRow(_ id: Message.ID) {
        guard let row = store.scope(at: \.messages, id: id, as: Inbox.Action.message) else {
            return
        }
        rows[id] = row
        renderRow(row, id)
    }

    /// A row view's body: reads the fields it shows.
    private func renderRow(_ row: ScopedStoreOf<Message>, _ id: Message.ID) {
        withObservationTracking {
            _ = (row.subject, row.isRead, row.isStarred)
        } onChange: { [weak self, weak row] in
            MainActor.assumeIsolated {
                guard let self, let row else { return }
                self.rowRenders[id, default: 0] += 1
                self.renderRow(row, id)
            }
        }
    }
}
