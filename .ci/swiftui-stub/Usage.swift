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

// Navigation: a destination, a cover, a popover and a confirmation dialog bound to state
// (the stack, the sheet and the alert are in Samples/Contacts/ContactsUI).

struct Panel: Program, Equatable, Sendable {
    var count = 0
    enum Action: Sendable { case close }
    static func update(state: consuming Panel, environment: Void, action: Action) -> Update<
        Panel, Action
    > {
        .dismiss(state)
    }
}

struct Screen: Program, Equatable, Sendable {
    var detail: Panel?
    var cover: Panel?
    var tip: Panel?
    var dialog: ConfirmationDialogState<Choice>?

    enum Choice: Equatable, Sendable { case archive }
    enum Action: Sendable {
        case detail(PresentationAction<Panel.Action>)
        case cover(PresentationAction<Panel.Action>)
        case tip(PresentationAction<Panel.Action>)
        case dialog(PresentationAction<Choice>)
    }

    static func update(state: consuming Screen, environment: Void, action: Action) -> Update<
        Screen, Action
    > {
        switch action {
        case .detail(let action): return .child(action, in: state, at: \.detail, as: Action.detail)
        case .cover(let action): return .child(action, in: state, at: \.cover, as: Action.cover)
        case .tip(let action): return .child(action, in: state, at: \.tip, as: Action.tip)
        case .dialog:
            state.dialog = nil
            return Update(state: state)
        }
    }
}

struct PanelView: View {
    let store: ScopedStore<Panel, Panel.Action>
    var body: some View { Button("Close") { store.send(.close) } }
}

@available(macOS, unavailable)
@available(tvOS, unavailable)
struct ScreenView: View {
    let store: Store<Screen, Screen.Action, Void>

    var body: some View {
        Text("Screen")
            .navigationDestination(store, at: \.detail, as: Screen.Action.detail) { panel in
                PanelView(store: panel)
            }
            .fullScreenCover(store, at: \.cover, as: Screen.Action.cover) { panel in
                PanelView(store: panel)
            }
            .popover(store, at: \.tip, as: Screen.Action.tip) { panel in PanelView(store: panel) }
            .confirmationDialog(store, at: \.dialog, as: Screen.Action.dialog)
    }
}

// One case of a destination enum, presented by its own modifier.

enum Destination: Program, Equatable, Sendable {
    case panel(Panel)
    case confirm(AlertState<Confirm>)

    enum Confirm: Equatable, Sendable { case discard }
    enum Action: Sendable {
        case panel(Panel.Action)
        case confirm(Confirm)
    }

    static func update(
        state: consuming Destination, environment: Void, action: Action
    ) -> Update<Destination, Action> {
        .dismiss(state)
    }

    var panel: Panel? { if case .panel(let panel) = self { panel } else { nil } }
    var confirm: AlertState<Confirm>? { if case .confirm(let alert) = self { alert } else { nil } }
}

struct Note: Program, Equatable, Sendable {
    var destination: Destination?
    enum Action: Sendable { case destination(PresentationAction<Destination.Action>) }
    static func update(state: consuming Note, environment: Void, action: Action) -> Update<
        Note, Action
    > {
        switch action {
        case .destination(let action):
            return .child(action, in: state, at: \.destination, as: Action.destination)
        }
    }
}

struct NoteView: View {
    let store: Store<Note, Note.Action, Void>

    var body: some View {
        Text("Note")
            .sheet(
                store, at: \.destination?.panel, as: Note.Action.destination,
                case: Destination.Action.panel
            ) { panel in PanelView(store: panel) }
            .alert(
                store, at: \.destination?.confirm, as: Note.Action.destination,
                case: Destination.Action.confirm)
    }
}

/// A searchable list that loads when it appears: what an app's own views do beside SubstateUI.
struct Finder: Program, Equatable, Sendable {
    var query = ""
    var results: [String] = []
    enum Action: Sendable { case appeared, queryChanged(String), loaded([String]) }
    static func update(state: consuming Finder, environment: Void, action: Action) -> Update<
        Finder, Action
    > {
        switch action {
        case .appeared: return Update(state: state)
        case .queryChanged(let query): state.query = query
        case .loaded(let results): state.results = results
        }
        return Update(state: state)
    }
}

struct FinderView: View {
    let store: Store<Finder, Finder.Action, Void>

    var body: some View {
        VStack(alignment: .leading) {
            List(store.results, id: \.self) { result in Text(result) }
        }
        .searchable(
            text: store.binding(at: \.query, as: Finder.Action.queryChanged), prompt: "Search")
        .onAppear { store.send(.appeared) }
        .task { await store.send(.loaded(["a"])).finish() }
        .toolbar { Button("Clear") { store.send(.queryChanged("")) } }
    }
}
