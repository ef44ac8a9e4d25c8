import Observation
import Substate
import Testing

struct FieldPanel: Equatable, Sendable {
    var title = ""
    var subtitle = ""
}

struct FieldRow: Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var done = false
    var panel = FieldPanel()
}

struct FieldScreen: Equatable, Sendable {
    var count = 0
    var name = ""
    var panel = FieldPanel()
    var rows: [FieldRow] = (0..<5).map { FieldRow(id: $0, title: "row \($0)") }

    /// The rows' ids: what a list view reads (see the Observation article).
    var rowIDs: [Int] { rows.map(\.id) }

    enum Action: Sendable {
        case increment
        case setCount(Int)
        case rename(String)
        case setTitle(String)
        case setSubtitle(String)
        case replacePanel(FieldPanel)
        case nothing
        /// Increments now and once more through a synchronous effect: two changes, one send.
        case incrementTwice
        case row(id: Int, FieldRow.Action)
    }

    static func update(state: consuming FieldScreen, environment: Void, action: Action) -> Update<
        FieldScreen, Action
    > {
        switch action {
        case .increment: state.count += 1
        case .setCount(let count): state.count = count
        case .rename(let name): state.name = name
        case .setTitle(let title): state.panel.title = title
        case .setSubtitle(let subtitle): state.panel.subtitle = subtitle
        case .replacePanel(let panel): state.panel = panel
        case .nothing: break
        case .incrementTwice:
            state.count += 1
            return Update(state: state, effect: .send(.increment))
        case .row(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.rows),
                as: { .row(id: id, $0) }, environment: (), update: FieldRow.update)
        }
        return Update(state: state)
    }
}

extension FieldRow {
    enum Action: Sendable {
        case toggle
        case rename(String)
        case setNote(String)
    }

    static func update(state: consuming FieldRow, environment: Void, action: Action) -> Update<
        FieldRow, Action
    > {
        switch action {
        case .toggle: state.done.toggle()
        case .rename(let title): state.title = title
        case .setNote(let note): state.panel.subtitle = note
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct FieldObservationTests {
    let store = Store(state: FieldScreen(), environment: (), update: FieldScreen.update)

    @Test func aFieldReadsTheStatesValue() {
        store.send(.setCount(7))
        store.send(.setTitle("Inbox"))
        #expect(store.count == 7)
        #expect(store.panel == FieldPanel(title: "Inbox"))
        #expect(store[\.panel.title] == "Inbox")
        #expect(store.rows.count == 5)
    }

    @Test func aReaderOfOneFieldIsToldOnlyWhenThatFieldChanges() {
        let count = Notifications { _ = store.count }
        store.send(.rename("sibling"))
        store.send(.setTitle("nested sibling"))
        store.send(.nothing)
        store.send(.setCount(0))  // set to the value it had
        store.send(.row(id: 2, .toggle))
        #expect(count.count == 0)
        store.send(.increment)
        #expect(count.count == 1)
        store.send(.setCount(5))
        #expect(count.count == 2)
    }

    @Test func aReaderOfTheWholeStateIsStillToldOfEveryAction() {
        let state = Notifications { _ = store.state }
        store.send(.nothing)
        store.send(.rename("x"))
        #expect(state.count == 2)
    }

    @Test func aFieldChangedTwiceInOneSendIsToldOnce() {
        let count = Notifications { _ = store.count }
        store.send(.incrementTwice)
        #expect(store.count == 2)
        #expect(count.count == 1)
    }

    @Test func aFieldChangedAndChangedBackInOneSendIsNotTold() {
        let store = Store(
            state: FieldScreen(), environment: (),
            update: {
                (state: consuming FieldScreen, environment: Void, action: FieldScreen.Action) in
                // Up and back down again before the send ends.
                if case .increment = action {
                    state.count += 1
                    return Update(state: state, effect: .send(.setCount(0)))
                }
                return FieldScreen.update(state: state, environment: environment, action: action)
            })
        let count = Notifications { _ = store.count }
        store.send(.increment)
        #expect(store.count == 0)
        #expect(count.count == 0)
    }

    @Test func aNestedPathIsToldOnlyWhenItsOwnValueChanges() {
        let title = Notifications { _ = store[\.panel.title] }
        let panel = Notifications { _ = store.panel }
        store.send(.setSubtitle("other field of the parent"))
        #expect(title.count == 0)
        #expect(panel.count == 1)
        // The parent replaced whole, with the same title: the title did not change.
        store.send(.replacePanel(FieldPanel(title: "", subtitle: "new")))
        #expect(title.count == 0)
        #expect(panel.count == 2)
        store.send(.setTitle("changed"))
        #expect(title.count == 1)
        #expect(panel.count == 3)
    }

    @Test func aComputedFieldIsToldOnlyWhenItsValueChanges() {
        // `rowIDs` is computed: it is read through its key path, not at an offset.
        let ids = Notifications { _ = store.rowIDs }
        store.send(.increment)
        store.send(.row(id: 2, .toggle))
        #expect(ids.count == 0)
        #expect(store.rowIDs == [0, 1, 2, 3, 4])
    }

    @Test func readersOfDifferentFieldsAreToldApart() {
        let count = Notifications { _ = store.count }
        let name = Notifications { _ = store.name }
        let both = Notifications {
            _ = store.count
            _ = store.name
        }
        store.send(.increment)
        store.send(.rename("a"))
        store.send(.rename("b"))
        #expect(count.count == 1)
        #expect(name.count == 2)
        #expect(both.count == 3)
    }

    @Test func aFieldReadThroughAnotherKeyPathObjectIsTheSameField() {
        // A key path made at run time is another object than the literal: the field is still
        // found (by the table), and its readers are told once per change.
        let made = (\FieldScreen.panel).appending(path: \FieldPanel.title)
        let literal = Notifications { _ = store.panel.title }
        let byLiteral = Notifications { _ = store[\.panel.title] }
        let byMade = Notifications { _ = store[made] }
        store.send(.setSubtitle("other"))
        store.send(.setTitle("Inbox"))
        #expect(byLiteral.count == 1 && byMade.count == 1)
        #expect(literal.count == 2)  // `store.panel` observes the whole panel
        #expect(store[made] == "Inbox")
    }

    @Test func manyFieldsAreEachToldOnlyOfTheirOwnChanges() {
        // More fields than are looked for by identity: the later ones are found in the table.
        let store = Store(state: ManyFields(), environment: (), update: ManyFields.update)
        let paths = (0..<ManyFields.count).map { (\ManyFields.values).appending(path: \[Int].[$0]) }
        let readers = paths.map { path in Notifications { _ = store[path] } }
        for index in [0, 15, 16, 17, 39] { store.send(index) }
        #expect(
            readers.enumerated().filter { $0.element.count > 0 }.map(\.offset)
                == [0, 15, 16, 17, 39])
        #expect(readers.allSatisfy { $0.count <= 1 })
        #expect(
            paths.map { store[$0] }
                == (0..<ManyFields.count).map { [0, 15, 16, 17, 39].contains($0) ? 1 : 0 })
    }

    @Test func aFieldOfAScopeIsToldOnlyWhenItChanges() throws {
        let scoped = store.scope(at: .element(id: 3, in: \.rows), as: { .row(id: 3, $0) })
        let row = try #require(scoped)
        let title = Notifications { _ = row.title }
        let note = Notifications { _ = row[\.panel.subtitle] }
        let whole = Notifications { _ = row.state }
        row.send(.toggle)
        store.send(.row(id: 1, .rename("another row")))
        store.send(.increment)
        #expect(title.count == 0)
        #expect(note.count == 0)
        #expect(whole.count == 1)  // the toggle changed the row
        row.send(.rename("renamed"))
        row.send(.setNote("note"))
        #expect(title.count == 1)
        #expect(note.count == 1)
        #expect(whole.count == 3)
        #expect(row.title == "renamed")
    }

    @Test func aFieldOfAScopeOfAScopeIsToldOnlyWhenItChanges() throws {
        let scoped = store.scope(at: .element(id: 0, in: \.rows), as: { .row(id: 0, $0) })
        let row = try #require(scoped)
        let panel = row.scope(at: Lens(\.panel), as: { (note: String) in .setNote(note) })
        let subtitle = Notifications { _ = panel.subtitle }
        let title = Notifications { _ = panel.title }
        row.send(.toggle)
        row.send(.rename("x"))
        #expect(subtitle.count == 0)
        panel.send("written")
        #expect(subtitle.count == 1)
        #expect(title.count == 0)
        #expect(panel.subtitle == "written")
    }

    /// A store whose every action toggles row 2 in place. (Its update is written as one
    /// path: in a debug build, an update that both passes its state on in one branch and
    /// returns it in others copies it; the Performance article tracks that.)
    func togglingStore() -> Store<FieldScreen, FieldScreen.Action, Void> {
        Store(state: FieldScreen(), environment: ()) {
            (state: consuming FieldScreen, _: Void, _: FieldScreen.Action) in
            state.rows[2].done.toggle()
            return Update(state: state)
        }
    }

    /// Where the rows' elements are: the same address after a write means it was in place.
    func rowsAddress(_ store: Store<FieldScreen, FieldScreen.Action, Void>) -> UInt {
        store.state.rows.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func observingAFieldDoesNotMakeAWriteElsewhereCopy() {
        let store = togglingStore()
        let count = Notifications { _ = store.count }
        let ids = Notifications { _ = store.rowIDs }
        let before = rowsAddress(store)
        store.send(.nothing)
        #expect(rowsAddress(store) == before)  // toggled in place
        #expect(store.rows[2].done)
        #expect(count.count == 0)
        #expect(ids.count == 0)
    }

    @Test func observingACollectionKeepsItAndTheNextWriteCopiesIt() {
        // The rule the Observation article states: a field that is a collection is kept to
        // compare with, so the store no longer holds the only reference to it.
        let store = togglingStore()
        let rows = Notifications { _ = store.rows }
        let before = rowsAddress(store)
        store.send(.nothing)
        #expect(rowsAddress(store) != before)
        #expect(rows.count == 1)
    }

    @Test func theObservationsSequenceSeesAFieldsValues() async {
        let store = self.store
        let counts = Observations { store.count }
        var iterator = counts.makeAsyncIterator()
        #expect(await iterator.next(isolation: MainActor.shared) == 0)
        store.send(.rename("sibling"))
        store.send(.increment)
        #expect(await iterator.next(isolation: MainActor.shared) == 1)
        store.send(.setTitle("sibling"))
        store.send(.setCount(5))
        #expect(await iterator.next(isolation: MainActor.shared) == 5)
    }
}

/// A reading that may be NaN: NaN is unequal to itself, yet a field that holds NaN after a
/// send did not change.
struct Gauge: Equatable, Sendable {
    var level = Double.nan
    var reading = Reading()
    var label = ""

    struct Reading: Equatable, Sendable {
        var value = Double.nan
        var unit = 1
    }

    enum Action: Sendable {
        case relabel(String)
        case setLevel(Double)
        case setUnit(Int)
    }

    static func update(state: consuming Gauge, environment: Void, action: Action)
        -> Update<Gauge, Action>
    {
        switch action {
        case .relabel(let label): state.label = label
        case .setLevel(let level): state.level = level
        case .setUnit(let unit): state.reading.unit = unit
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct NaNFieldTests {
    let store = Store(state: Gauge(), environment: (), update: Gauge.update)

    @Test func aFieldHoldingNaNIsToldOnlyWhenItChanges() {
        let level = Notifications { _ = store.level }
        let reading = Notifications { _ = store.reading }
        store.send(.relabel("a"))
        store.send(.relabel("b"))
        #expect(level.count == 0)
        #expect(reading.count == 0)
        store.send(.setUnit(2))  // a struct holding NaN that did change
        #expect(reading.count == 1)
        store.send(.setLevel(1))
        store.send(.setLevel(.nan))
        #expect(level.count == 2)
    }

    @Test func aScopeOfAPartHoldingNaNIsToldOnlyWhenItChanges() {
        let scope = store.scope(at: Lens(\Gauge.reading), as: Gauge.Action.setUnit)
        let state = Notifications { _ = scope.state }
        store.send(.relabel("a"))
        store.send(.relabel("b"))
        #expect(state.count == 0)
        store.send(.setUnit(3))
        #expect(state.count == 1)
    }
}

/// A state of forty fields, each changed by the action that is its index.
struct ManyFields: Equatable, Sendable {
    static let count = 40
    var values = [Int](repeating: 0, count: count)

    static func update(state: consuming ManyFields, environment: Void, action: Int) -> Update<
        ManyFields, Int
    > {
        state.values[action] += 1
        return Update(state: state)
    }
}
