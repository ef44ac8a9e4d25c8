import Substate

// A to-do app as a newcomer writes it from the docs: rows by id, a debounced
// search, a presented detail with a timer. Its line counts are reported against a TCA port.

struct PortRow: Program, Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var isDone = false

    enum Action: Equatable, Sendable {
        case toggle
        case rename(String)
    }

    static func update(state: consuming PortRow, environment: Void, action: Action) -> Update<
        PortRow, Action
    > {
        switch action {
        case .toggle: state.isDone.toggle()
        case .rename(let title): state.title = title
        }
        return Update(state: state)
    }
}
