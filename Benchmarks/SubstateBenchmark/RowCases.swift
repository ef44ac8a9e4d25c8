import Observation
import Substate

/// `scope.rows.*`: a list whose every row has its own scoped store, each observed the way
/// SwiftUI observes a row view; one row changes per action. The baseline is the hand-written
/// equivalent: one `@Observable` object per row, each observed, one mutated per action.
@MainActor
enum RowCases {
    /// Rows in a ``KeyedArray``, scoped by id: only the changed row's scope is refreshed.
    static func keyed(rows: Int, operations: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let store = Store(
                state: KeyedRows(count: rows), environment: (), program: KeyedRows.self)
            let scopes = (0..<rows).compactMap { id in
                store.scope(at: \KeyedRows.items, id: id, as: KeyedRows.Action.row)
            }
            return observe(scopes.count, operations: operations) { id in
                _ = scopes[id].state
            } change: { id in
                scopes[id].send(.toggle)
            }
        } baseline: {
            baseline(rows: rows, operations: operations)
        }
    }

    /// `scope.make.1k`: making the scopes of 1,000 rows of a ``KeyedArray`` by id, as a list
    /// makes them when its rows appear. Nanoseconds per scope made; the baseline makes as
    /// many `@Observable` row objects.
    static func make(rows: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: rows) {
            let store = Store(
                state: KeyedRows(count: rows), environment: (), program: KeyedRows.self)
            var made: [ScopedStore<Row, Row.Action>] = []
            made.reserveCapacity(rows)
            return time {
                for id in 0..<rows {
                    if let scope = store.scope(
                        at: \KeyedRows.items, id: id, as: KeyedRows.Action.row)
                    {
                        made.append(scope)
                    }
                }
                precondition(made.count == rows, "a row scope was not made")
            }
        } baseline: {
            var made: [RowModel] = []
            made.reserveCapacity(rows)
            return time {
                for id in 0..<rows { made.append(RowModel(id: id, name: "Row \(id)")) }
            }
        }
    }

    /// Rows in a plain `Array`, scoped by index: every row's scope compares its row after
    /// every action. Reported, to show what the plain array costs.
    static func array(rows: Int, operations: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let store = Store(state: Rows(count: rows), environment: (), program: Rows.self)
            let scopes = (0..<rows).compactMap { id in
                store.scope(
                    at: .element(at: id, in: \Rows.items),
                    as: { Rows.Action.row(id: id, $0) })
            }
            return observe(scopes.count, operations: operations) { id in
                _ = scopes[id].state
            } change: { id in
                scopes[id].send(.toggle)
            }
        } baseline: {
            baseline(rows: rows, operations: operations)
        }
    }

    /// `scope.rows.nested.*`: the rows of ``keyed(rows:operations:rounds:)`` scoped the way an
    /// app scopes them, from the scoped store of the screen that holds the list; and, beside
    /// them, a scope of the whole table that nobody reads. Neither scope is watched, so
    /// neither keeps a copy of its part: a send compares the changed row's scope only, as
    /// from the root (before, each kept a copy, so every in-place write of a row copied the
    /// array and started a new journal, and every row scope was compared).
    static func nested(rows: Int, operations: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let store = Store(
                state: Screens(screen: KeyedRows(count: rows)), environment: (),
                program: Screens.self)
            let screen = store.scope(at: Lens(\Screens.screen), as: Screens.Action.screen)
            let table = store.scope(
                at: Lens(\Screens.screen.items), as: { (action: Screens.Action) in action })
            let scopes = (0..<rows).compactMap { id in
                screen.scope(at: \KeyedRows.items, id: id, as: KeyedRows.Action.row)
            }
            return withExtendedLifetime(table) {
                observe(scopes.count, operations: operations) { id in
                    _ = scopes[id].state
                } change: { id in
                    scopes[id].send(.toggle)
                }
            }
        } baseline: {
            baseline(rows: rows, operations: operations)
        }
    }

    /// One `@Observable` object per row.
    static func baseline(rows: Int, operations: Int) -> Double {
        let models = (0..<rows).map { RowModel(id: $0, name: "Row \($0)") }
        return observe(models.count, operations: operations) { id in
            _ = models[id].isOn
        } change: { id in
            models[id].isOn.toggle()
        }
    }

    /// Arms one observer per row, then times `operations` changes of rows spread over the
    /// list, checking after each that only the changed row's observer woke, and re-arming it
    /// as a row view would be rendered again.
    static func observe(
        _ rows: Int, operations: Int, read: @escaping (Int) -> Void, change: (Int) -> Void
    ) -> Double {
        let wakeups = WakeupCounter(count: rows)
        for id in 0..<rows {
            arm {
                read(id)
            } onChange: {
                wakeups.fire(id)
            }
        }
        return time {
            for index in 0..<operations {
                let id = (index &* 7919) % rows
                change(id)
                wakeups.expectOnly(id)
                arm {
                    read(id)
                } onChange: {
                    wakeups.fire(id)
                }
            }
        }
    }
}

/// The rows of `scope.rows.1k` and `scope.rows.10k`, in a ``KeyedArray``.
struct KeyedRows: Equatable, Sendable {
    var items: KeyedArray<Row>

    init(count: Int) {
        items = KeyedArray(
            uniqueElements: (0..<count).map { Row(id: $0, name: "Row \($0)", isOn: false) })
    }

    enum Action: Sendable {
        case row(id: Int, Row.Action)
    }

    static func update(
        state: consuming KeyedRows, environment: Void, action: Action
    ) -> Update<KeyedRows, Action> {
        switch action {
        case .row(let id, let action):
            return .child(action, in: state, at: \.items, id: id, as: Action.row)
        }
    }
}

/// A screen that holds the list of `scope.rows.nested.*`.
struct Screens: Equatable, Sendable, Program {
    var screen: KeyedRows

    enum Action: Sendable {
        case screen(KeyedRows.Action)
    }

    static func update(
        state: consuming Screens, environment: Void, action: Action
    ) -> Update<Screens, Action> {
        switch action {
        case .screen(let action):
            // The form the docs teach: the child named by its program type, so that a debug
            // build updates the screen's rows in place too.
            return .child(action, in: state, at: \.screen, as: Action.screen, ())
        }
    }
}

/// The baseline's row: what a hand-written model of a row looks like.
@Observable
final class RowModel {
    let id: Int
    var name: String
    var isOn = false

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// Counts the observers that woke, per row, and stops the benchmark if a row that did not
/// change woke. O(1) per check: it counts every wake-up, so it need not scan the rows.
final class WakeupCounter: @unchecked Sendable {
    private var woken: [Int]
    private var total = 0

    init(count: Int) {
        woken = Array(repeating: 0, count: count)
    }

    func fire(_ id: Int) {
        woken[id] += 1
        total += 1
    }

    func expectOnly(_ id: Int) {
        precondition(woken[id] == 1, "the changed row's observer did not wake exactly once")
        precondition(total == 1, "a row that did not change woke its observer")
        woken[id] = 0
        total = 0
    }
}
