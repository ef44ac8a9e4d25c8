import Substate
import SubstateTesting
import Testing

/// Two lists of workers in ``KeyedArray``s, holding rows with the same id: the rows' effect ids
/// are placed in their rows (see ``ChildEffectIDTests`` for plain arrays).
struct Lists: Equatable, Sendable {
    var left: KeyedArray<Worker> = [Worker(id: 1), Worker(id: 2)]
    var right: KeyedArray<Worker> = [Worker(id: 1)]
}

enum ListsAction: Equatable, Sendable {
    case left(Int, WorkerAction)
    case right(Int, WorkerAction)
    case stopLeftRow(Int)
}

extension Lists {
    static func update(
        state: consuming Lists, environment: TestClock, action: ListsAction
    ) -> Update<Lists, ListsAction> {
        switch action {
        case .left(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.left), as: { .left(id, $0) },
                environment: environment, update: Worker.update)
        case .right(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.right), as: { .right(id, $0) },
                environment: environment, update: Worker.update)
        case .stopLeftRow(let id):
            return Update(
                state: state, effect: .cancelEffects(of: .element(id: id, in: \Lists.left)))
        }
    }
}

@MainActor
@Suite struct KeyedRowEffectIDTests {
    func makeStore(testing tested: TestedStore) -> TestStore<Lists, ListsAction, TestClock> {
        TestStore(state: Lists(), environment: TestClock(), update: Lists.update, testing: tested)
    }

    @Test(arguments: TestedStore.allCases) func rowsWithOneIdInTwoListsKeepTheirOwnIds(
        _ tested: TestedStore
    ) {
        let store = makeStore(testing: tested)
        store.send(.left(1, .start))
        store.send(.left(2, .start))
        // Cancel-in-flight of "work" in the right list's row 1 restarts nothing of the left's.
        store.send(.right(1, .start))
        #expect(store.runningEffectCount == 3)
        // `.cancel(id: "work")` in the left list's row 1 stops that row's job alone.
        store.send(.left(1, .stop))
        #expect(store.runningEffectCount == 2)
        store.advance(by: .seconds(1))
        store.receive(.left(2, .finished)) { $0.left[id: 2]?.finished = 1 }
        store.receive(.right(1, .finished)) { $0.right[id: 1]?.finished = 1 }
    }

    @Test(arguments: TestedStore.allCases) func cancellingTheEffectsOfARowSparesTheOtherRows(
        _ tested: TestedStore
    ) {
        let store = makeStore(testing: tested)
        store.send(.left(1, .start))
        store.send(.left(2, .start))
        store.send(.right(1, .start))
        store.send(.stopLeftRow(1))
        #expect(store.runningEffectCount == 2)
        store.advance(by: .seconds(1))
        store.receive(.left(2, .finished)) { $0.left[id: 2]?.finished = 1 }
        store.receive(.right(1, .finished)) { $0.right[id: 1]?.finished = 1 }
    }
}
