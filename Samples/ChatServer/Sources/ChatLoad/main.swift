import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Synchronization

// The chat server's load test: many WebSocket connections at once, each joining and
// saying a number of messages, each message timed until the server's answer that the
// room counted it. Then the bad messages: invalid JSON, an unknown action, a 10 MB frame.
//
//     chat-load [--port 8080] [--connections 1000] [--actions 100] [--skip-bad-messages]
//     chat-load [--port 8080] --slow-reader 40000
//
// `--skip-bad-messages` runs the conversations alone (to measure the server without them).
// `--slow-reader N` runs one connection instead that joins, says N messages of 4 KB and never reads
// what the server sends back (a client that stopped reading its socket), then closes; the
// server must keep bounded memory meanwhile (loadtest.sh reads its peak).
//
// Prints one line of figures that loadtest.sh reads, `LOAD key=value ...`, and exits with
// status 1 when an answer is missing or wrong.

let usage = """
    usage: chat-load [--port N] [--connections N] [--actions N] [--skip-bad-messages]
           chat-load [--port N] --slow-reader N
    (N: positive numbers)
    """
var options = ["--port": 8080, "--connections": 1000, "--actions": 100, "--slow-reader": 0]
var skipBadMessages = false
do {
    var rest = CommandLine.arguments.dropFirst()
    while let argument = rest.popFirst() {
        if argument == "--skip-bad-messages" {
            skipBadMessages = true
            continue
        }
        guard options[argument] != nil, let value = rest.popFirst().flatMap({ Int($0) }),
            value > 0
        else {
            FileHandle.standardError.write(
                Data("chat-load: bad argument \(argument)\n\(usage)\n".utf8))
            exit(2)
        }
        options[argument] = value
    }
}
let port = options["--port"]!
let connectionCount = options["--connections"]!
let actionCount = options["--actions"]!
let url = "ws://127.0.0.1:\(port)/chat"
var logger = Logger(label: "chat-load")
logger.logLevel = .error

struct Answer: Decodable {
    struct State: Decodable {
        var name: String?
        var said: Int
        var acknowledged: Int
    }
    var state: State?
    var error: String?
}

func decode(_ text: String) -> Answer? {
    try? JSONDecoder().decode(Answer.self, from: Data(text.utf8))
}

/// Latencies in nanoseconds, from every connection.
let latencies = Mutex<[Int64]>([])
let failures = Mutex<[String]>([])
let clock = ContinuousClock()

/// One connection: join, then say `actionCount` messages, one at a time, each timed until
/// the state that counts it as acknowledged arrives.
func converse(_ index: Int) async {
    do {
        try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            try await outbound.write(.text(#"{"action":"join","name":"user\#(index)"}"#))
            var mine: [Int64] = []
            mine.reserveCapacity(actionCount)
            for number in 1...actionCount {
                let start = clock.now
                try await outbound.write(.text(#"{"action":"say","text":"message \#(number)"}"#))
                while true {
                    guard let message = try await messages.next() else {
                        throw LoadError("connection \(index) closed at message \(number)")
                    }
                    guard case .text(let text) = message, let answer = decode(text),
                        let state = answer.state
                    else { throw LoadError("connection \(index): unexpected answer") }
                    if state.acknowledged == number { break }
                }
                let elapsed = start.duration(to: clock.now)
                mine.append(
                    elapsed.components.seconds * 1_000_000_000
                        + elapsed.components.attoseconds / 1_000_000_000)
            }
            latencies.withLock { $0 += mine }
            try await outbound.close(.normalClosure, reason: nil)
        }
    } catch {
        failures.withLock { $0.append("\(error)") }
    }
}

struct LoadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A connection that sends frames the server must refuse, and reports what came back: the
/// error frames it read, and the close frame's status; "no close" if the server has not
/// closed the connection within 10 seconds.
func refused(_ name: String, _ frames: [WebSocketOutboundWriter.OutboundFrame]) async -> String {
    await withTaskGroup(of: String.self) { group in
        group.addTask {
            do {
                let errors = Mutex<[String]>([])
                let close = try await WebSocketClient.connect(url: url, logger: logger) {
                    inbound, outbound, _ in
                    for frame in frames { try await outbound.write(frame) }
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        if case .text(let text) = message, let error = decode(text)?.error {
                            errors.withLock { $0.append(error) }
                        }
                    }
                }
                let errorFrames = errors.withLock { $0 }
                return "\(name): \(errorFrames.count) error frames, close frame "
                    + (close.map { "\($0.closeCode)" } ?? "none")
            } catch {
                return "\(name): failed: \(error)"
            }
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(10))
            return "\(name): no close within 10 s"
        }
        let first = await group.next() ?? "\(name): no answer"
        group.cancelAll()
        return first
    }
}

/// A frame of a message in several frames.
func fragment(_ opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool)
    -> WebSocketOutboundWriter.OutboundFrame
{
    .custom(WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(bytes: bytes)))
}

/// A connection that sends one bad message and expects an error frame for it (or, for a
/// frame over the server's limit, a close frame with status 1009, "message too big").
func badMessage(_ name: String, _ text: String, expectClose: Bool) async -> String {
    do {
        var configuration = WebSocketClientConfiguration()
        configuration.maxFrameSize = 16 << 20
        let answer = Mutex("no answer")
        let close = try await WebSocketClient.connect(
            url: url, configuration: configuration, logger: logger
        ) { inbound, outbound, _ in
            try await outbound.write(.text(text))
            for try await message in inbound.messages(maxSize: 1 << 20) {
                if case .text(let text) = message, let error = decode(text)?.error {
                    answer.withLock { $0 = "error frame: \(error)" }
                    break
                }
            }
        }
        if expectClose, let close {
            return "\(name): close frame \(close.closeCode)"
        }
        return "\(name): \(answer.withLock { $0 })"
    } catch {
        return "\(name): failed: \(error)"
    }
}

/// One connection that says `count` messages of 4 KB and never reads an answer.
func slowReader(_ count: Int) async {
    do {
        try await WebSocketClient.connect(url: url, logger: logger) { _, outbound, _ in
            try await outbound.write(.text(#"{"action":"join","name":"slow"}"#))
            // 4 KB a message: each state the server would keep for this client holds one.
            let padding = String(repeating: "x", count: 4_000)
            for number in 1...count {
                try await outbound.write(
                    .text(#"{"action":"say","text":"message \#(number) \#(padding)"}"#))
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
    } catch {
        failures.withLock { $0.append("\(error)") }
    }
}

if let count = options["--slow-reader"], count > 0 {
    await slowReader(count)
    let failed = failures.withLock { $0 }
    print("SLOW messages=\(count) failed=\(failed.count)")
    for failure in failed.prefix(5) { print("FAILED \(failure)") }
    exit(failed.isEmpty ? 0 : 1)
}

let started = clock.now
await withTaskGroup(of: Void.self) { group in
    for index in 0..<connectionCount {
        group.addTask { await converse(index) }
    }
}
let elapsed = started.duration(to: clock.now)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

let sorted = latencies.withLock { $0 }.sorted()
func percentile(_ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
    return Double(sorted[max(0, index)]) / 1e6
}
let failed = failures.withLock { $0 }
let answered = sorted.count
let throughput = Double(answered) / seconds

var bad: [String] = []
if !skipBadMessages {
    bad.append(await badMessage("invalid JSON", "{not json", expectClose: false))
    bad.append(await badMessage("unknown action", #"{"action":"fly"}"#, expectClose: false))
    bad.append(
        await badMessage(
            "10 MB frame", String(repeating: "x", count: 10 << 20), expectClose: true))
    // 20 KB in two frames of 10 KB, each under the frame limit: the message is over it.
    let half = Array(repeating: UInt8(ascii: "x"), count: 10_000)
    bad.append(
        await refused(
            "fragmented 20 KB",
            [fragment(.text, half, fin: false), fragment(.continuation, half, fin: true)]))
    bad.append(
        await refused("invalid UTF-8", [fragment(.text, [0x7B, 0xC3, 0x28, 0x7D], fin: true)]))
    // The answer to a bad message arrives before the close that a later one causes.
    bad.append(
        await refused(
            "error then 20 KB",
            [
                .text("{not json"), fragment(.text, half, fin: false),
                fragment(.continuation, half, fin: true),
            ]))
}
for line in bad { print("BAD \(line)") }
// After the bad messages, a normal conversation still works.
latencies.withLock { $0 = [] }
await converse(connectionCount)
let afterwards = latencies.withLock { $0.count } == actionCount

print(
    String(
        format: "LOAD connections=%d actions=%d answered=%d failed=%d seconds=%.2f "
            + "actionsPerSecond=%.0f p50ms=%.2f p90ms=%.2f p99ms=%.2f maxms=%.2f afterBad=%@",
        connectionCount, actionCount, answered, failed.count, seconds, throughput,
        percentile(0.5), percentile(0.9), percentile(0.99), percentile(1.0),
        afterwards ? "ok" : "FAILED"))
for failure in failed.prefix(5) { print("FAILED \(failure)") }
func closedTooLarge(_ line: String) -> Bool {
    line.contains("1009") || line.contains("messageTooLarge")
}
let badOK =
    skipBadMessages
    || (bad[0].contains("error frame") && bad[1].contains("error frame")
        && closedTooLarge(bad[2])
        && bad[3].contains("0 error frames") && closedTooLarge(bad[3])
        && bad[4].contains("0 error frames")
        && (bad[4].contains("1007") || bad[4].contains("dataInconsistentWithMessage"))
        && bad[5].contains("1 error frames") && closedTooLarge(bad[5]))
if !failed.isEmpty || answered != connectionCount * actionCount || !afterwards || !badOK {
    exit(1)
}
