import Substate
import Synchronization
import Testing

/// Collects what loggers print.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

@MainActor
@Suite struct MiddlewareTests {
    @Test func hooksRunInListOrderAroundTheUpdate() {
        var calls: [String] = []
        func recorder(_ name: String) -> Middleware<Log, LogAction> {
            Middleware(
                name: name,
                willProcess: { _ in calls.append("\(name) will") },
                didProcess: { _, state in calls.append("\(name) did \(state.count)") })
        }
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [recorder("a"), recorder("b")])
        store.send(.increment)
        #expect(calls == ["a will", "b will", "a did 1", "b did 1"])
    }

    @Test func middlewareWithoutAHookIsPassedOverAndTheOthersRunInOrder() {
        var calls: [String] = []
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [
                Middleware(
                    name: "a", willProcess: { _ in calls.append("a will") },
                    didProcess: { _, state in calls.append("a did \(state.count)") }),
                Middleware(name: "b", willProcess: { _ in calls.append("b will") }),
                Middleware(name: "c", didProcess: { _, _ in calls.append("c did") }),
            ])
        store.send(.increment)
        #expect(calls == ["a will", "b will", "a did 1", "c did"])
        calls = []
        let single = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [
                Middleware(name: "b", willProcess: { _ in calls.append("b will") }),
                Middleware(name: "c", didProcess: { _, state in calls.append("c \(state.count)") }),
            ])
        single.send(.increment)
        single.send(.increment)
        #expect(calls == ["b will", "c 1", "b will", "c 2"])
    }

    @Test func interceptorsDropReplaceAndAddActionsInOrder() {
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [
                .intercept("drop x") { action, _ in action == .append("x") ? .drop : .forward },
                .intercept("expand") { action, _ in
                    guard case .append(let entry) = action, entry.hasPrefix("many ") else {
                        return .forward
                    }
                    let name = String(entry.dropFirst(5))
                    return .replace(with: [.append(name + "1"), .append(name + "2")])
                },
                // Sees what the interceptors before it let through.
                .intercept("count") { action, _ in
                    .replace(with: [action, .increment])
                },
            ])
        store.send(.append("x"))
        store.send(.append("many y"))
        #expect(store.state.entries == ["y1", "y2"])
        #expect(store.state.count == 2)
    }

    @Test func anInterceptorSeesTheCurrentState() {
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [.intercept { action, state in state.count >= 2 ? .drop : .forward }])
        for _ in 0..<5 { store.send(.increment) }
        #expect(store.state.count == 2)
    }

    @Test func didChangeGetsTheStatesBeforeAndAfter() {
        var changes: [(Int, Int)] = []
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [
                .observeChanges { _, before, after in changes.append((before.count, after.count)) }
            ])
        store.send(.increment)
        store.send(.increment)
        #expect(changes.map(\.0) == [0, 1])
        #expect(changes.map(\.1) == [1, 2])
    }

    @Test func middlewareSeesActionsFromEffects() async {
        var seen: [LogAction] = []
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [.observe { action, _ in seen.append(action) }])
        await store.send(.echo(["a", "b"])).finish()
        #expect(seen == [.echo(["a", "b"]), .append("a"), .append("b")])
    }

    @Test func aSendFromAHookIsQueuedAfterTheCurrentAction() {
        var order: [String] = []
        weak var weakStore: Store<Log, LogAction, Void>?
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [
                .observe { action, state in
                    order.append("\(action) -> \(state.entries)")
                    if action == .append("first") { weakStore?.send(.append("second")) }
                }
            ])
        weakStore = store
        store.send(.append("first"))
        #expect(
            order == [
                #"append("first") -> ["first"]"#, #"append("second") -> ["first", "second"]"#,
            ])
    }

    @Test func middlewareCanBeAddedAndRemovedAtRunTime() {
        var seen: [LogAction] = []
        let store = Store(state: Log(), environment: (), update: Log.update)
        store.send(.append("before"))
        let token = store.addMiddleware(.observe { action, _ in seen.append(action) })
        store.send(.append("during"))
        store.removeMiddleware(token)
        store.removeMiddleware(token)
        store.send(.append("after"))
        #expect(seen == [.append("during")])
        #expect(store.state.entries == ["before", "during", "after"])
    }

    @Test func aHookThatRemovesItsMiddlewareLetsItFinishTheAction() {
        var calls: [String] = []
        weak var weakHolder: HookCapture?
        let store = Store(state: Log(), environment: (), update: Log.update)
        var token: MiddlewareToken?
        do {
            let holder = HookCapture()
            weakHolder = holder
            token = store.addMiddleware(
                Middleware(
                    name: "once",
                    willProcess: { [weak store] _ in
                        calls.append("will \(holder.name)")
                        if let token { store?.removeMiddleware(token) }
                    },
                    didProcess: { _, state in calls.append("did \(holder.name) \(state.count)") }))
        }
        store.send(.increment)
        // Removed in its first hook, the middleware still saw the action through: the chain
        // the send read stays alive until the action is processed, and is let go then.
        #expect(calls == ["will once", "did once 1"])
        #expect(weakHolder == nil)
        store.send(.increment)
        #expect(calls.count == 2)
    }

    @Test func middlewareRemovedBetweenActionsIsLetGoAtOnce() {
        weak var weakHolder: HookCapture?
        let store = Store(state: Log(), environment: (), update: Log.update)
        var token: MiddlewareToken?
        do {
            let holder = HookCapture()
            weakHolder = holder
            token = store.addMiddleware(
                Middleware(name: "watch", didProcess: { _, _ in _ = holder.name }))
        }
        store.send(.increment)
        #expect(weakHolder != nil)
        if let token { store.removeMiddleware(token) }
        #expect(weakHolder == nil)
    }

    @Test func tearDownTellsTheMiddlewareOnce() {
        var tornDown = 0
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [Middleware(name: "t", didTearDown: { tornDown += 1 })])
        store.tearDown()
        store.tearDown()
        #expect(tornDown == 1)
    }
}

@MainActor
@Suite struct LoggerTests {
    @Test func theActionLoggerPrintsEachAction() {
        let lines = Lines()
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [.actionLogger(sink: lines.sink)])
        store.send(.append("a"))
        store.send(.increment)
        #expect(lines.all == [#"action LogAction.append("a")"#, "action LogAction.increment"])
    }

    @Test func theActionLoggerFiltersByPredicate() {
        let lines = Lines()
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [.actionLogger(.matching { $0 == .increment }, sink: lines.sink)])
        store.send(.append("a"))
        store.send(.increment)
        #expect(lines.all == ["action LogAction.increment"])
    }

    @Test func theActionLoggerFiltersByMarkerAtAnyDepth() {
        let lines = Lines()
        let store = Store(
            state: Shelf(), environment: (), update: Shelf.update,
            middleware: [.actionLogger(.marked, sink: lines.sink)])
        store.send(.book(id: 1, .read))
        store.send(.dust)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("read") == true)
    }

    @Test func theStateLoggerPrintsADiffOfWhatChanged() {
        let lines = Lines()
        let store = Store(
            state: Log(), environment: (), update: Log.update,
            middleware: [.stateLogger(sink: lines.sink)])
        store.send(.increment)
        store.send(.echo([]))  // changes nothing: prints nothing
        #expect(lines.all.count == 1)
        let entry = lines.all.first ?? ""
        #expect(entry.hasPrefix("state after increment:"))
        #expect(entry.contains("-   count: 0"))
        #expect(entry.contains("+   count: 1"))
    }

    @Test func theStateLoggerShowsOnlyMarkedParts() {
        let lines = Lines()
        let store = Store(
            state: Shelf(), environment: (), update: Shelf.update,
            middleware: [.stateLogger(.marked, sink: lines.sink)])
        store.send(.dust)  // changes an unmarked part only
        store.send(.book(id: 1, .read))
        #expect(lines.all.count == 1)
        let entry = lines.all.first ?? ""
        #expect(entry.hasPrefix("state after book.read:"))
        #expect(entry.contains("+     isRead: true"))
        #expect(!entry.contains("dusted"))
    }
}

@MainActor
@Suite struct ActionTimingsTests {
    @Test func timingsCountEachKindOfActionByCasePath() {
        let timings = ActionTimings()
        let store = Store(
            state: Shelf(), environment: (), update: Shelf.update,
            middleware: [timings.middleware()])
        for _ in 0..<3 { store.send(.book(id: 1, .read)) }
        store.send(.dust)
        let byName = Dictionary(uniqueKeysWithValues: timings.statistics.map { ($0.name, $0) })
        #expect(byName["book.read"]?.count == 3)
        #expect(byName["dust"]?.count == 1)
        for entry in timings.statistics {
            #expect(entry.minimum <= entry.mean)
            #expect(entry.mean <= entry.maximum)
            #expect(entry.p99 <= entry.maximum)
        }
    }

    @Test func statisticsAndTableFromKnownDurations() {
        let timings = ActionTimings(sampleLimit: 100)
        for microseconds in 1...100 {
            timings.record(.microseconds(microseconds), for: "load")
        }
        timings.record(.nanoseconds(500), for: "tap")
        let load = timings.statistics.first
        #expect(load?.name == "load")
        #expect(load?.count == 100)
        #expect(load?.minimum == .microseconds(1))
        #expect(load?.maximum == .microseconds(100))
        #expect(load?.mean == .nanoseconds(50_500))
        #expect(load?.p99 == .microseconds(99))
        #expect(
            timings.table() == """
                action  count     min     mean      p99       max
                load      100  1.0 µs  50.5 µs  99.0 µs  100.0 µs
                tap         1  500 ns   500 ns   500 ns    500 ns
                """)
        timings.reset()
        #expect(timings.statistics.isEmpty)
    }

    @Test func theP99CoversTheMostRecentSamples() {
        let timings = ActionTimings(sampleLimit: 10)
        for _ in 0..<10 { timings.record(.seconds(9), for: "a") }
        for _ in 0..<10 { timings.record(.seconds(1), for: "a") }
        #expect(timings.statistics.first?.p99 == .seconds(1))
        #expect(timings.statistics.first?.maximum == .seconds(9))
    }
}

/// Books with a marked child program, for the marker filters.
struct Book: Equatable, Sendable, Identifiable, LoggedState {
    var id: Int
    var isRead = false
}

enum BookAction: Equatable, Sendable, LoggedAction {
    case read
}

struct Shelf: Equatable, Sendable {
    var books = [Book(id: 1)]
    var dusted = 0
}

enum ShelfAction: Equatable, Sendable {
    case book(id: Int, BookAction)
    case dust
}

extension Shelf {
    static func update(
        state: consuming Shelf, environment: Void, action: ShelfAction
    ) -> Update<Shelf, ShelfAction> {
        switch action {
        case .book(let id, .read):
            state.books = state.books.map { $0.id == id ? Book(id: id, isRead: true) : $0 }
            return Update(state: state)
        case .dust:
            state.dusted += 1
            return Update(state: state)
        }
    }
}

/// Something a middleware's hooks hold, to see when the store lets go of them.
final class HookCapture {
    let name = "once"
}
