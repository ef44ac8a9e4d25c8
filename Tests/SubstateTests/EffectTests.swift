import Substate
import Testing

@Suite struct EffectTests {
    @Test func noneProducesNothing() async throws {
        #expect(try await collect(.none).isEmpty)
        #expect(Effect<LogAction>.none.isNone)
    }

    @Test func sendProducesItsActionsInOrder() async throws {
        #expect(try await collect(.send(.increment)) == [.increment])
        let many: Effect<LogAction> = .send(contentsOf: [.append("a"), .append("b")])
        #expect(try await collect(many) == [.append("a"), .append("b")])
        #expect(Effect<LogAction>.send(contentsOf: []).isNone)
    }

    @Test func runSendsAnyNumberOfActionsInOrder() async throws {
        let effect: Effect<LogAction> = .run { send in
            for index in 0..<100 { await send(.append(String(index))) }
        }
        #expect(try await collect(effect) == (0..<100).map { .append(String($0)) })
    }

    @Test func anAsyncSequenceBecomesAnEffect() async throws {
        let stream = AsyncStream<LogAction> { continuation in
            continuation.yield(.increment)
            continuation.yield(.append("z"))
            continuation.finish()
        }
        #expect(try await collect(Effect(stream)) == [.increment, .append("z")])
    }

    @Test func mergeRunsAllEffectsAndKeepsEachOnesOrder() async throws {
        let first: Effect<LogAction> = .run { send in
            for index in 0..<50 { await send(.append("a\(index)")) }
        }
        let second: Effect<LogAction> = .run { send in
            for index in 0..<50 { await send(.append("b\(index)")) }
        }
        let actions = try await collect(.merge(first, .none, second))
        #expect(actions.count == 100)
        let firsts = actions.filter {
            if case .append(let s) = $0 { s.hasPrefix("a") } else { false }
        }
        #expect(firsts == (0..<50).map { .append("a\($0)") })
    }

    @Test func mergeOfNothingIsNone() {
        #expect(Effect<LogAction>.merge(.none, .none).isNone)
        #expect(Effect<LogAction>.merge([]).isNone)
    }

    @Test func concatenateRunsEffectsOneAfterAnother() async throws {
        let slow: Effect<LogAction> = .run { send in
            for index in 0..<20 { await send(.append("first \(index)")) }
        }
        let effect = slow.concatenate(with: .send(.append("second")))
        let actions = try await collect(effect)
        #expect(actions.last == .append("second"))
        #expect(actions.count == 21)
        #expect(Effect<LogAction>.concatenate(.none, .none).isNone)
    }

    @Test func mapTransformsEveryKindOfEffect() async throws {
        let effect: Effect<Int> = .merge(
            .send(1),
            .run { send in await send(2) },
            .concatenate(.send(3), .run { send in await send(4) })
        )
        let mapped = effect.map { LogAction.append(String($0)) }
        let actions = try await collect(mapped)
        #expect(Set(actions.map { "\($0)" }).count == 4)
        #expect(actions.contains(.append("4")))
    }

    @Test func mapAppliesToTheCatchHandlerToo() async throws {
        let effect: Effect<Int> = .run { _ in
            throw Failure(message: "boom")
        } catch: { _, send in
            await send(7)
        }
        #expect(try await collect(effect.map { LogAction.append(String($0)) }) == [.append("7")])
    }

    @Test func anUncaughtErrorIsThrownFromIteration() async {
        let effect: Effect<LogAction> = .run { send in
            await send(.increment)
            throw Failure(message: "lost?")
        }
        var received: [LogAction] = []
        await #expect(throws: Failure(message: "lost?")) {
            for try await action in effect { received.append(action) }
        }
        #expect(received == [.increment])
    }

    @Test func aCaughtErrorBecomesActions() async throws {
        let effect: Effect<LogAction> = .run { _ in
            throw Failure(message: "handled")
        } catch: { error, send in
            await send(.append((error as? Failure)?.message ?? ""))
        }
        #expect(try await collect(effect) == [.append("handled")])
    }
}
