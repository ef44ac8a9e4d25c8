import Substate

/// One connection's program: who it is, what it said, and what the room acknowledged.
/// Every connection runs its own store of it, on an actor of its own.
public struct Session: Program, Equatable, Sendable, Codable {
    /// The name the connection joined with; `nil` until it joins.
    public var name: String?
    /// How many messages the connection said.
    public var said = 0
    /// How many of them the room counted (an effect tells).
    public var acknowledged = 0
    /// The room's message count after the last acknowledged message.
    public var roomMessages = 0
    /// The last thing this connection said.
    public var lastText: String?

    /// Creates a session that has not joined.
    public init() {}

    /// What a client sends, and what the session's effects report.
    public enum Action: Sendable, Equatable {
        case join(name: String)
        case say(text: String)
        case acknowledged(roomMessages: Int)
        case leave
    }

    /// What a session needs from the server: the room.
    public struct Environment: Sendable {
        /// Tells the room a member joined.
        public var join: @Sendable () async -> Void
        /// Tells the room a message was said; returns the room's message count after it.
        public var post: @Sendable () async -> Int
        /// Tells the room a member left.
        public var leave: @Sendable () async -> Void

        /// An environment from its three operations.
        public init(
            join: @escaping @Sendable () async -> Void,
            post: @escaping @Sendable () async -> Int,
            leave: @escaping @Sendable () async -> Void
        ) {
            self.join = join
            self.post = post
            self.leave = leave
        }
    }

    /// The session's update.
    public static func update(state: consuming Session, environment: Environment, action: Action)
        -> Update<Session, Action>
    {
        switch action {
        case .join(let name):
            guard state.name == nil else { return Update(state: state) }
            state.name = name
            return Update(state: state, effect: .run { _ in await environment.join() })
        case .say(let text):
            guard state.name != nil else { return Update(state: state) }
            state.said += 1
            state.lastText = text
            return Update(
                state: state,
                effect: .run { send in
                    await send(.acknowledged(roomMessages: await environment.post()))
                })
        case .acknowledged(let roomMessages):
            state.acknowledged += 1
            state.roomMessages = roomMessages
            return Update(state: state)
        case .leave:
            guard state.name != nil else { return Update(state: state) }
            state.name = nil
            return Update(state: state, effect: .run { _ in await environment.leave() })
        }
    }
}
