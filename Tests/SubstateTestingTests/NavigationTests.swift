import Foundation
import Substate
import SubstateTesting
import TestSupport
import Testing

/// A screen with a long-running effect (a ticker), a save that ends in a self-dismissal,
/// and a cancellation id of its own ("tick") that two instances must not share.
struct NavTicker: Program, Equatable, Sendable {
    var name: String
    var ticks = 0
    var isSaved = false

    enum Action: Equatable, Sendable {
        case start, stop, tick, save, saved, done
    }

    static func update(
        state: consuming NavTicker, environment: TestClock, action: Action
    ) -> Update<NavTicker, Action> {
        switch action {
        case .start:
            return Update(
                state: state,
                effect: Effect<Int>.timer(every: .seconds(1), clock: environment)
                    .map { _ in .tick }.cancellable(id: "tick"))
        case .stop:
            return Update(state: state, effect: .cancel(id: "tick"))
        case .tick:
            state.ticks += 1
        case .save:
            return Update(
                state: state,
                effect: Effect.send(.saved).delay(for: .seconds(1), clock: environment))
        case .saved:
            state.isSaved = true
            return .dismiss(state)
        case .done:
            return .dismiss(state)
        }
        return Update(state: state)
    }
}

/// Told apart by name: presenting a ticker with another name in a sheet is another child.
extension NavTicker: Identifiable {
    var id: String { name }
}

/// The app's screens: an enum whose program routes to its cases, so that a dismissal of a
/// case's program goes up through it to the stack.
enum NavScreen: Program, Equatable, Sendable {
    case ticker(NavTicker)
    case about

    enum Action: Equatable, Sendable {
        case ticker(NavTicker.Action)
    }

    static func update(
        state: consuming NavScreen, environment: TestClock, action: Action
    ) -> Update<NavScreen, Action> {
        switch action {
        case .ticker(let action):
            return .child(
                action, in: state,
                at: .case(
                    NavScreen.ticker, extract: { if case .ticker(let t) = $0 { t } else { nil } }),
                as: Action.ticker, environment: environment, update: NavTicker.update)
        }
    }
}

/// Several destinations presented from one optional: an enum whose program routes to its
/// cases, one of them an alert whose buttons dismiss it.
enum NavDestination: Program, Equatable, Sendable {
    case ticker(NavTicker)
    case confirm(AlertState<NavFlow.AlertAction>)

    enum Action: Equatable, Sendable {
        case ticker(NavTicker.Action)
        case confirm(NavFlow.AlertAction)
    }

    static func update(
        state: consuming NavDestination, environment: TestClock, action: Action
    ) -> Update<NavDestination, Action> {
        switch action {
        case .ticker(let action):
            return .child(
                action, in: state, at: .case(NavDestination.ticker, extract: \.ticker),
                as: Action.ticker, environment: environment, update: NavTicker.update)
        case .confirm:
            return .dismiss(state)
        }
    }

    var ticker: NavTicker? { if case .ticker(let ticker) = self { ticker } else { nil } }
    var confirm: AlertState<NavFlow.AlertAction>? {
        if case .confirm(let alert) = self { alert } else { nil }
    }
}

/// A presented child that is not `Identifiable`: told apart only by its state.
struct NavNote: Program, Equatable, Sendable {
    var text: String

    enum Action: Equatable, Sendable {
        case done
    }

    static func update(
        state: consuming NavNote, environment: TestClock, action: Action
    ) -> Update<NavNote, Action> {
        .dismiss(state)
    }
}

struct NavFlow: Program, Equatable, Sendable {
    var path = ScreenStack<NavScreen>()
    var destination: NavDestination?
    var sheet: NavTicker?
    var note: NavNote?
    var alert: AlertState<AlertAction>?
    var log: [String] = []

    enum AlertAction: Equatable, Sendable {
        case deleteConfirmed
    }

    enum Action: Equatable, Sendable {
        case path(StackAction<NavScreen>)
        case sheet(PresentationAction<NavTicker.Action>)
        case alert(PresentationAction<AlertAction>)
        case destination(PresentationAction<NavDestination.Action>)
        case show(NavDestination)
        case stopScreen(ScreenID)
        case openSheet(String)
        case note(PresentationAction<NavNote.Action>)
        case openNote(String)
        /// The sheet's `.done` (it asks to be dismissed), then another sheet in its place, in
        /// one update.
        case doneAndOpenSheet(String)
        case doneAndOpenNote(String)
        case deepLink([String])
        case replaceLink([String])
        case askDelete
    }

    static func update(
        state: consuming NavFlow, environment: TestClock, action: Action
    ) -> Update<NavFlow, Action> {
        switch action {
        case .path(let action):
            if case .popFrom(let id) = action, case .ticker(let ticker)? = state.path[id: id] {
                state.log.append("popped \(ticker.name) saved=\(ticker.isSaved)")
            }
            return .child(action, in: state, at: \.path, as: Action.path, environment)
        case .sheet(let action):
            if case .dismiss = action, let sheet = state.sheet {
                state.log.append("sheet \(sheet.name) dismissed saved=\(sheet.isSaved)")
            }
            return .child(action, in: state, at: \.sheet, as: Action.sheet, environment)
        case .destination(let action):
            if case .presented(.confirm(.deleteConfirmed)) = action {
                state.log.append("deleted from the destination")
            }
            if case .dismiss = action, let destination = state.destination {
                state.log.append("dismissed \(destination.ticker?.name ?? "the alert")")
            }
            return .child(action, in: state, at: \.destination, as: Action.destination, environment)
        case .show(let destination):
            state.destination = destination
        case .stopScreen(let id):
            return Update(state: state, effect: .cancelEffects(of: .screen(id, in: \NavFlow.path)))
        case .alert(.presented(.deleteConfirmed)):
            state.alert = nil
            state.log.append("deleted")
        case .alert(.dismiss):
            state.alert = nil
        case .openSheet(let name):
            state.sheet = NavTicker(name: name)
        case .note(let action):
            return .child(action, in: state, at: \.note, as: Action.note, environment)
        case .openNote(let text):
            state.note = NavNote(text: text)
        case .doneAndOpenSheet(let name):
            var update = Update.child(
                PresentationAction.presented(.done), in: state, at: \.sheet, as: Action.sheet,
                environment)
            update.state.sheet = NavTicker(name: name)
            return update
        case .doneAndOpenNote(let text):
            var update = Update.child(
                PresentationAction.presented(.done), in: state, at: \.note, as: Action.note,
                environment)
            update.state.note = NavNote(text: text)
            return update
        case .deepLink(let names):
            state.path.popToRoot()
            for name in names { state.path.push(.ticker(NavTicker(name: name))) }
        case .replaceLink(let names):
            // A stack made anew, as Navigation.md's deep link makes it: it numbers from 0 too.
            state.path = ScreenStack(names.map { .ticker(NavTicker(name: $0)) })
        case .askDelete:
            state.alert = AlertState(
                title: "Delete?", message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: .deleteConfirmed), .cancel()])
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct NavigationTests {
    func makeStore(_ state: NavFlow = NavFlow()) -> TestStore<NavFlow, NavFlow.Action, TestClock> {
        TestStore(state: state, environment: TestClock(), program: NavFlow.self)
    }

    @Test func pushPopPopToAndPopToRootChangeTheStackAndKeepIDs() {
        let store = makeStore()
        store.send(.path(.push(.ticker(NavTicker(name: "a"))))) {
            $0.path.push(.ticker(NavTicker(name: "a")))
        }
        store.send(.path(.push(.about))) { $0.path.push(.about) }
        store.send(.path(.push(.ticker(NavTicker(name: "c"))))) {
            $0.path.push(.ticker(NavTicker(name: "c")))
        }
        #expect(store.state.path.ids == [0, 1, 2])
        store.send(.path(.popTo(0))) { $0.path.pop(to: 0) }
        #expect(store.state.path.ids == [0])
        store.send(.path(.push(.about))) { $0.path.push(.about) }
        #expect(store.state.path.ids == [0, 3], "ids are never reused")
        store.send(.path(.pop)) { $0.path.pop() }
        store.send(.path(.popToRoot)) { $0.path.popToRoot() }
        #expect(store.state.path.isEmpty)
    }

    @Test func theParentCancelsOneScreensEffectsWhileItStays() {
        let store = makeStore()
        store.send(.deepLink(["a", "b"])) {
            $0.path = [.ticker(NavTicker(name: "a")), .ticker(NavTicker(name: "b"))]
        }
        store.send(.path(.screen(0, .ticker(.start))))
        store.send(.path(.screen(1, .ticker(.start))))
        store.send(.stopScreen(0))
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        store.receive(.path(.screen(1, .ticker(.tick)))) {
            $0.path[id: 1] = .ticker(NavTicker(name: "b", ticks: 1))
        }
        store.send(.stopScreen(1))
        #expect(store.runningEffectCount == 0)
    }

    @Test func aDeepLinkBuildsAStackOfThreeScreensInOneAction() {
        let store = makeStore()
        store.send(.deepLink(["a", "b", "c"])) {
            $0.path = [
                .ticker(NavTicker(name: "a")), .ticker(NavTicker(name: "b")),
                .ticker(NavTicker(name: "c")),
            ]
        }
        #expect(store.state.path.ids == [0, 1, 2])
        store.send(.path(.screen(2, .ticker(.tick)))) {
            $0.path[id: 2] = .ticker(NavTicker(name: "c", ticks: 1))
        }
    }

    /// A child that asks to be dismissed in the update in which its parent presents another
    /// in its place: the dismissal is the first child's, and the second stays.
    @Test func aDismissalIsTheAskingChildsOnly() {
        let store = makeStore()
        store.send(.openSheet("a")) { $0.sheet = NavTicker(name: "a") }
        store.send(.doneAndOpenSheet("b")) { $0.sheet = NavTicker(name: "b") }
        store.send(.openNote("x")) { $0.note = NavNote(text: "x") }
        store.send(.doneAndOpenNote("y")) { $0.note = NavNote(text: "y") }
        // A child that asks, and stays the same child, is dismissed as before.
        store.send(.note(.presented(.done)))
        store.receive(.note(.dismiss)) { $0.note = nil }
    }

    /// A deep link that assigns a stack made anew, numbered from 0 like the one it replaces:
    /// the old screen #0's timer ends with it and never reaches the new screen #0.
    @Test func aStackAssignedInPlaceOfAnotherEndsItsScreensEffects() {
        let store = makeStore()
        store.send(.replaceLink(["a"])) { $0.path = [.ticker(NavTicker(name: "a"))] }
        store.send(.path(.screen(0, .ticker(.start))))
        store.advance(by: .seconds(1))
        store.receive(.path(.screen(0, .ticker(.tick)))) {
            $0.path[id: 0] = .ticker(NavTicker(name: "a", ticks: 1))
        }
        #expect(store.runningEffectCount == 1)
        store.send(.replaceLink(["b"])) { $0.path = [.ticker(NavTicker(name: "b"))] }
        #expect(store.state.path.ids == [0])
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(5))
        // The new screen #0 runs its own effects.
        store.send(.path(.screen(0, .ticker(.start))))
        store.advance(by: .seconds(1))
        store.receive(.path(.screen(0, .ticker(.tick)))) {
            $0.path[id: 0] = .ticker(NavTicker(name: "b", ticks: 1))
        }
        store.send(.path(.screen(0, .ticker(.stop))))
    }

    @Test func aPoppedScreensLongRunningEffectEndsAndItsLateActionsAreDropped() {
        let store = makeStore()
        store.send(.deepLink(["a", "b"])) {
            $0.path = [.ticker(NavTicker(name: "a")), .ticker(NavTicker(name: "b"))]
        }
        store.send(.path(.screen(1, .ticker(.start))))
        store.advance(by: .seconds(1))
        store.receive(.path(.screen(1, .ticker(.tick)))) {
            $0.path[id: 1] = .ticker(NavTicker(name: "b", ticks: 1))
        }
        #expect(store.runningEffectCount == 1)
        store.send(.path(.popFrom(1))) {
            $0.path.pop(from: 1)
            $0.log = ["popped b saved=false"]
        }
        #expect(store.runningEffectCount == 0)
        // Nothing more arrives: the timer ended with its screen.
        store.advance(by: .seconds(5))
        // An action for the popped screen changes nothing.
        store.send(.path(.screen(1, .ticker(.tick))))
    }

    @Test func aScreenThatDismissesItselfFromItsEffectIsPoppedAndTheParentSeesItFirst() {
        let store = makeStore()
        store.send(.deepLink(["a", "b"])) {
            $0.path = [.ticker(NavTicker(name: "a")), .ticker(NavTicker(name: "b"))]
        }
        store.send(.path(.screen(1, .ticker(.save))))
        store.advance(by: .seconds(1))
        store.receive(.path(.screen(1, .ticker(.saved)))) {
            $0.path[id: 1] = .ticker(NavTicker(name: "b", isSaved: true))
        }
        store.receive(.path(.popFrom(1))) {
            $0.path.pop(from: 1)
            $0.log = ["popped b saved=true"]
        }
        #expect(store.state.path.ids == [0])
    }

    @Test func theSameScreenTypeTwiceKeepsSeparateEffectsAndIDs() {
        let store = makeStore()
        store.send(.deepLink(["a", "b"])) {
            $0.path = [.ticker(NavTicker(name: "a")), .ticker(NavTicker(name: "b"))]
        }
        store.send(.path(.screen(0, .ticker(.start))))
        store.send(.path(.screen(1, .ticker(.start))))
        #expect(store.runningEffectCount == 2)
        // Both use the id "tick": stopping one leaves the other running.
        store.send(.path(.screen(0, .ticker(.stop))))
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        store.receive(.path(.screen(1, .ticker(.tick)))) {
            $0.path[id: 1] = .ticker(NavTicker(name: "b", ticks: 1))
        }
        store.send(.path(.screen(1, .ticker(.stop))))
        #expect(store.runningEffectCount == 0)
    }

    @Test func aSheetThatDismissesItselfIsRemovedAfterTheParentSawItsLastState() {
        let store = makeStore()
        store.send(.openSheet("s")) { $0.sheet = NavTicker(name: "s") }
        store.send(.sheet(.presented(.start)))
        store.send(.sheet(.presented(.save)))
        store.advance(by: .seconds(1))
        store.receive(.sheet(.presented(.tick))) { $0.sheet?.ticks = 1 }
        store.receive(.sheet(.presented(.saved))) { $0.sheet?.isSaved = true }
        store.receive(.sheet(.dismiss)) {
            $0.sheet = nil
            $0.log = ["sheet s dismissed saved=true"]
        }
        #expect(store.runningEffectCount == 0, "the sheet's timer ended with it")
        store.advance(by: .seconds(3))
    }

    @Test func aSheetDismissedByTheParentEndsItsEffectsAndDropsItsActions() {
        let store = makeStore()
        store.send(.openSheet("s")) { $0.sheet = NavTicker(name: "s") }
        store.send(.sheet(.presented(.start)))
        store.send(.sheet(.dismiss)) {
            $0.sheet = nil
            $0.log = ["sheet s dismissed saved=false"]
        }
        #expect(store.runningEffectCount == 0)
        store.send(.sheet(.presented(.tick)))
    }

    @Test func anotherChildPresentedInPlaceOfTheFirstEndsTheFirstsEffects() {
        let store = makeStore()
        store.send(.openSheet("a")) { $0.sheet = NavTicker(name: "a") }
        store.send(.sheet(.presented(.start)))
        #expect(store.runningEffectCount == 1)
        // A child with another id takes the sheet's place: the first one's timer ends, and
        // none of its ticks reaches the second.
        store.send(.openSheet("b")) { $0.sheet = NavTicker(name: "b") }
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(2))
        // The same child presented again (same id) keeps its effects.
        store.send(.sheet(.presented(.start)))
        store.send(.openSheet("b"))
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        store.receive(.sheet(.presented(.tick))) { $0.sheet?.ticks = 1 }
        store.send(.sheet(.dismiss)) {
            $0.sheet = nil
            $0.log = ["sheet b dismissed saved=false"]
        }
    }

    @Test func anAlertButtonsActionReachesTheParentAndDismissingSendsNothingElse() {
        let store = makeStore()
        store.send(.askDelete) {
            $0.alert = AlertState(
                title: "Delete?", message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: .deleteConfirmed), .cancel()])
        }
        #expect(store.state.alert?.actions == [.deleteConfirmed])
        store.send(.alert(.presented(.deleteConfirmed))) {
            $0.alert = nil
            $0.log = ["deleted"]
        }
        store.send(.askDelete) { $0.alert = store.state.alert ?? $0.alert }
        store.send(.alert(.dismiss)) { $0.alert = nil }
        #expect(store.state.log == ["deleted"])
    }

    @Test func aDismissalGoesToTheNearestPresentationOnly() {
        // The ticker on the stack dismisses itself: the stack pops it, and the sheet (an
        // outer presentation of the same parent) stays.
        let store = makeStore()
        store.send(.openSheet("s")) { $0.sheet = NavTicker(name: "s") }
        store.send(.deepLink(["a"])) { $0.path = [.ticker(NavTicker(name: "a"))] }
        store.send(.path(.screen(0, .ticker(.done))))
        store.receive(.path(.popFrom(0))) {
            $0.path.pop(from: 0)
            $0.log = ["popped a saved=false"]
        }
        #expect(store.state.sheet != nil)
    }

    @Test func aRootProgramThatAsksToBeDismissedKeepsItsStateAndRunsItsOtherEffects() {
        // Nothing presents the root: the request is dropped (with a message in a debug
        // build), the state is committed and the update's other effects run.
        let store = TestStore(
            state: NavTicker(name: "root"), environment: TestClock(), program: NavTicker.self)
        store.send(.start)
        store.send(.done)
        store.advance(by: .seconds(1))
        store.receive(.tick) { $0.ticks = 1 }
        store.send(.stop)
    }

    @Test func anUpdateSaysWhetherItIsADismissal() {
        let ticker = NavTicker(name: "t")
        #expect(
            NavTicker.update(state: ticker, environment: TestClock(), action: .done).isDismissal)
        #expect(
            !NavTicker.update(state: ticker, environment: TestClock(), action: .tick).isDismissal)
        let screen = NavScreen.update(
            state: .ticker(ticker), environment: TestClock(), action: .ticker(.done))
        #expect(screen.isDismissal, "a dismissal goes up through an enum of screens")
    }

    @Test func aDestinationCaseThatDismissesItselfClearsTheDestination() {
        let store = makeStore()
        store.send(.show(.ticker(NavTicker(name: "d")))) {
            $0.destination = .ticker(NavTicker(name: "d"))
        }
        store.send(.destination(.presented(.ticker(.start))))
        store.send(.destination(.presented(.ticker(.done))))
        store.receive(.destination(.dismiss)) {
            $0.destination = nil
            $0.log = ["dismissed d"]
        }
        #expect(store.runningEffectCount == 0)
    }

    @Test func anAlertInADestinationSendsItsButtonThenDismissesItself() {
        let store = makeStore()
        let alert = AlertState<NavFlow.AlertAction>(
            title: "Delete?", buttons: [.destructive("Delete", action: .deleteConfirmed)])
        store.send(.show(.confirm(alert))) { $0.destination = .confirm(alert) }
        store.send(.destination(.presented(.confirm(.deleteConfirmed)))) {
            $0.log = ["deleted from the destination"]
        }
        store.receive(.destination(.dismiss)) {
            $0.destination = nil
            $0.log.append("dismissed the alert")
        }
    }

    @Test func tenThousandPushesAndPopsLeaveTheStackAsItWas() {
        var stack = ScreenStack<NavScreen>([.about])
        for _ in 0..<10_000 {
            let id = stack.push(.about)
            #expect(stack.lastID == id)
            stack.pop()
        }
        #expect(stack.ids == [0])
        #expect(stack.count == 1)
    }
}

@MainActor
@Suite struct NavigationBindingTests {
    func makeStore() -> Store<NavFlow, NavFlow.Action, TestClock> {
        Store(state: NavFlow(), environment: TestClock(), program: NavFlow.self)
    }

    @Test func goingBackInSwiftUISendsExactlyOneActionThatPopsFromTheFirstScreenThatWent() {
        let store = makeStore()
        store.send(.deepLink(["a", "b", "c"]))
        var sent: [NavFlow.Action] = []
        store.addMiddleware(.observe { action, _ in sent.append(action) })
        let path = store.pathBinding(at: \.path, as: NavFlow.Action.path)
        #expect(path.value == [0, 1, 2])
        path.value = [0]
        #expect(sent == [.path(.popFrom(1))])
        #expect(store.state.path.ids == [0])
        // Writing the same path, or a path the stack does not hold, sends nothing.
        path.value = [0]
        path.value = [0, 7]
        #expect(sent.count == 1)
        path.value = []
        #expect(sent == [.path(.popFrom(1)), .path(.popFrom(0))])
        #expect(store.state.path.isEmpty)
    }

    @Test func dismissingASheetInSwiftUISendsExactlyOneDismiss() {
        let store = makeStore()
        var sent: [NavFlow.Action] = []
        store.addMiddleware(.observe { action, _ in sent.append(action) })
        let isPresented = store.presentationBinding(at: \.sheet, as: NavFlow.Action.sheet)
        #expect(isPresented.value == false)
        isPresented.value = false
        #expect(store.state.log.isEmpty, "nothing to dismiss: nothing sent")
        store.send(.openSheet("s"))
        #expect(isPresented.value)
        isPresented.value = false
        #expect(store.state.sheet == nil)
        #expect(sent == [.openSheet("s"), .sheet(.dismiss)])
        isPresented.value = false
        isPresented.value = true
        #expect(sent.count == 2)
    }

    @Test func aScreensScopeIsDetachedWhenItsStackIsReplaced() {
        let store = makeStore()
        store.send(.replaceLink(["a"]))
        let old = store.scope(at: \.path, id: 0, as: NavFlow.Action.path)
        #expect(old?.state == .ticker(NavTicker(name: "a")))
        store.send(.replaceLink(["b"]))
        #expect(old?.isDetached == true)
        #expect(old?.state == .ticker(NavTicker(name: "a")))
        old?.send(.ticker(.tick))
        #expect(store.state.path[id: 0] == .ticker(NavTicker(name: "b")))
        let new = store.scope(at: \.path, id: 0, as: NavFlow.Action.path)
        #expect(new?.state == .ticker(NavTicker(name: "b")))
        new?.send(.ticker(.tick))
        #expect(store.state.path[id: 0] == .ticker(NavTicker(name: "b", ticks: 1)))
        // Pushing onto a stack keeps it: the scope of a screen below stays attached.
        store.send(.path(.push(.about)))
        #expect(new?.isDetached == false)
    }

    @Test func aPoppedScreensScopeKeepsShowingItsLastState() {
        let store = makeStore()
        store.send(.deepLink(["a", "b"]))
        let screen = store.scope(at: \.path, id: 1, as: NavFlow.Action.path)
        #expect(screen?.state == .ticker(NavTicker(name: "b")))
        screen?.send(.ticker(.tick))
        #expect(screen?.state == .ticker(NavTicker(name: "b", ticks: 1)))
        store.send(.path(.popFrom(1)))
        #expect(screen?.isDetached == true)
        #expect(screen?.state == .ticker(NavTicker(name: "b", ticks: 1)))
        #expect(store.scope(at: \.path, id: 1, as: NavFlow.Action.path) == nil)
    }

    @Test func oneCaseOfADestinationIsScopedAndBoundByItsOptionalChain() {
        let store = makeStore()
        var sent: [NavFlow.Action] = []
        store.addMiddleware(.observe { action, _ in sent.append(action) })
        let isPresented = store.presentationBinding(
            at: \.destination?.ticker, as: NavFlow.Action.destination)
        #expect(!isPresented.value)
        #expect(
            store.scope(
                at: \.destination?.ticker, as: NavFlow.Action.destination,
                case: NavDestination.Action.ticker) == nil)
        store.send(.show(.ticker(NavTicker(name: "d"))))
        #expect(isPresented.value)
        // A scope of the case through its lens, as Navigation.md shows for a presentation of
        // one's own.
        let ticker = store.scope(
            at: OptionalLens(\.destination).appending(.case(NavDestination.ticker)),
            as: { .destination(.presented(.ticker($0))) })
        ticker?.send(.tick)
        #expect(store.state.destination == .ticker(NavTicker(name: "d", ticks: 1)))
        // The destination moves to another case: the ticker's scope keeps its last state.
        store.send(.show(.confirm(AlertState(title: "Sure?"))))
        #expect(!isPresented.value)
        #expect(ticker?.isDetached == true)
        #expect(ticker?.state == NavTicker(name: "d", ticks: 1))
        // Dismissing the alert case as SwiftUI does sends one `.dismiss` of the destination.
        let alert = store.presentationBinding(
            at: \.destination?.confirm, as: NavFlow.Action.destination)
        alert.value = false
        #expect(store.state.destination == nil)
        #expect(sent.last == .destination(.dismiss))
        #expect(sent.count == 4)
    }

    @Test func aPresentedChildsScopeSendsPresentedActions() {
        let store = makeStore()
        #expect(store.scope(at: \.sheet, as: NavFlow.Action.sheet) == nil)
        store.send(.openSheet("s"))
        let sheet = store.scope(at: \.sheet, as: NavFlow.Action.sheet)
        sheet?.send(.tick)
        #expect(store.state.sheet?.ticks == 1)
        sheet?.send(.done)
        #expect(store.state.sheet == nil)
        #expect(sheet?.isDetached == true)
        #expect(sheet?.state.ticks == 1)
    }
}

@Suite struct ScreenStackCodingTests {
    @Test func aStackRoundTripsThroughJSON() throws {
        var stack = ScreenStack<String>(["a", "b"])
        stack.pop()
        stack.push("c")
        let data = try JSONEncoder().encode(stack)
        let decoded = try JSONDecoder().decode(ScreenStack<String>.self, from: data)
        #expect(decoded == stack)
        #expect(decoded.ids == [0, 2])
    }

    @Test func aCorruptStackIsReportedNotRepaired() {
        let bad = Data(#"{"ids":[2,1],"screens":["a","b"],"nextID":3}"#.utf8)
        #expect {
            try JSONDecoder().decode(ScreenStack<String>.self, from: bad)
        } throws: { error in
            "\(error)".contains("do not increase")
        }
        let short = Data(#"{"ids":[0],"screens":["a","b"],"nextID":3}"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScreenStack<String>.self, from: short)
        }
        let stale = Data(#"{"ids":[0,4],"screens":["a","b"],"nextID":3}"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScreenStack<String>.self, from: stale)
        }
    }

    /// A next id that cannot grow would trap at the next push, at every start that pushes.
    @Test(arguments: [Int.max, Int.max - 1, (1 << 53) + 1])
    func aNextIDThatCannotGrowIsRefused(nextID: Int) {
        let bad = Data(#"{"ids":[0],"screens":["a"],"nextID":\#(nextID)}"#.utf8)
        #expect {
            try JSONDecoder().decode(ScreenStack<String>.self, from: bad)
        } throws: { error in
            "\(error)".contains("is above 2^53")
        }
        let largest = Data(#"{"ids":[0],"screens":["a"],"nextID":\#(1 << 53)}"#.utf8)
        #expect(throws: Never.self) {
            var stack = try JSONDecoder().decode(ScreenStack<String>.self, from: largest)
            stack.push("b")
        }
    }

    @Test func negativeIDsAreRefused() {
        let bad = Data(#"{"ids":[-1,0],"screens":["a","b"],"nextID":1}"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScreenStack<String>.self, from: bad)
        }
    }

    /// One bad id among 100,000 screens: the message names it, not the whole list.
    @Test func theMessageNamesTheFirstBadIDNotTheList() throws {
        var ids = Array(0..<100_000)
        ids[50_000] = 3
        let json =
            #"{"ids":\#(ids),"screens":\#(Array(repeating: 0, count: ids.count)),"nextID":2000000}"#
        var message = ""
        do {
            _ = try JSONDecoder().decode(ScreenStack<Int>.self, from: Data(json.utf8))
        } catch {
            message = "\(error)"
        }
        #expect(message.contains("#3 at position 50000 follows #49999"), "\(message.prefix(300))")
        #expect(message.utf8.count < 1_000)
    }
}

/// A saved state whose stack cannot be loaded is reported and kept aside, and every later
/// start loads the initial state instead of trapping.
@MainActor
@Suite struct SavedStackTests {
    struct Saved: Equatable, Sendable {
        var path = ScreenStack<String>()
    }

    @Test func aSavedStackThatCannotGrowIsKeptAside() throws {
        let folder = TemporaryFolder()
        let file = folder.url.appendingPathComponent("saved.json")
        try Data(
            #"{"format":"substate-state","version":1,"state":{"ids":[0],"screens":["a"],"nextID":9223372036854775807}}"#
                .utf8
        ).write(to: file)
        let saver = StateSaver(
            file: file, at: \Saved.path, clock: ContinuousClock(), onError: { _ in })
        #expect {
            try saver.load(into: Saved())
        } throws: { error in
            guard case .corrupted(_, let keptAt, let reason) = error as? PersistenceError else {
                return false
            }
            return keptAt.lastPathComponent == "saved.json.corrupt" && reason.contains("2^53")
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        var state = try saver.load(into: Saved())
        state.path.push("b")
        #expect(state.path.ids == [0])
    }
}
