import Substate
import TestSupport

/// A small program for tests: a log of what happened, and actions that exercise effects.
struct Log: Equatable, Sendable {
    var entries: [String] = []
    var count = 0
}

enum LogAction: Equatable, Sendable {
    case append(String)
    case increment
    case echo([String])
    case chain(depth: Int)
    case sendThenEcho(String)
    case failing(String)
    case failingCaught(String)
    case waitForCancellation(Signal)
    case silentEffect
}

struct Failure: Error, Equatable {
    var message: String
}

extension Log {
    static func update(
        state: consuming Log, environment: Void, action: LogAction
    ) -> Update<Log, LogAction> {
        switch action {
        case .append(let entry):
            state.entries.append(entry)
            return Update(state: state)
        case .increment:
            state.count += 1
            return Update(state: state)
        case .echo(let entries):
            return Update(
                state: state,
                effect: .run { send in
                    for entry in entries { await send(.append(entry)) }
                }
            )
        case .chain(let depth):
            state.entries.append("chain \(depth)")
            guard depth > 0 else { return Update(state: state) }
            return Update(
                state: state,
                effect: .run { send in await send(.chain(depth: depth - 1)) }
            )
        case .sendThenEcho(let entry):
            return Update(
                state: state,
                effect: .merge(
                    .send(.append("sync " + entry)),
                    .run { send in
                        await send(.append("async " + entry))
                    })
            )
        case .failing(let message):
            return Update(
                state: state,
                effect: .run { _ in throw Failure(message: message) }
            )
        case .failingCaught(let message):
            return Update(
                state: state,
                effect: .run { _ in
                    throw Failure(message: message)
                } catch: { error, send in
                    await send(.append("caught \((error as? Failure)?.message ?? "?")"))
                }
            )
        case .waitForCancellation(let signal):
            return Update(
                state: state,
                effect: .run { send in
                    await withTaskCancellationHandler {
                        let never = AsyncStream<Void> { _ in }
                        for await _ in never {}
                    } onCancel: {
                        signal.fire()
                    }
                    await send(.append("after cancellation"))
                }
            )
        case .silentEffect:
            return Update(state: state, effect: .run { _ in })
        }
    }
}

@MainActor
func makeLogStore(_ log: Log = Log()) -> Store<Log, LogAction, Void> {
    Store(state: log, environment: (), update: Log.update)
}
