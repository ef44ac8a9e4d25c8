import Observation
import Substate

// The programs the benchmark runs through a `Store`, and the hand-written `@Observable`
// classes that are their baselines: the same state, mutated in place.

struct Counter: Equatable, Sendable, Encodable {
    var count = 0
}

enum CounterAction: Sendable, Encodable {
    case increment
    case stream(count: Int)
    case incrementLater
    /// Counts, and while `left` is positive starts an effect that sends `bounce(left - 1)`.
    case bounce(left: Int)
    case restart
    /// As `restart`, with an effect that waits on an `AsyncStream` rather than a sleep.
    case restartWaiting
}

extension Counter {
    static func update(
        state: consuming Counter, environment: Void, action: CounterAction
    ) -> Update<Counter, CounterAction> {
        switch action {
        case .increment:
            state.count += 1
            return Update(state: state)
        case .incrementLater:
            return Update(state: state, effect: .run { send in await send(.increment) })
        case .bounce(let left):
            state.count += 1
            guard left > 0 else { return Update(state: state) }
            return Update(
                state: state, effect: .run { send in await send(.bounce(left: left - 1)) })
        case .restart:
            return Update(
                state: state,
                effect: .run { send in
                    try await ContinuousClock().sleep(for: .seconds(3600))
                    await send(.increment)
                }
                .cancellable(id: "restart", cancelInFlight: true))
        case .restartWaiting:
            return Update(
                state: state,
                effect: .run { send in
                    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
                    for await _ in stream {}  // ends when the task is cancelled
                    continuation.finish()
                    try Task.checkCancellation()
                    await send(.increment)
                }
                .cancellable(id: "restart", cancelInFlight: true))
        case .stream(let count):
            return Update(
                state: state,
                effect: .run { send in
                    for _ in 0..<count {
                        await send(.increment)
                    }
                }
            )
        }
    }
}

@Observable
final class CounterModel {
    var count = 0
}

struct Item: Codable, Equatable, Sendable {
    var name: String
    var isDone: Bool
}

struct Checklist: Equatable, Sendable, Encodable {
    var items: [Item]

    init(count: Int) {
        items = (0..<count).map { Item(name: "Item \($0)", isDone: false) }
    }
}

enum ChecklistAction: Sendable, Encodable {
    case toggle(index: Int)
}

/// A `Program`, so that the store updates in place in debug builds too (see `Program`).
extension Checklist: Program {
    static func update(
        state: consuming Checklist, environment: Void, action: ChecklistAction
    ) -> Update<Checklist, ChecklistAction> {
        switch action {
        case .toggle(let index):
            state.items[index].isDone.toggle()
            return Update(state: state)
        }
    }
}

@Observable
final class ChecklistModel {
    var items: [Item]

    init(count: Int) {
        items = Checklist(count: count).items
    }
}
