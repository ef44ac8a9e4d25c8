// A scope of a property that is not a program, by key path.
// expected: the property at: is not a Program: scope another part through a lens
// errors: 1
import Substate

struct Profile: Equatable, Sendable {
    var name = ""
}

struct App: Program, Equatable, Sendable {
    var profile = Profile()
    enum Action: Sendable { case rename(String) }
    static func update(state: consuming App, environment: Void, action: Action) -> Update<
        App, Action
    > {
        Update(state: state)
    }
}

@MainActor func profile(store: StoreOf<App>) {
    _ = store.scope(at: \.profile, as: { (name: String) in App.Action.rename(name) })
}
