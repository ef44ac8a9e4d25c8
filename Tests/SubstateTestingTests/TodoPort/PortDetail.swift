import Substate

struct PortDetail: Program, Equatable, Sendable {
    var todo: PortRow
    var secondsOpen = 0

    enum Action: Equatable, Sendable {
        case appeared
        case tick
        case todo(PortRow.Action)
    }

    static func update(
        state: consuming PortDetail, environment: PortApp.Environment, action: Action
    )
        -> Update<PortDetail, Action>
    {
        switch action {
        case .appeared:
            let timer = Effect.timer(every: .seconds(1), clock: environment.clock)
            return Update(state: state, effect: timer.map { _ in .tick })
        case .tick:
            state.secondsOpen += 1
            return Update(state: state)
        case .todo(let action):
            return .child(action, in: state, at: \.todo, as: Action.todo)
        }
    }
}
