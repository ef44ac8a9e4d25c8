import Observation
import Substate
import Testing

/// A list in a plain `Array`, its rows scoped by index.
struct Bookcase: Equatable, Sendable {
    var books: [Book]
    var section = Section(books: [])

    struct Book: Equatable, Sendable {
        var title: String
        var isRead = false
    }

    struct Section: Equatable, Sendable {
        var books: [Book]
    }

    enum BookAction: Sendable {
        case toggle
    }

    enum Action: Sendable {
        case book(index: Int, BookAction)
        case rename(index: Int, String)
        case removeLast
        case append(String)
        case replaceSection([Book])
    }

    static func update(state: consuming Bookcase, environment: Void, action: Action) -> Update<
        Bookcase, Action
    > {
        switch action {
        case .book(let index, .toggle):
            state.books[index].isRead.toggle()
        case .rename(let index, let title):
            state.books[index].title = title
        case .removeLast:
            state.books.removeLast()
        case .append(let title):
            state.books.append(Book(title: title))
        case .replaceSection(let books):
            state.section.books = books
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct IndexRowScopeTests {
    typealias BookcaseStore = Store<Bookcase, Bookcase.Action, Void>

    /// Counts how often each scope's observer was told, re-arming it each time.
    @MainActor final class Watch {
        var told: [Int: Int] = [:]
        let scopes: [ScopedStore<Bookcase.Book, Bookcase.BookAction>]

        init(_ scopes: [ScopedStore<Bookcase.Book, Bookcase.BookAction>]) {
            self.scopes = scopes
            for index in scopes.indices { arm(index) }
        }

        func arm(_ index: Int) {
            withObservationTracking {
                _ = scopes[index].state
            } onChange: { [weak self] in
                // Weakly: the scope's registrar holds this closure, and the watch the scope.
                MainActor.assumeIsolated {
                    self?.told[index, default: 0] += 1
                    self?.arm(index)
                }
            }
        }

        func take() -> [Int: Int] {
            defer { told = [:] }
            return told
        }
    }

    func store(_ count: Int) -> BookcaseStore {
        let books = (0..<count).map { Bookcase.Book(title: "book \($0)") }
        return BookcaseStore(
            state: Bookcase(books: books, section: .init(books: books)), environment: (),
            update: Bookcase.update)
    }

    func scopes(_ store: BookcaseStore, _ count: Int) -> Watch {
        Watch(
            (0..<count).compactMap { index in
                store.scope(
                    at: .element(at: index, in: \Bookcase.books), as: { .book(index: index, $0) })
            })
    }

    @Test func onlyTheChangedRowsObserverIsToldAndEachScopeReadsItsOwnRow() {
        let store = store(50)
        let watch = scopes(store, 50)
        watch.scopes[3].send(.toggle)
        #expect(watch.take() == [3: 1])
        store.send(.rename(index: 40, "renamed"))
        #expect(watch.take() == [40: 1])
        // Every scope holds its own row, as the state does.
        #expect(watch.scopes.map(\.state) == store.state.books)
        store.send(.replaceSection([]))  // another part of the state
        #expect(watch.take() == [:])
    }

    @Test func aRowThatLeavesTheArrayDetachesItsScopeAndLaterSendsAreIgnored() {
        let store = store(5)
        let watch = scopes(store, 5)
        store.send(.removeLast)
        #expect(watch.scopes[4].isDetached)
        #expect(watch.scopes[4].state.title == "book 4")  // the last state it had
        #expect(watch.scopes[0..<4].allSatisfy { !$0.isDetached })
        watch.scopes[4].send(.toggle)  // would trap in the update if it were processed
        store.send(.append("new"))  // the index exists again; the scope stays detached
        #expect(watch.scopes[4].isDetached)
        #expect(watch.scopes[4].state.title == "book 4")
    }

    @Test func scopesThatAreGoneAreForgotten() {
        let store = store(10)
        do {
            // Not observed: an armed observer holds its scope until it is told.
            let rows = (0..<10).compactMap { index in
                store.scope(
                    at: .element(at: index, in: \Bookcase.books),
                    as: { Bookcase.Action.book(index: index, $0) })
            }
            #expect(rows.count == 10)
            #expect(store.linkedScopeCount == 10)
        }
        store.send(.rename(index: 0, "after"))
        #expect(store.linkedScopeCount == 0)
    }

    @Test func aScopeMadeByAnObserverIsRefreshedFromTheNextCommit() {
        let store = store(3)
        let first = store.scope(
            at: .element(at: 0, in: \Bookcase.books), as: { Bookcase.Action.book(index: 0, $0) })!
        var made: ScopedStore<Bookcase.Book, Bookcase.BookAction>?
        withObservationTracking {
            _ = first.state
        } onChange: {
            MainActor.assumeIsolated {
                made = store.scope(
                    at: .element(at: 1, in: \Bookcase.books), as: { .book(index: 1, $0) })
            }
        }
        first.send(.toggle)
        #expect(made?.state == store.state.books[1])
        store.send(.rename(index: 1, "later"))
        #expect(made?.state.title == "later")
    }

    @Test func rowsScopedThroughAParentScopeFollowTheirRows() {
        let store = store(4)
        let section: ScopedStore<Bookcase.Section, Bookcase.Action> = store.scope(
            at: Lens(\Bookcase.section), as: { $0 })
        let rows: [ScopedStore<Bookcase.Book, Bookcase.Action>] = (0..<4).compactMap { index in
            section.scope(at: .element(at: index, in: \Bookcase.Section.books), as: { $0 })
        }
        let renamed = store.state.books.enumerated().map { index, book in
            Bookcase.Book(title: index == 2 ? "two" : book.title)
        }
        store.send(.replaceSection(renamed))
        #expect(rows.map(\.state) == renamed)
        store.send(.replaceSection([renamed[0]]))
        #expect(rows.map(\.isDetached) == [false, true, true, true])
    }

    @Test func aStoreWhoseNestedRowScopesWentIsFreedWithoutAnotherCommit() {
        // Rows scoped through a scope are tracked in the root's refresher; their tracker's
        // reader must not hold the root, or the root would live until its next commit.
        weak var weakStore: BookcaseStore?
        do {
            let store = store(4)
            weakStore = store
            let section: ScopedStore<Bookcase.Section, Bookcase.Action> = store.scope(
                at: Lens(\Bookcase.section), as: { $0 })
            let rows = (0..<4).compactMap { index in
                section.scope(at: .element(at: index, in: \Bookcase.Section.books), as: { $0 })
            }
            store.send(.replaceSection([Bookcase.Book(title: "only")]))
            #expect(rows.map(\.isDetached) == [false, true, true, true])
        }
        #expect(weakStore == nil)
    }
}
