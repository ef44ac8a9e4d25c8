// How an app uses SubstateUI, type-checked by `.ci/typecheck-swiftui` against the stand-in
// SwiftUI module. Not shipped.
import Substate
import SubstateUI
import SwiftUI

struct Counter: Program, Equatable, Sendable {
    var count = 0
    var isOn = false
}

enum CounterAction: Sendable {
    case increment
    case setOn(Bool)
}

extension Counter {
    static func update(
        state: consuming Counter, environment: Void, action: CounterAction
    ) -> Update<Counter, CounterAction> {
        switch action {
        case .increment:
            state.count += 1
            return Update(state: state).animation(.easeInOut)
        case .setOn(let isOn):
            state.isOn = isOn
            return Update(state: state).animation()
        }
    }
}

struct App: Equatable, Sendable {
    var counter = Counter()
}

enum AppAction: Sendable {
    case counter(CounterAction)
}

struct CounterView: View {
    let store: Store<Counter, CounterAction, Void>

    var body: some View {
        Toggle("On", isOn: store.binding(at: \.isOn, as: CounterAction.setOn))
    }
}

struct ScopedToggle: View {
    let store: ScopedStore<Counter, CounterAction>

    var body: some View {
        Toggle("On", isOn: store.binding(at: Lens(\Counter.isOn), as: CounterAction.setOn))
    }
}

struct EnvironmentReader: View {
    @Environment(Store<Counter, CounterAction, Void>.self) private var store

    var body: some View {
        Text("\(store.state.count)")
    }
}

struct Root: View {
    let store: Store<App, AppAction, Void>

    var body: some View {
        WithStore(store, at: \.counter, as: AppAction.counter) { counter, send in
            Button("\(counter.count)") { send(.increment) }
        }
    }
}

@MainActor
func previewStore() -> some View {
    CounterView(store: .preview(state: Counter(count: 3), program: Counter.self))
        .store(Store(state: Counter(), program: Counter.self))
}

struct WholeCounter: View {
    let store: Store<Counter, CounterAction, Void>

    var body: some View {
        WithStore(store) { counter, send in
            Button("\(counter.count)") { send(.increment) }
        }
    }
}

@MainActor
func scopedPreview() -> some View {
    ScopedToggle(
        store: Store.preview(state: Counter(), program: Counter.self)
            .scope(at: Lens(\Counter.self), as: { $0 }))
}

struct Settings: Equatable, Sendable {
    var title = ""
    var isCompact = false
}

enum SettingsAction: Sendable {
    case title(String)
}

/// Field observation from a view: `WithStore` handing the scoped store to its content, and a
/// binding that observes its value alone.
struct SettingsView: View {
    let store: Store<Settings, SettingsAction, Void>

    var body: some View {
        WithStore(store, at: Lens(\Settings.self), as: { $0 }) { settings in
            Text(settings.title)
        }
    }
}

struct SettingsTitleField: View {
    let store: Store<Settings, SettingsAction, Void>

    var body: some View {
        TextField("Title", text: store.binding(at: \.title, as: SettingsAction.title))
    }
}
