import Substate

/// The server-wide room: how many connections are in it and how many messages were said.
/// One store of it serves every connection.
public struct Room: Program, Equatable, Sendable {
    /// The connections that joined and did not leave.
    public var members = 0
    /// Every message said since the server started.
    public var messages = 0

    /// Creates an empty room.
    public init() {}

    /// What connections tell the room.
    public enum Action: Sendable, Equatable {
        case joined
        case left
        case posted
    }

    /// The room's update: counts.
    public static func update(state: consuming Room, environment: Void, action: Action)
        -> Update<Room, Action>
    {
        switch action {
        case .joined: state.members += 1
        case .left: state.members -= 1
        case .posted: state.messages += 1
        }
        return Update(state: state)
    }
}
