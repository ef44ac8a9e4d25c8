import Substate
import TestSupport
import Testing

@Suite struct UpdateTests {
    @Test func stateOnlyUpdateHasNoEffect() {
        let update = Update<Log, LogAction>(state: Log(count: 3))
        #expect(update.state.count == 3)
        #expect(update.effect.isNone)
    }

    @Test func stateAndEffectUpdateKeepsBoth() async throws {
        let update = Update<Log, LogAction>(state: Log(), effect: .send(.increment))
        #expect(!update.effect.isNone)
        #expect(try await collect(update.effect) == [.increment])
    }

    @Test func mergingAddsAnEffectNextToTheExistingOne() async throws {
        let update = Update<Log, LogAction>(state: Log(), effect: .send(.increment))
            .merging(.send(.append("x")))
        let actions = try await collect(update.effect)
        #expect(actions.count == 2)
        #expect(actions.contains(.increment) && actions.contains(.append("x")))
    }

    @Test func applyingRunsActionsInOrderAndMergesEffects() async throws {
        let update = Update.applying(
            [.append("a"), .echo(["e"]), .append("b"), .increment],
            to: Log(), environment: (), update: Log.update
        )
        #expect(update.state.entries == ["a", "b"])
        #expect(update.state.count == 1)
        #expect(try await collect(update.effect) == [.append("e")])
    }

    @Test func applyingNoActionsKeepsTheState() {
        let update = Update.applying(
            [], to: Log(entries: ["x"]), environment: (), update: Log.update
        )
        #expect(update.state.entries == ["x"])
        #expect(update.effect.isNone)
    }

    @Test @MainActor func aStoreAndTheFoldAgreeWithAModelWrittenApart() {
        // The same random actions through a store (which moves its state through the update)
        // and folded with `Update.applying` give the state that a model written without the
        // update function predicts: entries in the order appended, one count per increment.
        var generator = SplitMix(seed: 42)
        var expected = Log()
        let actions: [LogAction] = (0..<500).map { _ in
            switch generator.next() % 3 {
            case 0:
                expected.count += 1
                return .increment
            case 1:
                let entry = String(generator.next() % 100)
                expected.entries.append(entry)
                return .append(entry)
            default:
                expected.entries.append("chain 0")
                return .chain(depth: 0)
            }
        }
        let store = makeLogStore()
        for action in actions { store.send(action) }
        let folded = Update.applying(actions, to: Log(), environment: (), update: Log.update)
        #expect(store.state == expected)
        #expect(folded.state == expected)
        #expect(folded.effect.isNone)
    }

    @Test func aPlainStateParameterConvertsToTheStoreSignature() {
        func update(state: Log, environment: Void, action: LogAction) -> Update<Log, LogAction> {
            var state = state
            state.count += 1
            return Update(state: state)
        }
        let function: Store<Log, LogAction, Void>.UpdateFunction = update
        #expect(function(Log(), (), .increment).state.count == 1)
    }

    @Test func anUpdateStoresItsStateAndItsEffectAndNothingElse() {
        // Release builds move the state out of an `Update` through the addresses of these two
        // stored properties, and then move the effect out: a third stored property would be
        // leaked, and a computed `state` or `effect` would not be moved at all.
        let update = Update<Log, LogAction>(state: Log(count: 1), effect: .send(.increment))
        #expect(Mirror(reflecting: update).children.map(\.label) == ["state", "effect"])
        #expect(MemoryLayout<Update<Log, LogAction>>.offset(of: \.state) != nil)
        #expect(MemoryLayout<Update<Log, LogAction>>.offset(of: \.effect) != nil)
    }

    @Test @MainActor func aStoreMovesItsStateWithoutLeakingOrOverReleasingIt() async {
        // Exercised in release builds too (CI runs the suite with `-c release`, and under the
        // address sanitizer), where the store moves states out of updates by address.
        weak var first: Held?
        weak var second: Held?
        do {
            let store = Store(state: Holding(), environment: (), update: Holding.update)
            store.send(.hold)
            first = store.state.held
            #expect(first != nil)
            for _ in 0..<100 { store.send(.touch) }
            store.send(.hold)
            second = store.state.held
            // The state moved through 102 updates: the replaced object went with its last
            // reference, and the current one is still there.
            #expect(first == nil)
            #expect(second != nil)
            #expect(store.state.touches == 100)
        }
        #expect(second == nil)
    }
}

/// All the actions of an effect, iterated outside a store.
func collect(_ effect: Effect<LogAction>) async throws -> [LogAction] {
    var actions: [LogAction] = []
    for try await action in effect {
        actions.append(action)
    }
    return actions
}

/// An object a state holds, to see that moving the state neither keeps nor drops a reference.
final class Held: Sendable {}

/// A state with a reference in it, and a count beside it.
struct Holding: Equatable, Sendable {
    var held: Held?
    var touches = 0

    static func == (lhs: Holding, rhs: Holding) -> Bool {
        lhs.held === rhs.held && lhs.touches == rhs.touches
    }

    enum Action: Sendable {
        case hold, touch
    }

    static func update(state: consuming Holding, environment: Void, action: Action)
        -> Update<Holding, Action>
    {
        switch action {
        case .hold: state.held = Held()
        case .touch: state.touches += 1
        }
        return Update(state: state)
    }
}
