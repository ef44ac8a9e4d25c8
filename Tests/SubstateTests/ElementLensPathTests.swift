import Substate
import Testing

/// Element lenses read and change their array at its offset in the whole when the array is
/// stored inline, and through the key path otherwise: every kind of path must give the same
/// answers.
private struct PathRow: Equatable, Identifiable, Sendable {
    var id: Int
    var count = 0
}

private struct PathShelf: Equatable, Sendable {
    var label = "shelf"
    var rows: [PathRow] = [PathRow(id: 1), PathRow(id: 2)]
    var keyed: KeyedArray<PathRow> = [PathRow(id: 1), PathRow(id: 2)]
}

private final class PathBox: @unchecked Sendable {
    var rows: [PathRow] = [PathRow(id: 1), PathRow(id: 2)]
    var keyed: KeyedArray<PathRow> = [PathRow(id: 1), PathRow(id: 2)]
}

private struct PathWhole: Sendable {
    var flag = false
    var shelf = PathShelf()
    var box = PathBox()

    /// A computed array: no offset, read and written through the key path.
    var computedRows: [PathRow] {
        get { shelf.rows }
        set { shelf.rows = newValue }
    }

    var computedShelf: PathShelf {
        get { shelf }
        set { shelf = newValue }
    }

    var computedKeyed: KeyedArray<PathRow> {
        get { shelf.keyed }
        set { shelf.keyed = newValue }
    }
}

@Suite struct ElementLensPathTests {
    fileprivate static let arrayPaths: [WritableKeyPath<PathWhole, [PathRow]> & Sendable] = [
        \PathWhole.shelf.rows, \PathWhole.computedRows, \PathWhole.box.rows,
    ]
    fileprivate static let keyedPaths:
        [WritableKeyPath<PathWhole, KeyedArray<PathRow>> & Sendable] = [
            \PathWhole.shelf.keyed, \PathWhole.computedKeyed, \PathWhole.box.keyed,
        ]

    @Test(arguments: 0..<3)
    func anElementByIndexReadsAndChangesThroughEveryKindOfPath(_ which: Int) {
        let path = Self.arrayPaths[which]
        var whole = PathWhole()
        let lens = OptionalLens<PathWhole, PathRow>.element(at: 1, in: path)
        #expect(lens.get(whole) == PathRow(id: 2))
        #expect(lens.modify(&whole) { $0.count += 5 } != nil)
        #expect(whole[keyPath: path][1].count == 5)
        #expect(whole[keyPath: path][0].count == 0)
        #expect(whole.shelf.label == "shelf" && whole.flag == false)
        #expect(OptionalLens<PathWhole, PathRow>.element(at: 2, in: path).get(whole) == nil)
        #expect(
            !OptionalLens<PathWhole, PathRow>.element(at: 2, in: path).set(
                &whole, to: PathRow(id: 9)))
    }

    @Test(arguments: 0..<3)
    func anElementByIDInAnArrayReadsAndChangesThroughEveryKindOfPath(_ which: Int) {
        let path = Self.arrayPaths[which]
        var whole = PathWhole()
        let lens = OptionalLens<PathWhole, PathRow>.element(id: 2, in: path)
        #expect(lens.get(whole) == PathRow(id: 2))
        #expect(lens.modify(&whole) { $0.count += 3 } != nil)
        #expect(whole[keyPath: path].map(\.count) == [0, 3])
        #expect(OptionalLens<PathWhole, PathRow>.element(id: 7, in: path).get(whole) == nil)
    }

    @Test(arguments: 0..<3)
    func anElementByIDInAKeyedArrayReadsAndChangesThroughEveryKindOfPath(_ which: Int) {
        let path = Self.keyedPaths[which]
        var whole = PathWhole()
        let lens = OptionalLens<PathWhole, PathRow>.element(id: 1, in: path)
        #expect(lens.get(whole) == PathRow(id: 1))
        #expect(lens.modify(&whole) { $0.count += 4 } != nil)
        #expect(whole[keyPath: path][id: 1]?.count == 4)
        #expect(whole[keyPath: path][id: 2]?.count == 0)
        #expect(OptionalLens<PathWhole, PathRow>.element(id: 7, in: path).get(whole) == nil)
        #expect(
            !OptionalLens<PathWhole, PathRow>.element(id: 7, in: path).set(
                &whole, to: PathRow(id: 7)))
    }

    @Test func aChangeInPlaceDoesNotCopyTheArray() {
        var whole = PathWhole()
        whole.shelf.rows = (0..<1_000).map { PathRow(id: $0) }
        let before = whole.shelf.rows.withUnsafeBufferPointer { $0.baseAddress }
        OptionalLens<PathWhole, PathRow>.element(at: 500, in: \PathWhole.shelf.rows).modify(&whole)
        {
            $0.count = 1
        }
        OptionalLens<PathWhole, PathRow>.element(id: 600, in: \PathWhole.shelf.rows).modify(&whole)
        {
            $0.count = 2
        }
        #expect(whole.shelf.rows.withUnsafeBufferPointer { $0.baseAddress } == before)
        #expect(whole.shelf.rows[500].count == 1 && whole.shelf.rows[600].count == 2)
    }
}

private struct Library: Equatable, Sendable, Program {
    var shelf = PathShelf()

    /// A computed part: scopes read it through the key path, not at an offset.
    var label: String {
        get { shelf.label }
        set { shelf.label = newValue }
    }

    /// A computed array: its row trackers read its journal through the key path.
    var computedKeyed: KeyedArray<PathRow> {
        get { shelf.keyed }
        set { shelf.keyed = newValue }
    }

    enum Action: Sendable {
        case rename(String)
        case count(id: Int)
    }

    static func update(
        state: consuming Library, environment: Void, action: Action
    ) -> Update<Library, Action> {
        switch action {
        case .rename(let label): state.label = label
        case .count(let id): state.shelf.keyed[id: id]?.count += 1
        }
        return Update(state: state)
    }
}

@MainActor @Suite struct ScopeLensPathTests {
    @Test func scopesReadStoredAndComputedPartsAfterEveryChange() {
        let store = Store(state: Library(), environment: (), program: Library.self)
        let shelf = store.scope(
            at: Lens(\Library.shelf), as: { (action: Library.Action) in action })
        let label = store.scope(
            at: Lens(\Library.label), as: { (action: Library.Action) in action })
        let keyed = shelf.scope(
            at: Lens(\PathShelf.keyed), as: { (action: Library.Action) in action })
        let row = shelf.scope(
            at: .element(id: 2, in: \PathShelf.keyed), as: { (_: Never) -> Library.Action in })
        #expect(label.state == "shelf" && keyed.state[id: 2]?.count == 0)
        store.send(.rename("attic"))
        store.send(.count(id: 2))
        #expect(shelf.state.label == "attic")
        #expect(label.state == "attic")
        #expect(keyed.state[id: 2]?.count == 1)
        #expect(row?.state.count == 1)
    }
}

/// Composed lenses keep the outer (or inner) key path lens's accessors, read at the offset
/// where the part is stored inline: every kind of path must give the same answers.
@Suite struct ComposedLensPathTests {
    fileprivate static let shelfPaths: [WritableKeyPath<PathWhole, PathShelf> & Sendable] = [
        \PathWhole.shelf, \PathWhole.computedShelf,
    ]

    @Test(arguments: 0..<2)
    func aKeyPathLensBeforeAnOptionalLensReadsAndChanges(_ which: Int) {
        let lens = Lens(Self.shelfPaths[which]).appending(
            OptionalLens<PathShelf, PathRow>.element(id: 2, in: \PathShelf.keyed))
        var whole = PathWhole()
        #expect(lens.get(whole) == PathRow(id: 2))
        #expect(lens.modify(&whole) { $0.count = 8 } != nil)
        #expect(whole.shelf.keyed[id: 2]?.count == 8 && whole.shelf.label == "shelf")
        let missing = Lens(Self.shelfPaths[which]).appending(
            OptionalLens<PathShelf, PathRow>.element(id: 9, in: \PathShelf.keyed))
        #expect(missing.get(whole) == nil)
        #expect(!missing.set(&whole, to: PathRow(id: 9)))
    }

    @Test(arguments: 0..<2)
    func aClosureLensBeforeAKeyPathLensReadsAndChanges(_ which: Int) {
        let label = Lens<PathShelf, String>(get: { $0.label }, set: { $0.label = $1 })
        let lens = Lens(Self.shelfPaths[which]).appending(label)
        var whole = PathWhole()
        lens.set(&whole, to: "attic")
        #expect(lens.get(whole) == "attic" && whole.shelf.label == "attic")
        let inner = Lens<PathWhole, PathShelf>(get: { $0.shelf }, set: { $0.shelf = $1 })
            .appending(Lens(\PathShelf.label))
        inner.modify(&whole) { $0 += "!" }
        #expect(whole.shelf.label == "attic!")
    }

    @Test func anOptionalLensBeforeAKeyPathLensReadsAndChanges() {
        let lens = OptionalLens<PathWhole, PathRow>.element(id: 1, in: \PathWhole.shelf.keyed)
            .appending(Lens(\PathRow.count))
        var whole = PathWhole()
        #expect(lens.modify(&whole) { $0 = 5 } != nil)
        #expect(lens.get(whole) == 5 && whole.shelf.keyed[id: 1]?.count == 5)
    }

    @MainActor @Test func rowsOfAComputedArrayFollowTheirRowsFromTheRootAndThroughAScope() {
        let store = Store(state: Library(), environment: (), program: Library.self)
        let root = store.scope(
            at: .element(id: 1, in: \Library.computedKeyed),
            as: { (_: Never) -> Library.Action in })
        let shelf = store.scope(
            at: Lens(\Library.self), as: { (action: Library.Action) in action })
        let nested = shelf.scope(
            at: .element(id: 2, in: \Library.computedKeyed),
            as: { (_: Never) -> Library.Action in })
        let told = ScopeWatch<Int, PathRow, Never>([1: root!, 2: nested!])
        store.send(.count(id: 2))
        #expect(told.take() == [2: 1])
        #expect(nested?.state.count == 1 && root?.state.count == 0)
        store.send(.count(id: 1))
        store.send(.count(id: 1))
        #expect(told.take() == [1: 2])  // re-armed after each, as a row view reads again
        #expect(root?.state.count == 2)
    }
}
