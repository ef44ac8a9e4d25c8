import Substate
import SubstateTesting
import Testing

// A board with a child in each place `Update.child` takes: a property, an optional, keyed
// elements of a KeyedArray, an array and a dictionary (through their optional lenses), an enum
// case; children with a Void environment, the parent's environment, and one made from the
// parent's.

struct WorkbenchEnvironment: Sendable {
    var clock: TestClock

    /// The ticker's environment, made from this one.
    var ticker: Ticker.Environment { Ticker.Environment(clock: clock) }
}

/// A child with no environment.
struct Score: Program, Equatable, Identifiable, Sendable {
    var id = 0
    var count = 0

    enum Action: Equatable, Sendable { case add(Int) }

    static func update(state: consuming Score, environment: Void, action: Action) -> Update<
        Score, Action
    > {
        switch action {
        case .add(let amount): state.count += amount
        }
        return Update(state: state)
    }
}

/// A child with an environment of its own, made from the board's.
struct Ticker: Program, Equatable, Sendable {
    var ticks = 0

    struct Environment: Sendable {
        var clock: TestClock
    }

    enum Action: Equatable, Sendable { case start, tick }

    static func update(state: consuming Ticker, environment: Environment, action: Action)
        -> Update<Ticker, Action>
    {
        switch action {
        case .start:
            return Update(
                state: state,
                effect: .timer(every: .seconds(1), clock: environment.clock).map { _ in .tick })
        case .tick:
            state.ticks += 1
            return Update(state: state)
        }
    }
}

/// A child that shares the board's environment type.
struct Echo: Program, Equatable, Sendable {
    var heard: [String] = []

    enum Action: Equatable, Sendable { case say(String), heard(String) }

    static func update(state: consuming Echo, environment: WorkbenchEnvironment, action: Action)
        -> Update<Echo, Action>
    {
        switch action {
        case .say(let word):
            return Update(
                state: state,
                effect: Effect.send(.heard(word)).delay(for: .seconds(1), clock: environment.clock))
        case .heard(let word):
            state.heard.append(word)
            return Update(state: state)
        }
    }
}

/// A session: the payload of an enum case.
struct Session: Program, Equatable, Sendable {
    var items: [Int] = []

    enum Action: Equatable, Sendable { case append(Int) }

    static func update(state: consuming Session, environment: Void, action: Action) -> Update<
        Session, Action
    > {
        switch action {
        case .append(let item): state.items.append(item)
        }
        return Update(state: state)
    }
}

enum Portal: Equatable, Sendable {
    case loggedIn(Session)
    case guest(Session)
    case loggedOut
}

struct Workbench: Program, Equatable, Sendable {
    var tally = Score()
    var ticker: Ticker?
    var echo = Echo()
    var rows: KeyedArray<Score> = [Score(id: 1), Score(id: 2)]
    var list: [Score] = [Score(id: 1), Score(id: 2)]
    var rooms: [String: Score] = ["a": Score(), "b": Score()]
    var screen = Portal.loggedOut

    enum Action: Equatable, Sendable {
        case tally(Score.Action)
        case ticker(Ticker.Action)
        case echo(Echo.Action)
        case row(id: Int, Score.Action)
        case listRow(id: Int, Score.Action)
        case room(key: String, Score.Action)
        case session(Session.Action)
        case guest(Session.Action)
        case showTicker(Bool)
        case removeRow(id: Int)
        case logIn
    }

    static func update(
        state: consuming Workbench, environment: WorkbenchEnvironment, action: Action
    )
        -> Update<Workbench, Action>
    {
        switch action {
        case .tally(let action):
            return .child(action, in: state, at: \.tally, as: Action.tally)
        case .ticker(let action):
            return .child(action, in: state, at: \.ticker, as: Action.ticker, environment.ticker)
        case .echo(let action):
            return .child(action, in: state, at: \.echo, as: Action.echo, environment)
        case .row(let id, let action):
            return .child(action, in: state, at: \.rows, id: id, as: Action.row)
        case .listRow(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.list), as: { .listRow(id: id, $0) })
        case .room(let key, let action):
            return .child(
                action, in: state, at: .value(forKey: key, in: \.rooms), as: { .room(key: key, $0) }
            )
        case .session(let action):
            return .child(
                action, in: state, at: .case(Portal.loggedIn, in: \.screen), as: Action.session)
        case .guest(let action):
            return .child(
                action, in: state, at: .case(Portal.guest, in: \.screen), as: Action.guest)
        case .showTicker(let isShown):
            state.ticker = isShown ? Ticker() : nil
        case .removeRow(let id):
            state.rows.remove(id: id)
        case .logIn:
            state.screen = .loggedIn(Session())
        }
        return Update(state: state)
    }
}

@MainActor @Suite struct ChildProgramTests {
    func makeStore() -> (TestStoreOf<Workbench>, TestClock) {
        let clock = TestClock()
        let store = TestStore(
            state: Workbench(), environment: WorkbenchEnvironment(clock: clock),
            program: Workbench.self)
        return (store, clock)
    }

    @Test func aPropertyChildRunsItsProgram() {
        let (store, _) = makeStore()
        store.send(.tally(.add(2))) { $0.tally.count = 2 }
    }

    @Test func keyedChildrenAreFoundByTheirIdInEachKindOfCollection() {
        let (store, _) = makeStore()
        store.send(.row(id: 2, .add(3))) { $0.rows[id: 2]?.count = 3 }
        store.send(.listRow(id: 1, .add(4))) { $0.list[0].count = 4 }
        store.send(.room(key: "b", .add(5))) { $0.rooms["b"]?.count = 5 }
        // A child that is not there: nothing happens.
        store.send(.row(id: 9, .add(1)))
        store.send(.listRow(id: 9, .add(1)))
        store.send(.room(key: "z", .add(1)))
    }

    @Test func anEnvironmentMadeFromTheParentsReachesTheChildsEffects() {
        let (store, clock) = makeStore()
        store.send(.ticker(.start))  // no ticker yet: nothing happens
        store.send(.showTicker(true)) { $0.ticker = Ticker() }
        store.send(.ticker(.start))
        store.advance(by: .seconds(1))
        store.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }
        // Removing the child ends its timer.
        store.send(.showTicker(false)) { $0.ticker = nil }
        clock.advance(by: .seconds(5))
        store.finish()
    }

    @Test func theParentsOwnEnvironmentIsHandedOnAsItIs() {
        let (store, _) = makeStore()
        store.send(.echo(.say("hi")))
        store.advance(by: .seconds(1))
        store.receive(.echo(.heard("hi"))) { $0.echo.heard = ["hi"] }
    }

    @Test func anEnumCaseChildRunsOnlyWhileItsCaseIsThere() {
        let (store, _) = makeStore()
        store.send(.session(.append(1)))
        store.send(.logIn) { $0.screen = .loggedIn(Session()) }
        store.send(.session(.append(1))) { $0.screen = .loggedIn(Session(items: [1])) }
        // Another case with the same payload type is not this one.
        store.send(.guest(.append(2)))
    }

    @Test func anActionForARemovedRowChangesNothing() {
        let (store, _) = makeStore()
        store.send(.removeRow(id: 1)) { $0.rows.remove(id: 1) }
        store.send(.row(id: 1, .add(1)))
    }
}
