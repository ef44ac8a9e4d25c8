import Observation
import Substate
import Testing

/// A board of cards in a `KeyedArray`, with actions that change rows through a lens, directly,
/// in bulk, by replacing the array, and while a copy of it is kept elsewhere.
struct Board: Equatable, Sendable {
    var cards: KeyedArray<Card>
    var backup: KeyedArray<Card>?
    var lane = Lane(cards: [])

    init(count: Int) {
        cards = KeyedArray(uniqueElements: (0..<count).map { Card(id: $0, title: "card \($0)") })
        lane = Lane(cards: cards)
    }

    struct Lane: Equatable, Sendable {
        var cards: KeyedArray<Card>
    }

    enum CardAction: Sendable {
        case toggle
        case title(String)
    }

    enum Action: Sendable {
        case card(id: Int, CardAction)
        case laneCard(id: Int, CardAction)
        case rename(id: Int, String)
        case toggleAll
        case replace(KeyedArray<Card>)
        case remove(id: Int)
        case insert(Card)
        case toggleKeepingACopy(id: Int)
        case sort
    }

    static func updateCard(
        state: consuming Card, environment: Void, action: CardAction
    ) -> Update<Card, CardAction> {
        switch action {
        case .toggle: state.isDone.toggle()
        case .title(let title): state.title = title
        }
        return Update(state: state)
    }

    static func update(
        state: consuming Board, environment: Void, action: Action
    ) -> Update<Board, Action> {
        switch action {
        case .card(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.cards),
                as: { .card(id: id, $0) }, environment: (), update: updateCard)
        case .laneCard(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.lane.cards),
                as: { .laneCard(id: id, $0) }, environment: (), update: updateCard)
        case .rename(let id, let title):
            state.cards[id: id]?.title = title
        case .toggleAll:
            for index in state.cards.indices { state.cards[index].isDone.toggle() }
        case .replace(let cards):
            state.cards = cards
        case .remove(let id):
            state.cards.remove(id: id)
        case .insert(let card):
            state.cards.append(card)
        case .toggleKeepingACopy(let id):
            state.backup = state.cards
            state.cards[id: id]?.isDone.toggle()
        case .sort:
            state.cards.sort { $0.id > $1.id }
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct RowScopeTests {
    typealias BoardStore = Store<Board, Board.Action, Void>

    typealias RowWatch = ScopeWatch<Int, Card, Board.CardAction>

    func rows(_ store: BoardStore, _ ids: Range<Int>) -> RowWatch {
        var scopes: [Int: ScopedStore<Card, Board.CardAction>] = [:]
        for id in ids {
            scopes[id] = store.scope(
                at: .element(id: id, in: \Board.cards), as: { .card(id: id, $0) })
        }
        return RowWatch(scopes)
    }

    @Test func onlyTheChangedRowsScopeIsTold() {
        let store = BoardStore(state: Board(count: 200), environment: (), update: Board.update)
        let watch = rows(store, 0..<200)
        watch.scopes[7]?.send(.toggle)
        #expect(watch.take() == [7: 1])
        #expect(watch.scopes[7]?.state.isDone == true)
        store.send(.rename(id: 9, "renamed"))  // written by the parent, not through the lens
        #expect(watch.take() == [9: 1])
        #expect(watch.scopes[9]?.state.title == "renamed")
        watch.scopes[9]?.send(.title("renamed"))  // the same value
        #expect(watch.take() == [:])
        store.send(.card(id: 500, .toggle))  // no such row
        #expect(watch.take() == [:])
    }

    @Test func aChangeToMoreRowsThanTheJournalRemembersTellsEachOfThem() {
        let store = BoardStore(state: Board(count: 200), environment: (), update: Board.update)
        let watch = rows(store, 0..<200)
        store.send(.toggleAll)
        #expect(watch.take() == Dictionary(uniqueKeysWithValues: (0..<200).map { ($0, 1) }))
        #expect(watch.scopes.values.allSatisfy { $0.state.isDone })
    }

    @Test func replacingTheArrayTellsOnlyTheRowsThatDiffer() {
        let store = BoardStore(state: Board(count: 50), environment: (), update: Board.update)
        let watch = rows(store, 0..<50)
        var cards = Board(count: 50).cards
        cards[id: 3]?.title = "new"
        store.send(.replace(cards))
        #expect(watch.take() == [3: 1])
        #expect(watch.scopes[3]?.state.title == "new")
    }

    @Test func aCopyOfTheArrayKeptElsewhereHidesNoChange() {
        let store = BoardStore(state: Board(count: 50), environment: (), update: Board.update)
        let watch = rows(store, 0..<50)
        store.send(.toggleKeepingACopy(id: 5))
        #expect(watch.take() == [5: 1])
        store.send(.toggleKeepingACopy(id: 6))
        #expect(watch.take() == [6: 1])
        store.send(.card(id: 5, .toggle))
        #expect(watch.take() == [5: 1])
        #expect(watch.scopes[5]?.state.isDone == false)
    }

    @Test func movingRowsTellsNoRow() {
        let store = BoardStore(state: Board(count: 20), environment: (), update: Board.update)
        let watch = rows(store, 0..<20)
        store.send(.sort)
        #expect(watch.take() == [:])
        watch.scopes[2]?.send(.toggle)
        #expect(watch.take() == [2: 1])
        #expect(store.state.cards[17].isDone)  // id 2 is at 17 after sorting down
    }

    @Test func aRemovedRowsScopeDetachesAndStaysDetached() {
        let store = BoardStore(state: Board(count: 10), environment: (), update: Board.update)
        let watch = rows(store, 0..<10)
        store.send(.remove(id: 4))
        #expect(watch.scopes[4]?.isDetached == true)
        #expect(watch.scopes[3]?.isDetached == false)
        store.send(.insert(Card(id: 4, title: "again")))
        watch.scopes[4]?.send(.toggle)  // ignored: detached
        #expect(store.state.cards[id: 4]?.isDone == false)
        #expect(watch.scopes[4]?.state.title == "card 4")
    }

    @Test func rowScopesOfAScopeAreToldOnlyOfTheirRow() {
        let store = BoardStore(state: Board(count: 30), environment: (), update: Board.update)
        let lane = store.scope(
            at: Lens(\Board.lane), as: { (action: Board.Action) in action })
        var scopes: [Int: ScopedStore<Card, Board.CardAction>] = [:]
        for id in 0..<30 {
            scopes[id] = lane.scope(
                at: .element(id: id, in: \Board.Lane.cards), as: { .laneCard(id: id, $0) })
        }
        let watch = RowWatch(scopes)
        scopes[12]?.send(.toggle)
        #expect(watch.take() == [12: 1])
        #expect(store.state.lane.cards[id: 12]?.isDone == true)
        store.send(.card(id: 12, .toggle))  // the other list: the lane's rows do not change
        #expect(watch.take() == [:])
    }

    @Test func twoScopesOfOneRowAreBothToldAndAScopeMadeWhileBeingToldIsToo() {
        let store = BoardStore(state: Board(count: 5), environment: (), update: Board.update)
        let first = rows(store, 1..<2)
        let second = rows(store, 1..<2)
        var made: [ScopedStore<Card, Board.CardAction>] = []
        withObservationTracking {
            _ = first.scopes[1]?.state
        } onChange: {
            MainActor.assumeIsolated {
                made =
                    store.scope(
                        at: .element(id: 1, in: \Board.cards), as: { .card(id: 1, $0) }
                    ).map { [$0] } ?? []
            }
        }
        store.send(.card(id: 1, .toggle))
        #expect(first.take() == [1: 1])
        #expect(second.take() == [1: 1])
        #expect(made.count == 1)
        let third = RowWatch([1: made[0]])
        store.send(.card(id: 1, .toggle))
        #expect(third.take() == [1: 1])
        #expect(made[0].state.isDone == false)
    }

    @Test func whenOneOfTwoScopesOfARowGoesTheOtherIsStillTold() {
        // The first scope of a row and the others are kept apart: either may go first.
        for firstGoes in [true, false] {
            let store = BoardStore(state: Board(count: 3), environment: (), update: Board.update)
            var first: RowWatch? = rows(store, 1..<2)
            var second: RowWatch? = rows(store, 1..<2)
            #expect(store.linkedScopeCount == 2)
            if firstGoes { first = nil } else { second = nil }
            let remaining = firstGoes ? second : first
            for round in 1...3 {
                store.send(.card(id: 1, .toggle))
                #expect(remaining?.take() == [1: 1], "first goes: \(firstGoes), round \(round)")
                #expect(store.linkedScopeCount == 1, "first goes: \(firstGoes), round \(round)")
            }
            // A scope made afterwards joins the one left, and both are told.
            let third = rows(store, 1..<2)
            store.send(.card(id: 1, .toggle))
            #expect(remaining?.take() == [1: 1])
            #expect(third.take() == [1: 1])
            #expect(store.linkedScopeCount == 2)
        }
    }

    @Test func rowsScopedAgainAfterAllTheirScopesWentAreTold() {
        // The array's tracker goes with its last scope; new scopes must get a new one, not
        // the one the refresher found last.
        let store = BoardStore(state: Board(count: 3), environment: (), update: Board.update)
        for id in 0..<3 {
            _ = store.scope(at: .element(id: id, in: \Board.cards), as: { .card(id: id, $0) })
        }
        #expect(store.linkedScopeCount == 3)
        // Each row's change forgets its gone scope; with the last, the tracker is dropped.
        #expect(store.rowTrackerCount == 1)
        for id in 0..<3 { store.send(.card(id: id, .toggle)) }
        #expect(store.linkedScopeCount == 0)
        #expect(store.rowTrackerCount == 0)
        let again = rows(store, 0..<3)
        store.send(.card(id: 2, .toggle))
        #expect(again.take() == [2: 1])
        #expect(store.linkedScopeCount == 3)
        #expect(store.rowTrackerCount == 1)
    }

    @Test(arguments: [false, true])
    func whenOneArraysScopesAllGoTheOtherArraysRowsAreStillTold(firstArrayGoes: Bool) {
        // Two arrays, two trackers; the one whose scopes all went is dropped (whether it was
        // made first or second), and the other keeps telling its rows.
        let store = BoardStore(state: Board(count: 3), environment: (), update: Board.update)
        var cards: [Int: ScopedStore<Card, Board.CardAction>] = [:]
        var lane: [Int: ScopedStore<Card, Board.CardAction>] = [:]
        for id in 0..<3 {
            cards[id] = store.scope(
                at: .element(id: id, in: \Board.cards), as: { .card(id: id, $0) })
            lane[id] = store.scope(
                at: .element(id: id, in: \Board.lane.cards), as: { .laneCard(id: id, $0) })
        }
        #expect(store.rowTrackerCount == 2)
        if firstArrayGoes { cards = [:] } else { lane = [:] }
        for id in 0..<3 {
            store.send(.card(id: id, .toggle))
            store.send(.laneCard(id: id, .toggle))
        }
        #expect(store.rowTrackerCount == 1)
        #expect(store.linkedScopeCount == 3)
        let watch = RowWatch(firstArrayGoes ? lane : cards)
        store.send(firstArrayGoes ? .laneCard(id: 1, .title("kept")) : .card(id: 1, .title("kept")))
        #expect(watch.take() == [1: 1])
        #expect(watch.scopes[1]?.state.title == "kept")
    }

    @Test func scopesLetGoOffTheMainActorAreForgottenWhileTheStoreSends() async {
        let store = BoardStore(state: Board(count: 3), environment: (), update: Board.update)
        let watch = rows(store, 0..<3)
        for round in 1...20 {
            // Row scopes, a lane's row scopes and a scope of the whole list, whose last
            // references go on another thread while the main actor keeps sending: the links
            // hold them weakly, so a refresh never calls a scope that is going.
            let rowScopes = (0..<30).compactMap { _ in
                store.scope(at: .element(id: 0, in: \Board.cards), as: { .card(id: 0, $0) })
            }
            let laneScopes = (0..<30).compactMap { _ in
                store.scope(
                    at: .element(id: 1, in: \Board.lane.cards), as: { .laneCard(id: 1, $0) })
            }
            let listScope = store.scope(
                at: Lens(\Board.cards), as: { (_: Never) -> Board.Action in })
            let letGo = Task.detached { _ = (rowScopes, laneScopes, listScope) }
            for _ in 0..<3 { store.send(.card(id: 0, .toggle)) }
            await letGo.value
            for _ in 0..<3 {
                store.send(.card(id: 0, .toggle))
                store.send(.laneCard(id: 1, .toggle))
                await Task.yield()
            }
            #expect(watch.take()[0] == 6, "round \(round)")
        }
        // Every scope let go is forgotten: the watched rows are left.
        var turns = 0
        while store.linkedScopeCount > 3, turns < 1_000 {
            store.send(.card(id: 0, .toggle))
            store.send(.laneCard(id: 1, .toggle))
            await Task.yield()
            turns += 1
        }
        #expect(store.linkedScopeCount == 3)
    }

    @Test func scopesThatGoWhileAListAppearsAreForgottenByItsNextSweep() {
        // A list's rows appear and their scopes stay: the tracker's sweeps have nothing to
        // look for. Once some scopes go, the next sweep (made by adding scopes, with no row
        // changing) forgets them.
        let store = BoardStore(state: Board(count: 400), environment: (), update: Board.update)
        var first: RowWatch? = rows(store, 0..<200)
        #expect(store.linkedScopeCount == 200)
        first = nil
        #expect(first == nil)
        let second = rows(store, 200..<400)
        #expect(store.linkedScopeCount == 200)
        store.send(.card(id: 300, .toggle))
        #expect(second.take() == [300: 1])
    }

    @Test func scopesThatAreGoneAreForgottenAndTheRestStillTold() {
        let store = BoardStore(state: Board(count: 3), environment: (), update: Board.update)
        for _ in 0..<5_000 {
            _ = store.scope(at: .element(id: 0, in: \Board.cards), as: { .card(id: 0, $0) })
        }
        // Swept while they were made: far fewer links than scopes made.
        #expect(store.linkedScopeCount < 200)
        let watch = rows(store, 0..<3)
        for round in 1...3 {
            store.send(.card(id: 0, .toggle))
            #expect(watch.take() == [0: 1], "round \(round)")
        }
        // The refresh of row 0 forgot the rest of its gone scopes: the watched rows are left.
        #expect(store.linkedScopeCount == 3)
    }
}
