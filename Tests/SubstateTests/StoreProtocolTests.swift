import Observation
import Substate
import Testing

/// Helpers written once against `StoreProtocol`, as a view library would, used with a root
/// store and with a scoped store of the same state.
@MainActor
enum CardControls {
    static func titleBinding(
        of store: some StoreProtocol<Card, Board.CardAction>
    ) -> StateBinding<String> {
        store.stateBinding(at: \.title, as: Board.CardAction.title)
    }

    static func toggle(on store: some StoreProtocol<Card, Board.CardAction>)
        -> @MainActor () -> Void
    {
        let send = store.forward { (_: Void) in Board.CardAction.toggle }
        return { send(()) }
    }

    static func isDone(in store: some StoreProtocol<Card, Board.CardAction>) -> Bool {
        store.isDone
    }
}

@MainActor
@Suite struct StoreProtocolTests {
    @Test func oneHelperWorksOnARootStoreAndOnAScopedStore() throws {
        let root = Store(state: Card(id: 7), environment: (), update: Board.updateCard)
        let board = Store(state: Board(count: 3), environment: (), update: Board.update)
        let row = try #require(board.scope(at: \.cards, id: 1, as: Board.Action.card))

        CardControls.titleBinding(of: root).value = "root"
        CardControls.titleBinding(of: row).value = "row"
        #expect(root.state.title == "root")
        #expect(board.state.cards[id: 1]?.title == "row")

        CardControls.toggle(on: root)()
        CardControls.toggle(on: row)()
        #expect(CardControls.isDone(in: root))
        #expect(CardControls.isDone(in: row))
        #expect(board.state.cards[id: 1]?.isDone == true)
        #expect(board.state.cards[id: 0]?.isDone == false)
    }

    @Test func keyPathScopesOfAScopedStoreAreTheRootsOnesOneLevelDown() throws {
        let board = Store(state: Board(count: 3), environment: (), update: Board.update)
        let lane = board.scope(at: Lens(\.lane), as: { (_: Never) -> Board.Action in })
        let fromRoot = try #require(board.scope(at: \.lane.cards, id: 2, as: Board.Action.laneCard))
        #expect(lane.state.cards[id: 2] == fromRoot.state)
        fromRoot.send(.title("moved"))
        #expect(lane.cards[id: 2]?.title == "moved")
    }

    @Test func aFieldReadThroughTheProtocolObservesThatFieldAlone() throws {
        let board = Store(state: Board(count: 2), environment: (), update: Board.update)
        let row = try #require(board.scope(at: \.cards, id: 0, as: Board.Action.card))
        let told = Fired()
        func observe() {
            withObservationTracking {
                _ = CardControls.isDone(in: row)
            } onChange: {
                told.fire()
            }
        }
        observe()
        row.send(.title("renamed"))
        #expect(told.value == 0)
        row.send(.toggle)
        #expect(told.value == 1)
    }
}
