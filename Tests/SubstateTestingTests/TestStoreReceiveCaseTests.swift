import Substate
import SubstateTesting
import Testing

/// A search whose actions are not `Equatable` (a response carries an `Error`).
struct Lookup: Program, Equatable, Sendable {
    var results: [String] = []
    var failed = false

    struct Failure: Error {}

    enum Action: Sendable {
        case search(String)
        case response(Result<[String], any Error>)
        case moved(from: Int, to: Int)
        case done
    }

    static func update(state: consuming Lookup, environment: Void, action: Action) -> Update<
        Lookup, Action
    > {
        switch action {
        case .search(let query):
            let effect: Effect<Action> =
                query.isEmpty
                ? .send(.response(.failure(Failure())))
                : .merge(.send(.response(.success([query]))), .send(.moved(from: 1, to: 2)))
            return Update(state: state, effect: effect)
        case .response(.success(let results)):
            state.results = results
            return Update(state: state, effect: .send(.done))
        case .response(.failure):
            state.failed = true
        case .moved, .done:
            break
        }
        return Update(state: state)
    }
}

@MainActor @Suite struct TestStoreReceiveCaseTests {
    @Test func anActionIsReceivedByItsCase() {
        let store = TestStore(state: Lookup(), program: Lookup.self)
        store.send(.search("swift"))
        store.receive(Lookup.Action.response) { $0.results = ["swift"] }
        store.receive(Lookup.Action.moved)
        store.receive(Lookup.Action.done)
    }

    @Test func aPayloadIsCheckedByAPredicate() {
        let store = TestStore(state: Lookup(), program: Lookup.self)
        store.send(.search(""))
        store.receive(Lookup.Action.response, where: { (try? $0.get()) == nil }) {
            $0.failed = true
        }
    }

    @Test func aCaseWithoutAPayloadIsReceivedAsItself() {
        let store = TestStore(state: Lookup(), program: Lookup.self)
        store.send(.search("a"))
        store.receive(Lookup.Action.response) { $0.results = ["a"] }
        store.receive(.moved(from: 1, to: 2))
        store.receive(.done)
    }

    @Test func anotherCaseFailsNamingTypesInFull() {
        let store = TestStore(state: Lookup(), program: Lookup.self)
        store.send(.search("a"))
        withKnownIssue {
            store.receive(Lookup.Action.moved) { $0.results = ["a"] }
        } matching: {
            String(describing: $0).contains(
                "Received Lookup.Action.response(Result<Array<String>, Error>.success(")
        }
        store.skipReceivedActions()
    }

    @Test func aFailingPredicateFails() {
        let store = TestStore(state: Lookup(), program: Lookup.self)
        store.send(.search("a"))
        withKnownIssue {
            store.receive(Lookup.Action.response, where: { _ in false }) { $0.results = ["a"] }
        } matching: {
            String(describing: $0).contains("whose payload does not pass the check")
        }
        store.skipReceivedActions()
    }

    @Test func anEqualPayloadIsReceived() {
        let store = TestStore(state: Score(), program: Score.self)
        store.send(.add(1)) { $0.count = 1 }
        let board = TestStore(
            state: Workbench(), environment: WorkbenchEnvironment(clock: TestClock()),
            program: Workbench.self)
        board.send(.showTicker(true)) { $0.ticker = Ticker() }
        board.send(.ticker(.start))
        board.advance(by: .seconds(1))
        board.receive(Workbench.Action.ticker, .tick) { $0.ticker?.ticks = 1 }
        board.send(.showTicker(false)) { $0.ticker = nil }
    }

    @Test func aMismatchNamesNestedCasesInFull() {
        let board = TestStore(
            state: Workbench(), environment: WorkbenchEnvironment(clock: TestClock()),
            program: Workbench.self)
        board.send(.echo(.say("x")))
        board.advance(by: .seconds(1))
        withKnownIssue {
            board.receive(.echo(.say("x"))) { $0.echo.heard = ["x"] }
        } matching: {
            let text = String(describing: $0)
            return text.contains("Workbench.Action.echo(") && text.contains("Echo.Action.heard(")
        }
        board.skipReceivedActions()
    }
}

/// A screen whose cases each hold one labelled value.
struct Drafts: Program, Equatable, Sendable {
    struct Draft: Program, Equatable, Sendable {
        var text = ""

        enum Action: Sendable {
            case type(String)
        }

        static func update(state: consuming Draft, environment: Void, action: Action) -> Update<
            Draft, Action
        > {
            switch action {
            case .type(let text): state.text += text
            }
            return Update(state: state)
        }
    }

    enum Screen: Equatable, Sendable {
        case editing(draft: Draft)
        case closed
    }

    var screen = Screen.editing(draft: Draft())
    var deleted: [Int] = []

    enum Action: Sendable {
        case draft(action: Draft.Action)
        case deleteLater(Int)
        case delete(id: Int)
    }

    static func update(state: consuming Drafts, environment: Void, action: Action) -> Update<
        Drafts, Action
    > {
        switch action {
        case .draft(let action):
            return .child(
                action, in: state, at: .case(Screen.editing, in: \.screen), as: Action.draft)
        case .deleteLater(let id):
            return Update(state: state, effect: .send(.delete(id: id)))
        case .delete(let id):
            state.deleted.append(id)
        }
        return Update(state: state)
    }
}

@MainActor @Suite struct LabelledCaseTests {
    /// `case editing(draft: Draft)` and `case delete(id: Int)`: a case of one labelled value
    /// is a lens's part and a received action's payload like any other.
    @Test func casesOfOneLabelledValueAreRoutedAndReceived() {
        let store = TestStore(state: Drafts(), program: Drafts.self)
        store.send(.draft(action: .type("hi"))) {
            $0.screen = .editing(draft: Drafts.Draft(text: "hi"))
        }
        store.send(.deleteLater(3))
        store.receive(Drafts.Action.delete, 3) { $0.deleted = [3] }
        store.send(.deleteLater(4))
        store.receive(Drafts.Action.delete) { $0.deleted = [3, 4] }
    }
}
