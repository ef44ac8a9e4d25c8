import Substate

/// A mailbox with thousands of messages: the sample of a long list whose every row is a view
/// with its own scoped store.
///
/// The messages live in a ``KeyedArray``, so that after an action the store compares only the
/// row scopes of the messages that changed, and a list view reads their ids in O(1).
public struct Inbox: Program, Equatable, Sendable {
    /// The messages, in the order the list shows them.
    public var messages: KeyedArray<Message>
    /// Whether the list is sorted newest first.
    public var newestFirst = false

    /// An inbox of `count` messages, numbered from 0, oldest first.
    public init(count: Int) {
        messages = KeyedArray(
            uniqueElements: (0..<count).map {
                Message(id: $0, subject: "Message \($0)", receivedAt: $0)
            })
    }

    /// What can happen to the inbox.
    public enum Action: Equatable, Sendable {
        /// An action of one message's row.
        case message(id: Message.ID, Message.Action)
        /// Removes a message.
        case archive(id: Message.ID)
        /// Marks every message read.
        case markAllRead
        /// Newest first, or oldest first.
        case sort(newestFirst: Bool)
    }

    /// The inbox's update function.
    public static func update(
        state: consuming Inbox, environment: Void, action: Action
    ) -> Update<Inbox, Action> {
        switch action {
        case .message(let id, let action):
            return .child(action, in: state, at: \.messages, id: id, as: Action.message)
        case .archive(let id):
            state.messages.remove(id: id)
        case .markAllRead:
            for index in state.messages.indices where !state.messages[index].isRead {
                state.messages[index].isRead = true
            }
        case .sort(let newestFirst):
            state.newestFirst = newestFirst
            state.messages.sort {
                newestFirst ? $0.receivedAt > $1.receivedAt : $0.receivedAt < $1.receivedAt
            }
        }
        return Update(state: state)
    }
}

/// One message: the state of a row.
public struct Message: Program, Equatable, Identifiable, Sendable {
    /// The message's number.
    public var id: Int
    /// Its subject line.
    public var subject: String
    /// When it arrived, as a number that grows with time.
    public var receivedAt: Int
    /// Whether it was opened.
    public var isRead = false
    /// Whether it is starred.
    public var isStarred = false

    /// An unread, unstarred message.
    public init(id: Int, subject: String, receivedAt: Int) {
        self.id = id
        self.subject = subject
        self.receivedAt = receivedAt
    }

    /// What a row can do to its message.
    public enum Action: Equatable, Sendable {
        /// Opening marks it read.
        case open
        /// Stars or unstars it.
        case toggleStar
        /// Changes its subject.
        case rename(String)
    }

    /// A message's update function.
    public static func update(
        state: consuming Message, environment: Void, action: Action
    ) -> Update<Message, Action> {
        switch action {
        case .open: state.isRead = true
        case .toggleStar: state.isStarred.toggle()
        case .rename(let subject): state.subject = subject
        }
        return Update(state: state)
    }
}
