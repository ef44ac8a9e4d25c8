import ChatCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Substate

// A chat server: every WebSocket connection runs its own `Session` program on an
// `ActorStore`, and all of them share one `Room` store. Clients send JSON actions and get
// every state of their session back as JSON; bad messages get an error frame.
//
//     swift run -c release chat-server [--port 8080] [--ping-seconds 30]
//
// `--ping-seconds` sets how often the server pings each client (the WebSocket library's
// auto-ping). A cancelled sleep of the runtime keeps its timer until the time it was set
// for, so a closed connection's ping timer holds its memory up to that long: the load test
// pings every 2 seconds, to measure memory soon after connections close.

let usage = """
    usage: chat-server [--port N] [--ping-seconds N]
    (port from 1 to 65535, 8080 by default; ping period in seconds, 30 by default)
    """
var port = 8080
var pingSeconds = 30
do {
    var rest = CommandLine.arguments.dropFirst()
    while let argument = rest.popFirst() {
        let value = rest.popFirst().flatMap { Int($0) }
        switch (argument, value) {
        case ("--port", .some(let value)) where (1...65535).contains(value): port = value
        case ("--ping-seconds", .some(let value)) where value > 0: pingSeconds = value
        default:
            FileHandle.standardError.write(
                Data("chat-server: bad argument \(argument)\n\(usage)\n".utf8))
            exit(2)
        }
    }
}

let room = ActorStore(state: Room(), environment: (), program: Room.self)
let stats = ServerStats()
/// The largest message a client may send; a larger one closes its connection with the
/// WebSocket status "message too big" (1009), as does a frame over `maxFrameSize`, and a
/// message in several frames that comes to more. A text message that is not UTF-8 closes it
/// with "invalid frame payload data" (1007).
let maxMessageSize = 16 * 1024

let router = Router()
router.get("/stats") { _, _ in stats.json() }

/// One connection: its own `Session` store, from the upgrade until the connection closes.
@Sendable func chat(
    inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
    context: HTTP1WebSocketUpgradeChannel.Context
) async throws {
    let token = stats.sessionStarted()
    let session = ActorStore(
        state: Session(),
        environment: Session.Environment(
            join: { await room.send(.joined) },
            post: {
                await room.send(.posted)
                return await room.state.messages
            },
            leave: {
                _ = token; await room.send(.left)
            }),
        program: Session.self)
    // Subscribed before the first action, so that no state is missed; a client that reads
    // more slowly than its session changes gets the newest state (see `states`).
    let states = session.states
    let writer = Task {
        for await state in states {
            try? await outbound.write(.text(ClientMessage.frame(state)))
        }
    }
    var failure: (any Error)?
    do {
        for try await message in inbound.messages(maxSize: maxMessageSize) {
            guard case .text(let text) = message else {
                stats.messageRejected()
                try await outbound.write(
                    .text(ClientMessage.error("binary messages are not actions")))
                continue
            }
            switch ClientMessage.action(from: text) {
            case .success(let action):
                await session.send(action)
            case .failure(let rejection):
                stats.messageRejected()
                try await outbound.write(.text(ClientMessage.error(rejection.description)))
            }
        }
    } catch {
        // The connection closed under us, or sent what WebSocket refuses (a message over the
        // limit, text that is not UTF-8): either way this session ends, and the error goes
        // back to the library below, which closes with its status (1009, 1007).
        failure = error
    }
    // A connection that closes leaves the room, ends its effects and frees its store.
    if await session.state.name != nil { await session.send(.leave) }
    await session.finishEffects()
    await session.tearDown()
    await writer.value
    if let failure { throw failure }
}

// The upgrade is decided from the request's path, not through a router: an upgrade through
// Hummingbird's WebSocket router (`router.ws`) keeps every connection's request context for
// good (the context holds a box that holds the context), about 0.7 KB per connection.
let app = Application(
    router: router,
    server: .http1WebSocketUpgrade(
        configuration: .init(
            ws: .init(
                maxFrameSize: maxMessageSize, autoPing: .enabled(timePeriod: .seconds(pingSeconds)),
                validateUTF8: true)
        )
    ) { request, _, _ in
        request.path?.split(separator: "?").first == "/chat" ? .upgrade([:], chat) : .dontUpgrade
    },
    configuration: .init(address: .hostname("127.0.0.1", port: port), backlog: 4096)
)
print("chat-server listening on 127.0.0.1:\(port)")
try await app.runService()
