import Substate
import Testing

/// A program whose state holds a large array, to check that updates change it in place.
struct Ledger: Program, Equatable, Sendable {
    var entries: [Entry] = (0..<10_000).map { Entry(id: $0, note: "entry \($0)") }
    var sheet = Sheet()
    var count = 0

    struct Entry: Equatable, Identifiable, Sendable {
        var id: Int
        var note: String
        var isChecked = false
    }

    /// A child program that also holds a large array.
    struct Sheet: Program, Equatable, Sendable {
        var cells: [Int] = Array(0..<10_000)

        static func update(
            state: consuming Sheet, environment: Void, action: Int
        ) -> Update<Sheet, Int> {
            state.cells[action] += 1
            return Update(state: state)
        }
    }

    enum Action: Equatable, Sendable {
        case check(Int)
        case count
        /// The child, embedded in the form the docs teach: a key path and the tag.
        case sheet(Int)
    }

    static func update(
        state: consuming Ledger, environment: Void, action: Action
    ) -> Update<Ledger, Action> {
        switch action {
        case .check(let index):
            state.entries[index].isChecked.toggle()
        case .count:
            state.count += 1
        case .sheet(let cell):
            return .child(cell, in: state, at: \.sheet, as: Action.sheet)
        }
        return Update(state: state)
    }
}

/// Where an array's elements are: the same address after a change means it changed in place.
func storage<Element>(_ array: [Element]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
}

@MainActor
@Suite struct ProgramTests {
    @Test func aStoreOfAProgramUpdatesInPlace() {
        let store = Store(state: Ledger(), environment: (), program: Ledger.self)
        store.send(.check(0))  // the first write may copy: the initial array is shared
        let entries = storage(store.state.entries)
        let cells = storage(store.state.sheet.cells)
        store.send(.check(5))
        store.send(.count)
        store.send(.sheet(7))
        store.send(.sheet(7))
        #expect(storage(store.state.entries) == entries, "the update copied the entries")
        #expect(store.state.entries[5].isChecked)
        #expect(store.state.sheet.cells[7] == 9)
        store.send(.sheet(8))
        #expect(storage(store.state.sheet.cells) == cells, "the child update copied the cells")
    }

    /// `.child(action, in: state, at: \.sheet, as: Action.sheet)`: the child's state goes
    /// through the key path to its program's update and back, and is never copied (in debug
    /// builds, where this form has code of its own, and in release builds).
    @Test func aChildAtAKeyPathUpdatesInPlace() {
        let store = Store(state: Ledger(), environment: (), program: Ledger.self)
        store.send(.sheet(0))  // the first write may copy: the initial array is shared
        let cells = storage(store.state.sheet.cells)
        // Checked after each send: two copies in a row could land on the first buffer again.
        for _ in 0..<3 {
            store.send(.sheet(7))
            #expect(storage(store.state.sheet.cells) == cells, "the child update copied the cells")
        }
        #expect(store.state.sheet.cells[7] == 10)
        #expect(store.state.sheet.cells[0] == 1)
    }

    @Test func aProgramsStoreFromAnInitialUpdateStartsItsEffect() {
        let store = Store(
            create: Update(state: Ledger(), effect: .send(.count)), environment: (),
            program: Ledger.self)
        #expect(store.state.count == 1)
    }

    #if DEBUG
        /// What the Performance article says of debug builds: an update function passed as
        /// `update: Ledger.update` is wrapped by Swift in a closure that, unoptimised, keeps a
        /// second reference to the state, so the first write to the array copies it. If this
        /// fails, a newer compiler fixed that, and the article should say so.
        @Test func anUpdateFunctionPassedDirectlyCopiesInADebugBuild() {
            let store = Store(state: Ledger(), environment: (), update: Ledger.update)
            store.send(.check(0))
            let entries = storage(store.state.entries)
            store.send(.check(5))
            #expect(storage(store.state.entries) != entries)
        }
    #endif
}
