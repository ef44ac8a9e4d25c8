import Substate
import Testing

/// A program that asks to be dismissed with nothing presenting it.
struct Lonely: Program, Equatable, Sendable {
    var closes = 0

    enum Action: Equatable, Sendable {
        case close(Int)
    }

    static func update(state: consuming Lonely, environment: Void, action: Action) -> Update<
        Lonely, Action
    > {
        state.closes += 1
        return .dismiss(state)
    }
}

@Suite struct UnhandledDismissalTests {
    /// Each time, in a debug build, naming the program and the action.
    @Test func aDismissalNothingTakesIsReportedEachTimeWithItsProgramAndAction() async throws {
        let result = try #require(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let store = Store(state: Lonely(), environment: (), program: Lonely.self)
                    store.send(.close(1))
                    store.send(.close(2))
                }
            })
        let lines = String(decoding: result.standardErrorContent, as: UTF8.self)
            .split(separator: "\n").filter { $0.contains("asked to be dismissed") }
        #if DEBUG
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.first?.contains("Lonely asked to be dismissed") == true)
            #expect(lines.first?.contains("after Lonely.Action.close(1)") == true, "\(lines)")
            #expect(lines.last?.contains("after Lonely.Action.close(2)") == true)
        #else
            #expect(lines.isEmpty)
        #endif
    }
}
