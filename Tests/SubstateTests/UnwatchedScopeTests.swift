import Observation
import Substate
import Synchronization
import Testing

/// How many times values of the types below were compared.
let comparisons = Atomic<Int>(0)

/// A row that counts its comparisons.
struct TallyRow: Identifiable, Sendable {
    let id: Int
    var isOn = false

    static func == (lhs: TallyRow, rhs: TallyRow) -> Bool {
        comparisons.add(1, ordering: .relaxed)
        return lhs.id == rhs.id && lhs.isOn == rhs.isOn
    }
}

extension TallyRow: Equatable {}

/// A title that counts its comparisons.
struct TallyTitle: Equatable, Sendable {
    var text: String

    static func == (lhs: TallyTitle, rhs: TallyTitle) -> Bool {
        comparisons.add(1, ordering: .relaxed)
        return lhs.text == rhs.text
    }
}

/// An app with one screen that holds a list: what a real app scopes a screen, then rows.
struct Catalog: Equatable, Sendable, Program {
    struct Screen: Equatable, Sendable {
        var title = TallyTitle(text: "Catalog")
        var rows: KeyedArray<TallyRow>
    }

    var screen: Screen
    var sheet: Screen?

    init(rows: Int) {
        screen = Screen(rows: KeyedArray(uniqueElements: (0..<rows).map { TallyRow(id: $0) }))
    }

    enum Action: Sendable {
        case row(id: Int)
        case rename(String)
        case present
        case sheetRow(id: Int)
        case dismiss
    }

    static func update(state: consuming Catalog, environment: Void, action: Action) -> Update<
        Catalog, Action
    > {
        switch action {
        case .row(let id): state.screen.rows[id: id]?.isOn.toggle()
        case .rename(let text): state.screen.title.text = text
        case .present: state.sheet = state.screen
        case .sheetRow(let id): state.sheet?.rows[id: id]?.isOn.toggle()
        case .dismiss: state.sheet = nil
        }
        return Update(state: state)
    }
}

/// Scopes that nobody watches keep no copy of their part: rows scoped through them stay
/// O(changed rows), fields not read since they changed are not compared, and what a reader
/// reads is always the part now.
@MainActor
@Suite(.serialized) struct UnwatchedScopeTests {
    typealias CatalogStore = Store<Catalog, Catalog.Action, Void>

    /// Counts how many times an observation was told, re-arming it each time.
    @MainActor final class Told {
        var count = 0
    }

    func watch(_ told: Told, _ read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated {
                told.count += 1
                self.watch(told, read)
            }
        }
    }

    /// Counts one telling of an observation, without re-arming it.
    func watchOnce(_ told: Told, _ read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated { told.count += 1 }
        }
    }

    func counting(_ body: () -> Void) -> Int {
        let before = comparisons.load(ordering: .relaxed)
        body()
        return comparisons.load(ordering: .relaxed) - before
    }

    @Test func rowsScopedThroughAScreenCompareOnlyTheRowThatChanged() {
        let store = CatalogStore(state: Catalog(rows: 500), environment: (), program: Catalog.self)
        let screen = store.scope(
            at: Lens(\Catalog.screen), as: { (action: Catalog.Action) in action })
        let table = store.scope(
            at: Lens(\Catalog.screen.rows), as: { (action: Catalog.Action) in action })
        let titleTold = Told()
        // The reads hold the scopes weakly: each observation stays registered with the scope
        // it reads, so a strong capture would keep the scope, and the store, alive for good.
        watch(titleTold) { [weak screen] in _ = screen?.title }
        let idsTold = Told()
        watch(idsTold) { [weak screen] in _ = screen?[\.rows.ids] }
        let rows = (0..<500).compactMap { id in
            screen.scope(
                at: .element(id: id, in: \Catalog.Screen.rows), as: { (_: Void) in .row(id: id) })
        }
        let rowTold = rows.map { _ in Told() }
        for (row, told) in zip(rows, rowTold) { watch(told) { [weak row] in _ = row?.state } }
        let compared = counting {
            for id in stride(from: 3, to: 500, by: 50) { rows[id].send(()) }
        }
        // Per send: the changed row (twice: `_hasChanged` looks at a changed trivial value
        // again for NaN) and the title field: never the other 499 rows.
        #expect(compared == 3 * 10, "compared \(compared) times for 10 sends")
        #expect(
            rowTold.enumerated().filter { $0.element.count > 0 }.map(\.offset)
                == Array(stride(from: 3, to: 500, by: 50)))
        #expect(rows[53].state.isOn)
        #expect(titleTold.count == 0 && idsTold.count == 0)
        #expect(table.state[id: 53]?.isOn == true)
        withExtendedLifetime(table) {}
    }

    @Test func aFieldNotReadSinceItChangedIsNotCompared() {
        let store = CatalogStore(state: Catalog(rows: 3), environment: (), program: Catalog.self)
        let screen = store.scope(
            at: Lens(\Catalog.screen), as: { (action: Catalog.Action) in action })
        let told = Told()
        watchOnce(told) { [weak screen] in _ = screen?.title }
        store.send(.rename("A"))
        #expect(told.count == 1)
        // Nobody read the title since: the next changes compare nothing and tell nobody.
        let compared = counting {
            store.send(.rename("B"))
            store.send(.rename("C"))
        }
        #expect(compared == 0)
        #expect(screen.title.text == "C")  // read now: the part as it is
        watchOnce(told) { [weak screen] in _ = screen?.title }
        store.send(.rename("C"))  // the same title: not told
        #expect(told.count == 1)
        store.send(.rename("D"))
        #expect(told.count == 2)
    }

    @Test func theRootStoresFieldsAreComparedOnlyWhileWatched() {
        let store = CatalogStore(state: Catalog(rows: 3), environment: (), program: Catalog.self)
        let told = Told()
        watchOnce(told) { [weak store] in _ = store?[\.screen.title] }
        store.send(.rename("A"))
        store.send(.rename("B"))
        #expect(told.count == 1)
        #expect(counting { store.send(.rename("C")) } == 0)
        #expect(store[\.screen.title].text == "C")
        #expect(counting { store.send(.rename("D")) } == 1)
    }

    @Test func aScopeNobodyWatchedReadsThePartAsItIsAndIsToldOfLaterChanges() {
        let store = CatalogStore(state: Catalog(rows: 3), environment: (), program: Catalog.self)
        let screen = store.scope(
            at: Lens(\Catalog.screen), as: { (action: Catalog.Action) in action })
        store.send(.row(id: 1))
        store.send(.rename("Read later"))
        #expect(screen.state.rows[id: 1]?.isOn == true)
        #expect(screen.state.title.text == "Read later")
        let told = Told()
        watchOnce(told) { [weak screen] in _ = screen?.state }
        store.send(.row(id: 1))
        #expect(told.count == 1)
        #expect(screen.state.rows[id: 1]?.isOn == false)
        let child = screen.scope(at: Lens(\Catalog.Screen.title), as: { (_: Void) in .present })
        #expect(child.state.text == "Read later")
    }

    @Test func aScopeThatCanDetachKeepsItsLastStateEvenIfNobodyReadIt() {
        let store = CatalogStore(state: Catalog(rows: 3), environment: (), program: Catalog.self)
        store.send(.present)
        guard
            let sheet = store.scope(
                at: OptionalLens(\Catalog.sheet), as: { (action: Catalog.Action) in action })
        else {
            Issue.record("no sheet")
            return
        }
        store.send(.sheetRow(id: 2))
        store.send(.dismiss)
        #expect(sheet.isDetached)
        #expect(sheet.state.rows[id: 2]?.isOn == true)
        #expect(sheet.send(.sheetRow(id: 0)).isFinished)
    }

    @Test func aScopeNobodyWatchesIsUnlinkedUntilReadAndThenToldAgain() {
        let store = CatalogStore(state: Catalog(rows: 3), environment: (), program: Catalog.self)
        let screen = store.scope(
            at: Lens(\Catalog.screen), as: { (action: Catalog.Action) in action })
        #expect(store.linkedScopeCount == 1)
        // Nobody watches it: the first commit unlinks it, and later commits do not visit it.
        store.send(.row(id: 0))
        #expect(store.linkedScopeCount == 0)
        store.send(.rename("Unwatched"))
        #expect(store.linkedScopeCount == 0)
        // Watching its state links it again; each telling re-arms, so it stays linked.
        let told = Told()
        watch(told) { [weak screen] in _ = screen?.state }
        #expect(store.linkedScopeCount == 1)
        store.send(.rename("A"))
        store.send(.row(id: 2))
        #expect(told.count == 2)
        #expect(store.linkedScopeCount == 1)
        #expect(screen.state.title.text == "A" && screen.state.rows[id: 2]?.isOn == true)
    }

    @Test func aFieldReadLinksAnUnlinkedScopeAgain() {
        let store = CatalogStore(state: Catalog(rows: 3), environment: (), program: Catalog.self)
        let screen = store.scope(
            at: Lens(\Catalog.screen), as: { (action: Catalog.Action) in action })
        store.send(.rename("A"))
        #expect(store.linkedScopeCount == 0)
        let told = Told()
        watchOnce(told) { [weak screen] in _ = screen?.title }
        #expect(store.linkedScopeCount == 1)
        store.send(.row(id: 1))  // another field: not told
        #expect(told.count == 0)
        store.send(.rename("B"))
        #expect(told.count == 1)
        // Told once and not read since: unlinked at the next commit, linked by the next read.
        store.send(.rename("C"))
        #expect(store.linkedScopeCount == 0)
        #expect(screen.title.text == "C")
        #expect(store.linkedScopeCount == 1)
    }

    @Test func aScopeThatCanDetachStaysLinkedUnwatched() {
        let store = CatalogStore(state: Catalog(rows: 3), environment: (), program: Catalog.self)
        store.send(.present)
        let sheet = store.scope(
            at: OptionalLens(\Catalog.sheet), as: { (action: Catalog.Action) in action })
        #expect(sheet != nil)
        store.send(.sheetRow(id: 1))
        store.send(.rename("A"))
        #expect(store.linkedScopeCount == 1)
        store.send(.dismiss)
        #expect(sheet?.isDetached == true)
        #expect(store.linkedScopeCount == 0)
    }
}
