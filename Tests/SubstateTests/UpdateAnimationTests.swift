import Observation
import Substate
import Testing

/// What happened, in order: animations that began and ended, and notifications seen.
@MainActor
final class AnimationLog {
    var events: [String] = []
    var presenting: String?
}

/// An animation that logs when it runs and whether observers were notified inside it.
struct Logged: UpdateAnimation {
    let name: String
    let log: AnimationLog
    var callsNotify = true

    func animate(_ notify: () -> Void) {
        log.events.append("begin \(name)")
        log.presenting = name
        if callsNotify { notify() }
        log.presenting = nil
        log.events.append("end \(name)")
    }
}

struct Panel: Equatable, Sendable {
    var isOpen = false
    var count = 0
}

enum PanelAction: Sendable {
    case toggle(animated: String?)
    case increment
    case toggleThenIncrement
    case toggleLater
    case silentPresentation
}

extension Panel {
    static func update(
        state: consuming Panel, environment: AnimationLog, action: PanelAction
    ) -> Update<Panel, PanelAction> {
        switch action {
        case .toggle(let name):
            state.isOpen.toggle()
            let update = Update<Panel, PanelAction>(state: state)
            guard let name else { return update }
            return update.animating(Logged(name: name, log: environment))
        case .increment:
            state.count += 1
            return Update(state: state)
        case .toggleThenIncrement:
            state.isOpen.toggle()
            return Update(state: state).animating(Logged(name: "first", log: environment))
                .followed(by: .toggle(animated: "second"))
        case .toggleLater:
            return Update(
                state: state, effect: .run { send in await send(.toggle(animated: "later")) })
        case .silentPresentation:
            state.count += 1
            return Update(state: state).animating(
                Logged(name: "silent", log: environment, callsNotify: false))
        }
    }
}

struct Shell: Equatable, Sendable {
    var panel = Panel()
}

enum ShellAction: Sendable {
    case panel(PanelAction)
}

extension Shell {
    static func update(
        state: consuming Shell, environment: AnimationLog, action: ShellAction
    ) -> Update<Shell, ShellAction> {
        switch action {
        case .panel(let action):
            return .child(
                action, in: state, at: Lens(\.panel), as: ShellAction.panel,
                environment: environment, update: Panel.update)
        }
    }
}

@MainActor
@Suite struct UpdateAnimationTests {
    /// Arms a one-shot observer of `state` that logs which animation it fired in.
    private func observe(_ read: @escaping () -> Void, log: AnimationLog, as name: String) {
        withObservationTracking(read) {
            MainActor.assumeIsolated {
                log.events.append("\(name) notified in \(log.presenting ?? "nothing")")
            }
        }
    }

    @Test func observersAreNotifiedInsideThePresentationOfTheUpdate() {
        let log = AnimationLog()
        let store = Store(state: Panel(), environment: log, update: Panel.update)
        observe({ _ = store.state }, log: log, as: "store")
        store.send(.toggle(animated: "fade"))
        #expect(log.events == ["begin fade", "store notified in fade", "end fade"])
        #expect(store.state.isOpen)
    }

    @Test func anUpdateWithoutPresentationNotifiesOutsideAny() {
        let log = AnimationLog()
        let store = Store(state: Panel(), environment: log, update: Panel.update)
        observe({ _ = store.state }, log: log, as: "store")
        store.send(.toggle(animated: nil))
        #expect(log.events == ["store notified in nothing"])
    }

    @Test func scopedStoresAreNotifiedInsideThePresentationToo() {
        let log = AnimationLog()
        let store = Store(state: Shell(), environment: log, update: Shell.update)
        let panel = store.scope(at: Lens(\Shell.panel), as: ShellAction.panel)
        observe({ _ = panel.state }, log: log, as: "scope")
        panel.send(.toggle(animated: "slide"))
        #expect(log.events == ["begin slide", "scope notified in slide", "end slide"])
        #expect(panel.state.isOpen)
    }

    @Test func readersOfAFieldAreNotifiedInsideThePresentationToo() {
        let log = AnimationLog()
        let store = Store(state: Shell(), environment: log, update: Shell.update)
        let panel = store.scope(at: Lens(\Shell.panel), as: ShellAction.panel)
        observe({ _ = store[\.panel.isOpen] }, log: log, as: "field")
        observe({ _ = panel.isOpen }, log: log, as: "scope's field")
        observe({ _ = panel.count }, log: log, as: "unchanged field")
        panel.send(.toggle(animated: "slide"))
        #expect(
            log.events == [
                "begin slide", "field notified in slide", "scope's field notified in slide",
                "end slide",
            ])
    }

    @Test func readingThePresentationRunsNothing() async {
        // A throttle decides when it starts, reading its clock: reading the animation must
        // not ask it, nor start anything else.
        let log = AnimationLog()
        let clock = NowCountingClock()
        let ran = Fired()
        let effect = Effect<PanelAction>.merge(
            Effect.send(.increment)
                .throttle(id: "t", for: .seconds(1), clock: clock, latest: true),
            .run { _ in ran.fire() })
        let update = Update<Panel, PanelAction>(state: Panel(), effect: effect)
            .animating(Logged(name: "outer", log: log))
        #expect((update.animation as? Logged)?.name == "outer")
        #expect(clock.nowReads == 0)
        #expect(ran.value == 0)
        #expect(log.events.isEmpty)
        // Started by a store, the same effect reads the clock and runs: the counts above are
        // zero because reading the animation started nothing, not because nothing counts.
        let store = Store(create: update, environment: log, update: Panel.update)
        await store.finishEffects()
        #expect(clock.nowReads == 1)
        #expect(ran.value == 1)
    }

    @Test func aChildsPresentationGoesIntoItsParentsUpdate() {
        let log = AnimationLog()
        let update = Shell.update(
            state: Shell(), environment: log, action: .panel(.toggle(animated: "child")))
        #expect((update.animation as? Logged)?.name == "child")
        #expect(update.state.panel.isOpen)
    }

    @Test func theLastPresentationOfASendIsUsedOnce() {
        let log = AnimationLog()
        let store = Store(state: Panel(), environment: log, update: Panel.update)
        observe({ _ = store.state }, log: log, as: "store")
        store.send(.toggleThenIncrement)
        // Two updates asked for an animation; observers are notified once, in the last.
        #expect(log.events == ["begin second", "store notified in second", "end second"])
        #expect(store.state.isOpen == false)
    }

    @Test func actionsFromEffectsArePresentedWhenTheirBatchIsCommitted() async {
        let log = AnimationLog()
        let store = Store(state: Panel(), environment: log, update: Panel.update)
        let task = store.send(.toggleLater)
        observe({ _ = store.state }, log: log, as: "store")
        await task.finish()
        #expect(log.events == ["begin later", "store notified in later", "end later"])
        #expect(store.state.isOpen)
    }

    @Test func aPresentationThatDoesNotNotifyStillLeavesObserversNotifiedOnce() {
        let log = AnimationLog()
        let store = Store(state: Panel(), environment: log, update: Panel.update)
        observe({ _ = store.state }, log: log, as: "store")
        store.send(.silentPresentation)
        #expect(log.events == ["begin silent", "end silent", "store notified in nothing"])
    }

    @Test func aPresentationIsForgottenOnceUsed() {
        let log = AnimationLog()
        let store = Store(state: Panel(), environment: log, update: Panel.update)
        store.send(.toggle(animated: "fade"))
        log.events = []
        observe({ _ = store.state }, log: log, as: "store")
        store.send(.increment)
        #expect(log.events == ["store notified in nothing"])
    }

    @Test func anUpdateReportsItsPresentation() {
        let log = AnimationLog()
        let plain = Panel.update(state: Panel(), environment: log, action: .increment)
        #expect(plain.animation == nil)
        let animated = Panel.update(state: Panel(), environment: log, action: .toggleThenIncrement)
        // The follow-up action is not processed by a bare update: its own animation is
        // the first one.
        #expect((animated.animation as? Logged)?.name == "first")
    }

    @Test func aPresentationDoesNotChangeWhatTheEffectDoes() async {
        let log = AnimationLog()
        let store = Store(state: Panel(), environment: log, update: Panel.update)
        await store.send(.toggleThenIncrement).finish()
        // `followed(by:)` still delivers its action after `presenting` wrapped the effect.
        #expect(store.state.isOpen == false)
        #expect(store.runningEffectCount == 0)
    }
}

/// A clock that counts how often its time is read.
struct NowCountingClock: Clock {
    private let reads = Fired()
    var nowReads: Int { reads.value }
    var now: ContinuousClock.Instant {
        reads.fire()
        return ContinuousClock.now
    }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        Issue.record("the clock was asked to sleep; it only counts reads of its time")
        throw CancellationError()
    }
}
