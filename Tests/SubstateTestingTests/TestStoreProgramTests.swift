import Substate
import SubstateTesting
import Testing

/// A small program for the test store's `program:` initialisers.
struct Tally: Program, Equatable, Sendable {
    var marks: [Int] = []

    enum Action: Equatable, Sendable {
        case mark(Int)
        case clear
    }

    static func update(
        state: consuming Tally, environment: Void, action: Action
    ) -> Update<Tally, Action> {
        switch action {
        case .mark(let mark):
            state.marks.append(mark)
            return Update(state: state, effect: mark > 9 ? .send(.clear) : .none)
        case .clear:
            state.marks.removeAll()
            return Update(state: state)
        }
    }
}

@MainActor
@Suite struct TestStoreProgramTests {
    @Test func aTestStoreRunsAProgram() {
        let store = TestStore(state: Tally(), environment: (), program: Tally.self)
        store.send(.mark(1)) { $0.marks = [1] }
        store.send(.mark(10)) { $0.marks = [1, 10] }
        store.receive(.clear) { $0.marks = [] }
    }

    @Test func aTestStoreStartsAProgramFromAnInitialUpdate() {
        let store = TestStore(
            create: Update(state: Tally(marks: [3]), effect: .send(.mark(11))), environment: (),
            program: Tally.self)
        store.receive(.mark(11)) { $0.marks = [3, 11] }
        store.receive(.clear) { $0.marks = [] }
    }
}
