import Observation
import Substate

/// A state of ten fields for `observe.fields`.
struct Dashboard: Equatable, Sendable {
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0

    /// The key paths of the ten fields, in order.
    static let paths: [WritableKeyPath<Dashboard, Int> & Sendable] = [
        \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
    ]

    enum Action: Sendable {
        case increment(field: Int)
    }

    static func update(state: consuming Dashboard, environment: Void, action: Action) -> Update<
        Dashboard, Action
    > {
        switch action {
        case .increment(let field): state[keyPath: paths[field]] += 1
        }
        return Update(state: state)
    }
}

/// `observe.fields`' baseline: the same ten fields as properties of an `@Observable` class.
@Observable
final class DashboardModel {
    var f0 = 0
    var f1 = 0
    var f2 = 0
    var f3 = 0
    var f4 = 0
    var f5 = 0
    var f6 = 0
    var f7 = 0
    var f8 = 0
    var f9 = 0

    static let paths: [ReferenceWritableKeyPath<DashboardModel, Int> & Sendable] = [
        \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
    ]
}

@MainActor
enum FieldCases {
    /// `observe.fields`: ten observers, each reading one field the way a SwiftUI view reads
    /// `store.f3`; one field changes per action, its observer wakes and observes again.
    /// Stops if any other observer wakes.
    static func fields(operations: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let store = Store(state: Dashboard(), environment: (), update: Dashboard.update)
            let wakeups = WakeupCounter(count: 10)
            // Reading through `store[path]` is what `store.f3` does.
            @MainActor func observe(_ field: Int) {
                arm {
                    _ = store[Dashboard.paths[field]]
                } onChange: {
                    wakeups.fire(field)
                }
            }
            for field in 0..<10 { observe(field) }
            return time {
                for index in 0..<operations {
                    let field = index % 10
                    store.send(.increment(field: field))
                    wakeups.expectOnly(field)
                    observe(field)
                }
            }
        } baseline: {
            let model = DashboardModel()
            let wakeups = WakeupCounter(count: 10)
            @MainActor func observe(_ field: Int) {
                arm {
                    _ = model[keyPath: DashboardModel.paths[field]]
                } onChange: {
                    wakeups.fire(field)
                }
            }
            for field in 0..<10 { observe(field) }
            return time {
                for index in 0..<operations {
                    let field = index % 10
                    model[keyPath: DashboardModel.paths[field]] += 1
                    wakeups.expectOnly(field)
                    observe(field)
                }
            }
        }
    }
}
