import Substate
import Testing

private struct Inner: Equatable, Sendable {
    var value = 0
    var items: [Int] = []
}

private struct Outer: Equatable, Sendable {
    var inner = Inner()
    var maybe: Inner?
    var list: [Item] = []
    var table: [String: Inner] = [:]
}

private struct Item: Equatable, Identifiable, Sendable {
    var id: String
    var count = 0
}

private enum Screen: Equatable, Sendable {
    case loggedOut
    case loggedIn(Inner)
}

@Suite struct LensTests {
    @Test func aKeyPathLensReadsAndWrites() {
        let lens = Lens(\Outer.inner)
        var outer = Outer()
        lens.set(&outer, to: Inner(value: 3))
        #expect(lens.get(outer).value == 3)
        lens.modify(&outer) { $0.value += 1 }
        #expect(outer.inner.value == 4)
    }

    @Test func aGetSetLensReadsAndWrites() {
        let lens = Lens<Outer, Int>(
            get: { $0.inner.value * 10 }, set: { $0.inner.value = $1 / 10 })
        var outer = Outer()
        lens.set(&outer, to: 70)
        #expect(outer.inner.value == 7)
        #expect(lens.get(outer) == 70)
    }

    @Test func lensesCompose() {
        let lens = Lens(\Outer.inner).appending(Lens(\Inner.value))
        var outer = Outer()
        lens.modify(&outer) { $0 = 42 }
        #expect(outer.inner.value == 42)
        #expect(lens.get(outer) == 42)
    }

    @Test func anOptionalLensDoesNothingWhenThePartIsMissing() {
        let lens = OptionalLens(\Outer.maybe)
        var outer = Outer()
        #expect(lens.get(outer) == nil)
        #expect(lens.modify(&outer) { $0.value = 1 } == nil)
        #expect(outer.maybe == nil)
        outer.maybe = Inner()
        lens.modify(&outer) { $0.value = 2 }
        #expect(outer.maybe?.value == 2)
    }

    @Test func elementsByIndexIdAndKey() {
        var outer = Outer(list: [Item(id: "a"), Item(id: "b")], table: ["x": Inner()])
        OptionalLens.element(at: 1, in: \Outer.list).modify(&outer) { $0.count = 5 }
        OptionalLens.element(id: "a", in: \Outer.list).modify(&outer) { $0.count = 7 }
        OptionalLens.value(forKey: "x", in: \Outer.table).modify(&outer) { $0.value = 9 }
        #expect(outer.list.map(\.count) == [7, 5])
        #expect(outer.table["x"]?.value == 9)
        // Missing children: out of bounds, unknown id, unknown key.
        #expect(
            OptionalLens.element(at: 5, in: \Outer.list).set(&outer, to: Item(id: "z")) == false)
        #expect(OptionalLens.element(id: "zz", in: \Outer.list).get(outer) == nil)
        #expect(OptionalLens.value(forKey: "nope", in: \Outer.table).get(outer) == nil)
        #expect(outer.list.count == 2)
    }

    @Test func anEnumCasePayload() {
        let session = OptionalLens<Screen, Inner>.case(Screen.loggedIn) {
            if case .loggedIn(let inner) = $0 { inner } else { nil }
        }
        var screen = Screen.loggedOut
        #expect(session.modify(&screen) { $0.value = 1 } == nil)
        screen = .loggedIn(Inner())
        session.modify(&screen) { $0.value = 3 }
        #expect(screen == .loggedIn(Inner(value: 3)))
    }

    @Test func optionalLensesCompose() {
        let lens = OptionalLens(\Outer.maybe).appending(Lens(\Inner.items))
            .appending(OptionalLens.element(at: 0, in: \[Int].self))
        var outer = Outer(maybe: Inner(items: [1, 2]))
        lens.modify(&outer) { $0 = 10 }
        #expect(outer.maybe?.items == [10, 2])
        let through = Lens(\Outer.inner).appending(OptionalLens.element(at: 3, in: \Inner.items))
        #expect(through.get(outer) == nil)
    }
}

private enum ChildAction: Equatable, Sendable {
    case increment
}

private enum ParentAction: Equatable, Sendable {
    case child(ChildAction)
    case other(Int)
}

@Suite struct ActionTagTests {
    @Test func aTagEmbedsAndExtracts() {
        let tag = ActionTag(ParentAction.child)
        #expect(tag.embed(.increment) == .child(.increment))
        #expect(tag.extract(.child(.increment)) == .increment)
        #expect(tag.extract(.other(1)) == nil)
    }

    @Test func aTagWithAPatternExtractsTheSame() {
        let tag = ActionTag(ParentAction.child) {
            if case .child(let action) = $0 { action } else { nil }
        }
        #expect(tag.extract(.child(.increment)) == .increment)
        #expect(tag.extract(.other(2)) == nil)
    }

    @Test func reflectionChecksTheCaseNotJustThePayloadType() {
        enum Twins: Equatable { case left(Int), right(Int) }
        let left = ActionTag(Twins.left)
        #expect(left.extract(.left(1)) == 1)
        #expect(left.extract(.right(1)) == nil)
    }

    @Test func tagsCompose() {
        enum Root: Equatable { case parent(ParentAction) }
        let tag = ActionTag(Root.parent).appending(ActionTag(ParentAction.child))
        #expect(tag.embed(.increment) == .parent(.child(.increment)))
        #expect(tag.extract(.parent(.child(.increment))) == .increment)
        #expect(tag.extract(.parent(.other(0))) == nil)
    }
}

@Suite struct FindTests {
    @Test func findsTheFirstAndAllPartsOfAType() {
        let outer = Outer(
            inner: Inner(value: 1), maybe: Inner(value: 2), list: [Item(id: "a"), Item(id: "b")])
        #expect(Find.first(Inner.self, in: outer)?.value == 1)
        #expect(Find.all(Inner.self, in: outer).map(\.value) == [1, 2])
        #expect(Find.all(Item.self, in: outer).map(\.id) == ["a", "b"])
        #expect(Find.first(Screen.self, in: outer) == nil)
        #expect(Find.first(Outer.self, in: outer) == outer)
    }

    @MainActor @Test func aStoreFindsInItsState() {
        let store = Store(
            state: Log(entries: ["x"], count: 3), environment: (), update: Log.update)
        #expect(store.find([String].self) == ["x"])
        #expect(store.findAll(Int.self) == [3])
    }
}
