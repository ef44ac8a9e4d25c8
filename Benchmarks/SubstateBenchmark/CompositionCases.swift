import Substate

/// A collection of identified rows for `lens.byindex.100k`, `lens.byid.100k` and `scope.rows.1k`.
struct Rows: Equatable, Sendable {
    var items: [Row]

    init(count: Int) {
        items = (0..<count).map { Row(id: $0, name: "Row \($0)", isOn: false) }
    }

    enum Action: Sendable {
        /// A row's action, reaching the row by its index (`.element(at:in:)`).
        case row(id: Int, Row.Action)
        /// A row's action, reaching the row by its id (`.element(id:in:)`).
        case rowByID(id: Int, Row.Action)
    }

    static func update(state: consuming Rows, environment: Void, action: Action) -> Update<
        Rows, Action
    > {
        switch action {
        case .row(let id, let action):
            return .child(
                action, in: state, at: .element(at: id, in: \.items),
                as: { .row(id: id, $0) }, environment: (), update: Row.update)
        case .rowByID(let id, let action):
            // The form the docs teach for a row by id in a plain array.
            return .child(
                action, in: state, at: .element(id: id, in: \.items), as: { .rowByID(id: id, $0) })
        }
    }
}

struct Row: Equatable, Identifiable, Sendable {
    var id: Int
    var name: String
    var isOn: Bool

    enum Action: Sendable {
        case toggle
    }

    static func update(state: consuming Row, environment: Void, action: Action) -> Update<
        Row, Action
    > {
        state.isOn.toggle()
        return Update(state: state)
    }
}

@MainActor
enum CompositionCases {
    /// `lens.depth8`: an increment routed through eight levels of child programs to a leaf
    /// counter, each embedded as the docs teach (`.child(action, in: state, at: \.child,
    /// as: Action.child)`), against `send.counter`'s baseline (an `@Observable` class mutated
    /// in place).
    static func depth8(operations: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let store = Store(state: Level1(), environment: (), program: Level1.self)
            return time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = store.state } }
                    store.send(depth8Increment)
                }
            }
        } baseline: {
            let model = CounterModel()
            return time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = model.count } }
                    model.count += 1
                }
            }
        }
    }

    /// `lens.byindex.100k` and `lens.byid.100k`: toggle one element of a 100,000-element
    /// collection, by index through an element lens (`.element(at:in:)`) or by id
    /// (`.element(id:in:)`), against the `@Observable` in-place baseline. The rows visited
    /// jump around the array, so a lens by id finds each row where it was last seen.
    static func element(
        byID: Bool, size: Int, operations: Int, rounds: Int
    ) -> (Double, Double) {
        let indices = (0..<operations).map { ($0 &* 7919) % size }
        return compare(rounds: rounds, operations: operations) {
            let store = Store(state: Rows(count: size), environment: (), program: Rows.self)
            let elapsed = time {
                for (position, index) in indices.enumerated() {
                    if position % 100 == 0 { arm { _ = store.state } }
                    store.send(byID ? .rowByID(id: index, .toggle) : .row(id: index, .toggle))
                }
            }
            var expected = [Bool](repeating: false, count: size)
            for index in indices { expected[index].toggle() }
            precondition(
                store.state.items.map(\.isOn) == expected, "a toggle reached the wrong row")
            return elapsed
        } baseline: {
            let model = ChecklistModel(count: size)
            return time {
                for (position, index) in indices.enumerated() {
                    if position % 100 == 0 { arm { _ = model.items } }
                    model.items[index].isDone.toggle()
                }
            }
        }
    }
}

// Programs, so that their stores update in place in debug builds too (see `Program`).
extension Rows: Program {}
extension Row: Program {}
extension KeyedRows: Program {}
extension Level1: Program {}
