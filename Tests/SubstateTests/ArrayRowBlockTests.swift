import Substate
import Testing

/// Rows of a plain `Array` scoped by index, of a type without padding: a commit compares the
/// rows of scopes in array order a block at a time, by their bytes, and one by one only in a
/// block whose bytes changed. Every scope must still see exactly its own row's changes.
struct BlockGrid: Equatable, Sendable, Program {
    var cells: [Cell]

    struct Cell: Equatable, Sendable {
        var id: Int
        var value: Int
    }

    enum Action: Sendable {
        case bump([Int])
        case rewrite(Int)
        case drop(Int)
    }

    static func update(state: consuming BlockGrid, environment: Void, action: Action) -> Update<
        BlockGrid, Action
    > {
        switch action {
        case .bump(let indices):
            for index in indices { state.cells[index].value += 1 }
        case .rewrite(let index):
            // The same value written again: the row's bytes do not change.
            state.cells[index] = BlockGrid.Cell(
                id: state.cells[index].id, value: state.cells[index].value)
        case .drop(let count):
            state.cells.removeLast(count)
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct ArrayRowBlockTests {
    typealias Scope = ScopedStore<BlockGrid.Cell, Never>

    typealias Watch = ScopeWatch<Int, BlockGrid.Cell, Never>

    static let count = 200

    func store() -> Store<BlockGrid, BlockGrid.Action, Void> {
        Store(
            state: BlockGrid(cells: (0..<Self.count).map { BlockGrid.Cell(id: $0, value: 0) }),
            environment: (), program: BlockGrid.self)
    }

    func scope(_ store: Store<BlockGrid, BlockGrid.Action, Void>, _ index: Int) -> Scope? {
        store.scope(
            at: .element(at: index, in: \BlockGrid.cells),
            as: { (_: Never) -> BlockGrid.Action in })
    }

    @Test func changedRowsInSeveralBlocksAreToldAndNoOtherRow() {
        #expect(MemoryLayout<BlockGrid.Cell>.size == MemoryLayout<BlockGrid.Cell>.stride)
        let store = store()
        let watch = Watch(
            Dictionary(uniqueKeysWithValues: (0..<Self.count).map { ($0, scope(store, $0)!) }))
        store.send(.bump([0, 63, 64, 130, 199]))
        #expect(watch.take() == [0: 1, 63: 1, 64: 1, 130: 1, 199: 1])
        store.send(.bump([100]))
        #expect(watch.take() == [100: 1])
        #expect((0..<Self.count).map { watch.scopes[$0]!.state } == store.state.cells)
        store.send(.rewrite(7))
        #expect(watch.take() == [:])
    }

    @Test func afterAScopeInTheMiddleGoesTheOthersStillSeeTheirRows() {
        let store = store()
        var scopes = Dictionary(
            uniqueKeysWithValues: (0..<Self.count).map { ($0, scope(store, $0)!) })
        scopes[10] = nil  // the scope of row 10 goes
        let watch = Watch(scopes)
        store.send(.bump([10, 11, 150]))
        #expect(watch.take() == [11: 1, 150: 1])
        store.send(.bump([9, 12, 199]))
        #expect(watch.take() == [9: 1, 12: 1, 199: 1])
        for (index, scope) in watch.scopes { #expect(scope.state == store.state.cells[index]) }
    }

    @Test func scopesMadeOutOfOrderSeeTheirRows() {
        let store = store()
        let order = [5, 4, 3] + (6..<Self.count) + [0, 1, 2]
        let watch = Watch(Dictionary(uniqueKeysWithValues: order.map { ($0, scope(store, $0)!) }))
        store.send(.bump([0, 5, 6, 120]))
        #expect(watch.take() == [0: 1, 5: 1, 6: 1, 120: 1])
        for (index, scope) in watch.scopes { #expect(scope.state == store.state.cells[index]) }
    }

    @Test func rowsThatLeaveDetachTheirScopesOnly() {
        let store = store()
        let watch = Watch(
            Dictionary(uniqueKeysWithValues: (0..<Self.count).map { ($0, scope(store, $0)!) }))
        store.send(.drop(70))
        #expect((130..<Self.count).allSatisfy { watch.scopes[$0]!.isDetached })
        #expect((0..<130).allSatisfy { !watch.scopes[$0]!.isDetached })
        store.send(.bump([0, 129]))
        #expect(watch.take() == [0: 1, 129: 1])
        #expect(watch.scopes[129]!.state.value == 1)
    }
}
