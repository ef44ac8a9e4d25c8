import Substate
import SubstateTesting
import Testing

/// Children whose effects must end with them: rows by id, an optional detail, an enum case,
/// and rows nested in an optional sheet. No action here cancels a child's effects by hand.
struct Board: Equatable, Sendable {
    var rows: [TodoRow] = []
    var details: TodoRow?
    var mode = Mode.idle
    var sheet: Sheet?
}

enum Mode: Equatable, Sendable {
    case idle
    case editing(TodoRow)
}

struct Sheet: Equatable, Sendable {
    var rows: [TodoRow] = []
}

enum SheetAction: Equatable, Sendable {
    case add(String)
    case remove(String)
    case row(id: String, TodoRowAction)
}

enum BoardAction: Equatable, Sendable {
    case add(String)
    case remove(String)
    case row(id: String, TodoRowAction)
    case openDetails(String)
    case closeDetails
    case details(TodoRowAction)
    case edit(String)
    case stopEditing
    case editing(TodoRowAction)
    case openSheet
    case closeSheet
    case sheet(SheetAction)
}

extension Sheet {
    static func update(
        state: consuming Sheet, environment: TestClock, action: SheetAction
    ) -> Update<Sheet, SheetAction> {
        switch action {
        case .add(let id):
            state.rows.append(TodoRow(id: id))
            return Update(state: state)
        case .remove(let id):
            state.rows.removeAll { $0.id == id }
            return Update(state: state)
        case .row(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.rows),
                as: { .row(id: id, $0) }, environment: environment, update: TodoRow.update)
        }
    }
}

extension Board {
    static let editing = OptionalLens<Mode, TodoRow>.case(
        Mode.editing, extract: { if case .editing(let row) = $0 { row } else { nil } })

    static func update(
        state: consuming Board, environment: TestClock, action: BoardAction
    ) -> Update<Board, BoardAction> {
        switch action {
        case .add(let id):
            state.rows.append(TodoRow(id: id))
            return Update(state: state)
        case .remove(let id):
            state.rows.removeAll { $0.id == id }
            return Update(state: state)
        case .row(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.rows),
                as: { .row(id: id, $0) }, environment: environment, update: TodoRow.update)
        case .openDetails(let id):
            state.details = TodoRow(id: id)
            return Update(state: state)
        case .closeDetails:
            state.details = nil
            return Update(state: state)
        case .details(let action):
            return .child(
                action, in: state, at: OptionalLens(\.details), as: BoardAction.details,
                environment: environment, update: TodoRow.update)
        case .edit(let id):
            state.mode = .editing(TodoRow(id: id))
            return Update(state: state)
        case .stopEditing:
            state.mode = .idle
            return Update(state: state)
        case .editing(let action):
            return .child(
                action, in: state, at: Lens(\.mode).appending(Board.editing),
                as: BoardAction.editing, environment: environment, update: TodoRow.update)
        case .openSheet:
            state.sheet = Sheet()
            return Update(state: state)
        case .closeSheet:
            state.sheet = nil
            return Update(state: state)
        case .sheet(let action):
            return .child(
                action, in: state, at: OptionalLens(\.sheet), as: BoardAction.sheet,
                environment: environment, update: Sheet.update)
        }
    }
}

@MainActor
@Suite struct ChildEffectLifetimeTests {
    func makeStore(_ state: Board = Board(), testing tested: TestedStore)
        -> TestStore<Board, BoardAction, TestClock>
    {
        TestStore(state: state, environment: TestClock(), update: Board.update, testing: tested)
    }

    @Test(arguments: TestedStore.allCases)
    func removingAKeyedChildEndsItsEffectsAndSparesItsSiblings(_ tested: TestedStore) {
        let store = makeStore(Board(rows: [TodoRow(id: "a"), TodoRow(id: "b")]), testing: tested)
        store.send(.row(id: "a", .remindLater))
        store.send(.row(id: "b", .remindLater))
        #expect(store.runningEffectCount == 2)
        store.send(.remove("a")) { $0.rows = [TodoRow(id: "b")] }
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        store.receive(.row(id: "b", .remind)) { $0.rows[0].reminders = 1 }
    }

    @Test(arguments: TestedStore.allCases) func anOptionalChildThatBecomesNilEndsItsEffects(
        _ tested: TestedStore
    ) {
        let store = makeStore(testing: tested)
        store.send(.openDetails("x")) { $0.details = TodoRow(id: "x") }
        store.send(.details(.remindLater))
        store.send(.closeDetails) { $0.details = nil }
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
    }

    @Test(arguments: TestedStore.allCases) func anEnumThatChangesCaseEndsThePayloadsEffects(
        _ tested: TestedStore
    ) {
        let store = makeStore(testing: tested)
        store.send(.edit("x")) { $0.mode = .editing(TodoRow(id: "x")) }
        store.send(.editing(.remindLater))
        store.send(.stopEditing) { $0.mode = .idle }
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
    }

    @Test(arguments: TestedStore.allCases) func aChildThatStaysKeepsItsEffects(
        _ tested: TestedStore
    ) {
        let store = makeStore(testing: tested)
        store.send(.edit("x")) { $0.mode = .editing(TodoRow(id: "x")) }
        store.send(.editing(.remindLater))
        store.send(.editing(.toggle)) { $0.mode = .editing(TodoRow(id: "x", isDone: true)) }
        store.send(.add("other")) { $0.rows = [TodoRow(id: "other")] }
        store.advance(by: .seconds(1))
        store.receive(.editing(.remind)) {
            $0.mode = .editing(TodoRow(id: "x", isDone: true, reminders: 1))
        }
    }

    @Test(arguments: TestedStore.allCases) func closingAParentEndsTheEffectsOfItsNestedChildren(
        _ tested: TestedStore
    ) {
        let store = makeStore(testing: tested)
        store.send(.openSheet) { $0.sheet = Sheet() }
        store.send(.sheet(.add("a"))) { $0.sheet?.rows = [TodoRow(id: "a")] }
        store.send(.sheet(.add("b"))) { $0.sheet?.rows.append(TodoRow(id: "b")) }
        store.send(.sheet(.row(id: "a", .remindLater)))
        store.send(.sheet(.row(id: "b", .remindLater)))
        // Removing a row inside the sheet ends that row's effect only: the condition made
        // by the sheet's update is restated in terms of the board.
        store.send(.sheet(.remove("a"))) { $0.sheet?.rows = [TodoRow(id: "b")] }
        #expect(store.runningEffectCount == 1)
        store.send(.closeSheet) { $0.sheet = nil }
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
    }

    @Test(arguments: TestedStore.allCases) func aReopenedChildDoesNotGetTheOldEffectsActions(
        _ tested: TestedStore
    ) {
        let store = makeStore(testing: tested)
        store.send(.openDetails("x")) { $0.details = TodoRow(id: "x") }
        store.send(.details(.remindLater))
        store.send(.closeDetails) { $0.details = nil }
        store.send(.openDetails("x")) { $0.details = TodoRow(id: "x") }
        store.advance(by: .seconds(1))
    }
}

@MainActor
@Suite struct StoreChildEffectLifetimeTests {
    @Test func aStoreEndsTheEffectsOfARemovedChild() async {
        let clock = TestClock()
        let store = Store(
            state: Board(rows: [TodoRow(id: "a")]), environment: clock, update: Board.update)
        let task = store.send(.row(id: "a", .remindLater))
        #expect(store.runningEffectCount == 1)
        store.send(.remove("a"))
        await task.finish()
        #expect(store.runningEffectCount == 0)
        #expect(store.state == Board())
    }
}
