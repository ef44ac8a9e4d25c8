import Substate
import SubstateTesting
import Testing

/// A row: a to-do that can be toggled and can remind itself after a delay.
struct TodoRow: Equatable, Identifiable, Sendable {
    var id: String
    var isDone = false
    var reminders = 0
}

enum TodoRowAction: Equatable, Sendable {
    case toggle
    case remindLater
    case remind
}

extension TodoRow {
    static func update(
        state: consuming TodoRow, environment: TestClock, action: TodoRowAction
    ) -> Update<TodoRow, TodoRowAction> {
        switch action {
        case .toggle:
            state.isDone.toggle()
            return Update(state: state)
        case .remindLater:
            return Update(
                state: state,
                effect: Effect.send(.remind).delay(for: .seconds(1), clock: environment))
        case .remind:
            state.reminders += 1
            return Update(state: state)
        }
    }
}

/// A reusable child generic over the screen it tracks (the seeds' `Tracker<Screen>`).
struct Tracker<Screen>: Equatable, Sendable {
    var views = 0
}

enum TrackerAction: Equatable, Sendable {
    case viewed
}

extension Tracker {
    static func update(
        state: consuming Tracker, environment: Void, action: TrackerAction
    ) -> Update<Tracker, TrackerAction> {
        state.views += 1
        return Update(state: state)
    }
}

enum NewsScreen {}
enum ShopScreen {}

struct TodoApp: Equatable, Sendable {
    var rows: [TodoRow] = []
    var details: TodoRow?
    var news = Tracker<NewsScreen>()
    var shop = Tracker<ShopScreen>()
}

enum TodoAppAction: Equatable, Sendable {
    case add(String)
    case delete(String)
    case row(id: String, TodoRowAction)
    case details(TodoRowAction)
    case closeDetails
    case news(TrackerAction)
    case shop(TrackerAction)
}

extension TodoApp {
    static func update(
        state: consuming TodoApp, environment: TestClock, action: TodoAppAction
    ) -> Update<TodoApp, TodoAppAction> {
        switch action {
        case .add(let id):
            state.rows.append(TodoRow(id: id))
            return Update(state: state)
        case .delete(let id):
            state.rows.removeAll { $0.id == id }
            return Update(
                state: state, effect: .cancelEffects(of: .element(id: id, in: \TodoApp.rows)))
        case .row(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.rows),
                as: { .row(id: id, $0) }, environment: environment, update: TodoRow.update)
        case .details(let action):
            return .child(
                action, in: state, at: OptionalLens(\.details), as: TodoAppAction.details,
                environment: environment, update: TodoRow.update)
        case .closeDetails:
            state.details = nil
            return Update(state: state)
        case .news(let action):
            return .child(
                action, in: state, at: Lens(\.news), as: TodoAppAction.news,
                environment: (), update: Tracker.update)
        case .shop(let action):
            return .child(
                action, in: state, at: Lens(\.shop), as: TodoAppAction.shop,
                environment: (), update: Tracker.update)
        }
    }
}

@MainActor
@Suite struct CompositionTests {
    func makeStore(_ state: TodoApp = TodoApp()) -> TestStore<TodoApp, TodoAppAction, TestClock> {
        TestStore(state: state, environment: TestClock(), update: TodoApp.update)
    }

    @Test func aKeyedChildIsUpdatedInPlaceAndItsEffectsComeBackTagged() {
        let store = makeStore()
        store.send(.add("a")) { $0.rows = [TodoRow(id: "a")] }
        store.send(.add("b")) { $0.rows.append(TodoRow(id: "b")) }
        store.send(.row(id: "b", .toggle)) { $0.rows[1].isDone = true }
        store.send(.row(id: "a", .remindLater))
        store.advance(by: .seconds(1))
        store.receive(.row(id: "a", .remind)) { $0.rows[0].reminders = 1 }
    }

    @Test func anActionForAMissingChildIsANoOp() {
        let store = makeStore()
        store.send(.row(id: "ghost", .toggle))
        store.send(.details(.toggle))
    }

    @Test func removingAKeyedChildCancelsItsEffects() {
        let store = makeStore(TodoApp(rows: [TodoRow(id: "a"), TodoRow(id: "b")]))
        store.send(.row(id: "a", .remindLater))
        store.send(.row(id: "b", .remindLater))
        store.send(.delete("a")) { $0.rows = [TodoRow(id: "b")] }
        store.advance(by: .seconds(1))
        store.receive(.row(id: "b", .remind)) { $0.rows[0].reminders = 1 }
    }

    @Test func anOptionalChild() {
        let store = makeStore(TodoApp(details: TodoRow(id: "d")))
        store.send(.details(.toggle)) { $0.details?.isDone = true }
        store.send(.details(.remindLater))
        store.advance(by: .seconds(1))
        store.receive(.details(.remind)) { $0.details?.reminders = 1 }
        store.send(.closeDetails) { $0.details = nil }
        store.send(.details(.toggle))
    }

    @Test func aGenericChildWorksThroughTheSameLenses() {
        let store = makeStore()
        store.send(.news(.viewed)) { $0.news.views = 1 }
        store.send(.shop(.viewed)) { $0.shop.views = 1 }
        store.send(.news(.viewed)) { $0.news.views = 2 }
        #expect(Find.all(Tracker<NewsScreen>.self, in: store.state).map(\.views) == [2])
    }

    @Test func embeddingMovesTheChildWithoutCopyingTheCollection() {
        var app = TodoApp(rows: (0..<1_000).map { TodoRow(id: "\($0)") })
        let before = app.rows.withUnsafeBufferPointer { $0.baseAddress }
        app =
            Update<TodoApp, TodoAppAction>.child(
                .toggle, in: consume app, at: .element(id: "500", in: \.rows),
                as: { .row(id: "500", $0) }, environment: TestClock(), update: TodoRow.update
            ).state
        let after = app.rows.withUnsafeBufferPointer { $0.baseAddress }
        #expect(app.rows[500].isDone)
        #expect(before == after)
    }
}
