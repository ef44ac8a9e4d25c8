import Substate
import Testing

/// A library whose shelf sits at a stored property, after other fields (so its offset is not
/// zero), holding fields of several sizes and the rows: scopes reached from the root through
/// stored properties read their parts where they are in the root's state.
private struct Library: Equatable, Sendable {
    var name = "Town"
    var flag = false
    var shelf = Shelf(label: "New", count: 0, books: [Book(id: 1), Book(id: 2), Book(id: 3)])

    /// The same shelf through a computed property: no offset, so its scopes copy it out.
    var shelfCopy: Shelf {
        get { shelf }
        set { shelf = newValue }
    }

    struct Shelf: Equatable, Sendable {
        var label: String
        var count: Int
        var books: KeyedArray<Book>

        init(label: String, count: Int, books: [Book]) {
            self.label = label
            self.count = count
            self.books = KeyedArray(uniqueElements: books)
        }
    }

    struct Book: Identifiable, Equatable, Sendable {
        var id: Int
        var title = "Untitled"
    }

    enum Action: Sendable {
        case label(String)
        case count
        case retitle(id: Int, String)
        case remove(id: Int)
        case replaceShelf(label: String, ids: [Int])
        case book(id: Int, String)
    }

    static func update(
        state: consuming Library, environment: Void, action: Action
    ) -> Update<Library, Action> {
        switch action {
        case .label(let label): state.shelf.label = label
        case .count: state.shelf.count += 1
        case .retitle(let id, let title), .book(let id, let title):
            state.shelf.books[id: id]?.title = title
        case .remove(let id): state.shelf.books.remove(id: id)
        case .replaceShelf(let label, let ids):
            state.shelf = Shelf(label: label, count: 0, books: ids.map { Book(id: $0) })
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct PlacedScopeTests {
    private typealias LibraryStore = Store<Library, Library.Action, Void>

    private func makeStore() -> LibraryStore {
        Store(state: Library(), environment: (), update: Library.update)
    }

    private func shelf(
        of store: LibraryStore, computed: Bool = false
    ) -> ScopedStore<Library.Shelf, Library.Action> {
        store.scope(
            at: computed ? Lens(\Library.shelfCopy) : Lens(\Library.shelf),
            as: { (action: Library.Action) in action })
    }

    @Test func scopesOfAScopeReadTheirFieldsAsTheRootHasThem() {
        let store = makeStore()
        let shelf = shelf(of: store)
        let label = shelf.scope(at: Lens(\Library.Shelf.label), as: Library.Action.label)
        let count = shelf.scope(
            at: Lens(\Library.Shelf.count), as: { (_: Void) in Library.Action.count })
        let same = shelf.scope(at: Lens(\Library.Shelf.self), as: { $0 })
        let watch = ScopeWatch(["label": label])
        #expect(label.state == "New")
        label.send("Old")
        count.send(())
        count.send(())
        #expect(label.state == "Old")
        #expect(count.state == 2)
        #expect(same.state == store.state.shelf)
        #expect(watch.take() == ["label": 1])
        count.send(())
        #expect(watch.take() == [:])  // the label's observer is not told of the count
        #expect(count.state == 3)
    }

    @Test(arguments: [false, true])
    func rowsScopedThroughAScreenFollowTheirRows(computed: Bool) throws {
        let store = makeStore()
        let shelf = shelf(of: store, computed: computed)
        let rows = [1, 2, 3].compactMap { id in
            shelf.scope(
                at: .element(id: id, in: \Library.Shelf.books),
                as: { (title: String) in Library.Action.book(id: id, title) })
        }
        try #require(rows.count == 3)
        let watch = ScopeWatch([1: rows[0], 2: rows[1], 3: rows[2]])
        rows[1].send("Second")
        #expect(rows[1].state.title == "Second")
        #expect(watch.take() == [2: 1])
        store.send(.retitle(id: 3, "Third"))
        store.send(.label("Renamed"))  // not a row: no row is told
        #expect(watch.take() == [3: 1])
        #expect(rows.map(\.state.title) == ["Untitled", "Second", "Third"])
        // A new shelf, a new array: every row is compared, and the one gone detaches,
        // keeping its last state (so its observer has nothing new to see).
        store.send(.replaceShelf(label: "Fresh", ids: [1, 3]))
        #expect(watch.take() == [3: 1])
        #expect(rows[1].isDetached)
        #expect(rows[1].state.title == "Second")  // its last state
        #expect(rows[2].state.title == "Untitled")
        #expect(!rows[0].isDetached && !rows[2].isDetached)
        store.send(.remove(id: 1))
        #expect(rows[0].isDetached)
        #expect(watch.take() == [:])
        store.send(.retitle(id: 3, "Last"))
        #expect(rows[2].state.title == "Last")
        #expect(watch.take() == [3: 1])
    }

    @Test func aRowThroughAClosureLensOfAPlacedScopeIsReadToo() {
        let store = makeStore()
        let shelf = shelf(of: store)
        let books = shelf.scope(
            at: Lens(get: { $0.books }, set: { $0.books = $1 }),
            as: { (action: Library.Action) in action })
        guard
            let row = books.scope(
                at: .element(id: 2, in: \KeyedArray<Library.Book>.self),
                as: { (title: String) in Library.Action.book(id: 2, title) })
        else {
            Issue.record("no row 2")
            return
        }
        let watch = ScopeWatch([2: row])
        row.send("Through a closure")
        #expect(row.state.title == "Through a closure")
        #expect(watch.take() == [2: 1])
    }

    @Test func aScopeOfAScopeKeepsTheRootAlive() {
        weak var released: LibraryStore?
        let label: ScopedStore<String, String>
        do {
            let store = makeStore()
            released = store
            label = shelf(of: store).scope(at: Lens(\Library.Shelf.label), as: Library.Action.label)
        }
        #expect(released != nil)
        label.send("Kept")
        #expect(label.state == "Kept")
        #expect(released?.state.shelf.label == "Kept")
    }
}
