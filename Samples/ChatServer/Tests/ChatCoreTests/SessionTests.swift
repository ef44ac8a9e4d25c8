import ChatCore
import Substate
import SubstateTesting
import Synchronization
import Testing

/// The connection's program, tested through the store the server runs it in (an
/// `ActorStore`, whose store is an `IsolatedStore`).
@MainActor
@Suite struct SessionTests {
    /// What the session told the room.
    final class RoomCalls: Sendable {
        let calls = Mutex<[String]>([])
        var all: [String] { calls.withLock { $0 } }

        func environment(roomMessages: Int) -> Session.Environment {
            Session.Environment(
                join: { self.calls.withLock { $0.append("join") } },
                post: {
                    self.calls.withLock { $0.append("post") }
                    return roomMessages
                },
                leave: { self.calls.withLock { $0.append("leave") } })
        }
    }

    @Test func aSessionJoinsSaysIsAcknowledgedAndLeaves() {
        let room = RoomCalls()
        let store = TestStore(
            state: Session(), environment: room.environment(roomMessages: 7),
            program: Session.self, testing: .isolatedStore)
        store.send(.join(name: "ada")) { $0.name = "ada" }
        store.send(.say(text: "hello")) {
            $0.said = 1
            $0.lastText = "hello"
        }
        store.receive(.acknowledged(roomMessages: 7)) {
            $0.acknowledged = 1
            $0.roomMessages = 7
        }
        store.send(.leave) { $0.name = nil }
        #expect(room.all == ["join", "post", "leave"])
    }

    @Test func aSessionThatHasNotJoinedSaysNothingAndCannotJoinTwice() {
        let room = RoomCalls()
        let store = TestStore(
            state: Session(), environment: room.environment(roomMessages: 1),
            program: Session.self, testing: .isolatedStore)
        store.send(.say(text: "too early"))
        store.send(.leave)
        store.send(.join(name: "ada")) { $0.name = "ada" }
        store.send(.join(name: "bob"))
        #expect(room.all == ["join"])
    }

    @Test func theRoomCountsMembersAndMessages() {
        let store = TestStore(state: Room(), program: Room.self, testing: .isolatedStore)
        store.send(.joined) { $0.members = 1 }
        store.send(.posted) { $0.messages = 1 }
        store.send(.left) { $0.members = 0 }
    }

    @Test func aClientMessageIsAnActionOrARejection() throws {
        func rejection(_ text: String) -> String? {
            guard case .failure(let rejection) = ClientMessage.action(from: text) else {
                return nil
            }
            return rejection.description
        }
        #expect(
            try ClientMessage.action(from: #"{"action":"say","text":"hi"}"#).get()
                == .say(text: "hi"))
        #expect(rejection("not json") == #"invalid JSON: expected an object with an "action""#)
        #expect(rejection(#"{"action":"dance"}"#) == #"unknown action "dance""#)
        #expect(rejection(#"{"action":"join"}"#) == #"join needs a "name""#)
    }
}
