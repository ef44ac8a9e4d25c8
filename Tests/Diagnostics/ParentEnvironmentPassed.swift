// The parent's environment passed to a child that has an environment of its own.
// expected: cannot convert value of type 'AppEnvironment' to expected argument type 'Settings.Environment'
// errors: 1
import Substate

struct Settings: Program, Equatable, Sendable {
    struct Environment: Sendable { var locale = "en" }
    enum Action: Sendable { case rename(String) }
    static func update(state: consuming Settings, environment: Environment, action: Action)
        -> Update<Settings, Action>
    {
        Update(state: state)
    }
}

struct AppEnvironment: Sendable {
    var settings = Settings.Environment()
}

struct App: Equatable, Sendable {
    var settings = Settings()
    enum Action: Sendable { case settings(Settings.Action) }
    static func update(state: consuming App, environment: AppEnvironment, action: Action) -> Update<
        App, Action
    > {
        switch action {
        case .settings(let action):
            return .child(action, in: state, at: \.settings, as: Action.settings, environment)
        }
    }
}
