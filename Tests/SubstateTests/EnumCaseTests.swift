import Dispatch
import Testing

@testable import Substate

private indirect enum Tree: Equatable, Sendable {
    case leaf(Int)
    case twin(Int)
    case node(Tree, Tree)
    case pair(left: Int, right: String)
    case empty
}

private enum Box<Value: Sendable>: Sendable {
    case full(Value)
    case two(Value, Value)
}

private struct Big: Equatable, Sendable {
    var items: [Int]
}

private enum Holder: Equatable, Sendable {
    case big(Big)
    case none
}

private struct Account: Equatable, Sendable {
    var name: String
    var items: [Int]
}

/// Two cases with the same payload type, stored in the enum itself (read in place once found).
private enum Session: Equatable, Sendable {
    case loggedIn(Account)
    case guest(Account)
    case signedOut
}

private class Animal: @unchecked Sendable {}
private final class Dog: Animal, @unchecked Sendable {}

private enum Pet: Sendable {
    case animal(Animal)
    case none
}

/// Holds only subclasses of its payload's declared type in these tests.
private enum Kennel: Sendable {
    case animal(Animal)
}

/// Payloads declared of a wider type than the part asked for: a closure converts the part.
private enum Bag: @unchecked Sendable {
    case any(Any)
    case animal(Animal)
}

private final class Cat: Animal, @unchecked Sendable {}

private protocol Named: Sendable {}
extension Int: Named {}

private enum Labelled: Sendable {
    case named(any Named)
    case moved(from: Int, to: Int)
    case count(Int)
}

@Suite struct EnumCaseTests {
    /// Many cases read in turn: more than the remembered slots hold, so that cases share
    /// slots and push each other out; every read still finds its own case, and only it.
    @Test func casesReadInTurnEachFindTheirOwnPayload() {
        enum Many: Sendable {
            case a(Int), b(Int), c(Int), d(Int), e(Int), f(Int), g(Int), h(Int)
            case i(Int), j(Int), k(Int), l(Int)
            case s(String), t(String), u(String), v(String)
        }
        let numbers: [(Int) -> Many] = [
            Many.a, Many.b, Many.c, Many.d, Many.e, Many.f, Many.g, Many.h, Many.i, Many.j,
            Many.k, Many.l,
        ]
        let texts: [(String) -> Many] = [Many.s, Many.t, Many.u, Many.v]
        for round in 0..<3 {
            for (index, embed) in numbers.enumerated() {
                #expect(_EnumCase.payload(of: embed(index + round), case: embed) == index + round)
                let other = numbers[(index + 1) % numbers.count]
                #expect(_EnumCase.payload(of: embed(index), case: other) == nil)
            }
            for (index, embed) in texts.enumerated() {
                #expect(_EnumCase.payload(of: embed("\(index)"), case: embed) == "\(index)")
                #expect(_EnumCase.payload(of: embed("x"), case: texts[(index + 1) % 4]) == nil)
                #expect(_EnumCase.payload(of: Many.a(1), case: embed) == nil)
            }
        }
        #expect(_EnumCase.isReadInPlace(Many.l(0), as: Int.self) == true)
        #expect(_EnumCase.isReadInPlace(Many.v(""), as: String.self) == true)
    }

    /// What was learned of each case is shared by the process: threads that read many cases
    /// at once, pushing each other's cases out of the remembered slots, each still find
    /// their own payloads (and ThreadSanitizer sees no race).
    @Test func casesReadOnSeveralThreadsAtOnceEachFindTheirOwnPayload() {
        enum Wide: Sendable {
            case a(Int), b(Int), c(Int), d(Int), e(Int), f(Int), g(Int), h(Int), i(Int)
            case j(Int), k(Int), l(Int), m(Int), n(Int), o(Int), p(Int)
        }
        let embeds: [@Sendable (Int) -> Wide] = [
            Wide.a, Wide.b, Wide.c, Wide.d, Wide.e, Wide.f, Wide.g, Wide.h, Wide.i, Wide.j,
            Wide.k, Wide.l, Wide.m, Wide.n, Wide.o, Wide.p,
        ]
        let misses = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var wrong = 0
            for round in 0..<500 {
                let index = (round * 7 + thread * 3) % embeds.count
                let embed = embeds[index]
                if _EnumCase.payload(of: embed(round), case: embed) != round { wrong += 1 }
                let other = embeds[(index + 1) % embeds.count]
                if _EnumCase.payload(of: embed(round), case: other) != nil { wrong += 1 }
                if _EnumCase.payload(of: Box.full(round), case: Box<Int>.full) != round {
                    wrong += 1
                }
            }
            misses.withLock { $0 += wrong }
        }
        #expect(misses.withLock { $0 } == 0)
    }

    @Test func aPayloadIsReadOnlyFromItsOwnCase() {
        #expect(_EnumCase.payload(of: Tree.leaf(3), case: Tree.leaf) == 3)
        // Same payload type, other case.
        #expect(_EnumCase.payload(of: Tree.twin(3), case: Tree.leaf) == nil)
        #expect(_EnumCase.payload(of: Tree.empty, case: Tree.leaf) == nil)
    }

    @Test func payloadsOfSeveralValuesAreTuples() {
        let pair = _EnumCase.payload(of: Tree.pair(left: 1, right: "a"), case: Tree.pair)
        #expect(pair?.0 == 1 && pair?.1 == "a")
        let node = _EnumCase.payload(of: Tree.node(.leaf(1), .empty), case: Tree.node)
        #expect(node?.0 == .leaf(1) && node?.1 == .empty)
    }

    @Test func genericEnumsAreRead() {
        #expect(_EnumCase.payload(of: Box<String>.full("x"), case: Box.full) == "x")
        let two = _EnumCase.payload(of: Box<Int>.two(1, 2), case: Box.two)
        #expect(two?.0 == 1 && two?.1 == 2)
        #expect(_EnumCase.payload(of: Box<Int>.full(1), case: Box.two) == nil)
    }

    @Test func casesAreComparedWhateverTheirPayloads() {
        #expect(_EnumCase.sameCase(Tree.leaf(1), Tree.leaf(2)))
        #expect(!_EnumCase.sameCase(Tree.leaf(1), Tree.twin(1)))
        #expect(_EnumCase.sameCase(Tree.empty, Tree.empty))
        #expect(!_EnumCase.sameCase(Tree.empty, Tree.leaf(0)))
    }

    /// Read again and again, each case gives the same answers: the first read finds the case
    /// through mirrors, and the later ones read the payloads stored in the enum in place.
    @Test func aCaseFoundOnceIsReadInPlaceAndGivesTheSameAnswers() {
        let account = Account(name: "a name longer than fifteen bytes", items: [1, 2, 3])
        for _ in 0..<3 {
            #expect(
                _EnumCase.payload(of: Session.loggedIn(account), case: Session.loggedIn) == account)
            #expect(_EnumCase.payload(of: Session.guest(account), case: Session.guest) == account)
            #expect(_EnumCase.payload(of: Session.guest(account), case: Session.loggedIn) == nil)
            #expect(_EnumCase.payload(of: Session.loggedIn(account), case: Session.guest) == nil)
            #expect(_EnumCase.payload(of: Session.signedOut, case: Session.guest) == nil)
            #expect(_EnumCase.payload(of: Box<String>.full("x"), case: Box.full) == "x")
            #expect(_EnumCase.payload(of: Box<Int>.full(7), case: Box.full) == 7)
            #expect(_EnumCase.payload(of: Box<Int>.full(7), case: Box.two) == nil)
            #expect(_EnumCase.payload(of: Labelled.count(5), case: Labelled.count) == 5)
            #expect(
                _EnumCase.payload(of: Labelled.moved(from: 1, to: 2), case: Labelled.count) == nil)
        }
        #expect(_EnumCase.isReadInPlace(Session.loggedIn(account), as: Account.self) == true)
        #expect(_EnumCase.isReadInPlace(Session.guest(account), as: Account.self) == true)
        #expect(_EnumCase.isReadInPlace(Box<String>.full("x"), as: String.self) == true)
        #expect(_EnumCase.isReadInPlace(Labelled.count(5), as: Int.self) == true)
    }

    /// An `indirect` case (its payload is in a box) is read through a mirror, with the same
    /// answers; a payload of several values with labels asked for as a plain tuple is read in
    /// place. Payloads of a superclass or a protocol type give the same answers whichever way
    /// they are read.
    @Test func whatCannotBeReadInPlaceIsReadThroughMirrors() {
        let dog = Dog()
        for _ in 0..<3 {
            #expect(_EnumCase.payload(of: Tree.leaf(3), case: Tree.leaf) == 3)
            #expect(_EnumCase.payload(of: Tree.twin(3), case: Tree.leaf) == nil)
            #expect(_EnumCase.payload(of: Kennel.animal(dog), case: Kennel.animal) === dog)
            let named = _EnumCase.payload(of: Labelled.named(8), case: Labelled.named)
            #expect(named as? Int == 8)
            let moved = _EnumCase.payload(
                of: Labelled.moved(from: 1, to: 2), case: Labelled.moved)
            #expect(moved?.0 == 1 && moved?.1 == 2)
        }
        #expect(_EnumCase.isReadInPlace(Tree.leaf(3), as: Int.self) == false)
        #expect(
            _EnumCase.isReadInPlace(Labelled.moved(from: 1, to: 2), as: (Int, Int).self) == true)
    }

    /// A case whose payload is declared of a wider type than the part (`Any`, a superclass),
    /// reached through a closure that converts the part, is never read in place: a later
    /// value of that case may hold another type, which would be read as the part.
    @Test func aPayloadDeclaredOfAWiderTypeIsNeverReadInPlace() {
        let anyInt: (Int) -> Bag = { Bag.any($0) }
        let anyString: (String) -> Bag = { Bag.any($0) }
        let dog: (Dog) -> Bag = { Bag.animal($0) }
        for _ in 0..<3 {
            #expect(_EnumCase.payload(of: Bag.any(5), case: anyInt) == 5)
            #expect(
                _EnumCase.payload(of: Bag.any("a string longer than fifteen"), case: anyInt) == nil)
            #expect(_EnumCase.payload(of: Bag.any([1, 2, 3]), case: anyString) == nil)
            #expect(_EnumCase.payload(of: Bag.any("text"), case: anyString) == "text")
            let rex = Dog()
            #expect(_EnumCase.payload(of: Bag.animal(rex), case: dog) === rex)
            #expect(_EnumCase.payload(of: Bag.animal(Cat()), case: dog) == nil)
        }
        #expect(_EnumCase.isReadInPlace(Bag.any(5), as: Int.self) == false)
        #expect(_EnumCase.isReadInPlace(Bag.animal(Dog()), as: Dog.self) == false)
    }

    /// A payload of a class type, read in place, is the same object, whatever its subclass.
    @Test func aClassPayloadReadInPlaceIsTheSameObject() {
        let animal = Animal()
        let dog = Dog()
        for _ in 0..<3 {
            #expect(_EnumCase.payload(of: Pet.animal(animal), case: Pet.animal) === animal)
            #expect(_EnumCase.payload(of: Pet.animal(dog), case: Pet.animal) === dog)
            #expect(_EnumCase.payload(of: Pet.none, case: Pet.animal) == nil)
        }
    }

    @Test func aCaseLensReadsAndWrites() {
        let lens = OptionalLens<Tree, Int>.case(Tree.leaf)
        var tree = Tree.leaf(1)
        #expect(lens.get(tree) == 1)
        lens.modify(&tree) { $0 += 1 }
        #expect(tree == .leaf(2))
        var other = Tree.twin(1)
        #expect(lens.modify(&other) { $0 += 1 } == nil)
        #expect(other == .twin(1))
    }

    @Test func aCaseLensChangesALargePayloadInPlace() {
        let lens = OptionalLens<Holder, Big>.case(Holder.big)
        var holder = Holder.big(Big(items: Array(0..<10_000)))
        let before = lens.get(holder)!.items.withUnsafeBufferPointer { $0.baseAddress }
        lens.modify(&holder) { $0.items[0] = -1 }
        let after = lens.get(holder)!.items.withUnsafeBufferPointer { $0.baseAddress }
        #expect(before == after)
        #expect(lens.get(holder)?.items.first == -1)
    }

    /// Once a case is known to be read in place, a write changes its payload where it lies:
    /// the case of the same payload type beside it is left alone, and each keeps its case.
    @Test func aCaseReadInPlaceIsChangedWhereItLies() {
        let loggedIn = OptionalLens<Session, Account>.case(Session.loggedIn)
        let guest = OptionalLens<Session, Account>.case(Session.guest)
        var session = Session.loggedIn(Account(name: "a", items: Array(0..<1_000)))
        var other = Session.guest(Account(name: "g", items: []))
        for round in 1...3 {
            let before = loggedIn.get(session)!.items.withUnsafeBufferPointer { $0.baseAddress }
            #expect(loggedIn.modify(&session) { $0.items[0] = -round } != nil)
            #expect(guest.modify(&session) { $0.name = "wrong" } == nil)
            #expect(loggedIn.modify(&other) { $0.name = "wrong" } == nil)
            #expect(guest.modify(&other) { $0.items.append(round) } != nil)
            let after = loggedIn.get(session)!.items.withUnsafeBufferPointer { $0.baseAddress }
            #expect(before == after)
        }
        #expect(_EnumCase.isReadInPlace(session, as: Account.self) == true)
        #expect(_EnumCase.isReadInPlace(other, as: Account.self) == true)
        var expected = Array(0..<1_000)
        expected[0] = -3
        #expect(session == .loggedIn(Account(name: "a", items: expected)))
        #expect(other == .guest(Account(name: "g", items: [1, 2, 3])))
        var signedOut = Session.signedOut
        #expect(loggedIn.modify(&signedOut) { $0.name = "wrong" } == nil)
        #expect(signedOut == .signedOut)
    }

    /// Cases whose tags lie in spare bits of their payloads (two class references): a payload
    /// replaced in place by another object keeps its case.
    @Test func aPayloadReplacedInPlaceKeepsItsCase() {
        let animal = OptionalLens<Bag, Animal>.case(Bag.animal)
        var bag = Bag.animal(Dog())
        for _ in 0..<3 {
            let cat = Cat()
            #expect(animal.modify(&bag) { $0 = cat } != nil)
            #expect(animal.get(bag) === cat)
        }
        #expect(_EnumCase.isReadInPlace(bag, as: Animal.self) == true)
        var any = Bag.any(1)
        #expect(animal.modify(&any) { $0 = Cat() } == nil)
        #expect((OptionalLens<Bag, Any>.case(Bag.any).get(any) as? Int) == 1)
    }

    /// Cases that are not read in place (an `indirect` one, a labelled tuple) are still
    /// changed, moved out and back.
    @Test func aCaseNotReadInPlaceIsStillChanged() {
        let node = OptionalLens<Tree, (Tree, Tree)>.case(Tree.node)
        let pair = OptionalLens<Tree, (Int, String)>.case(Tree.pair)
        var tree = Tree.node(.leaf(1), .leaf(2))
        var labelled = Tree.pair(left: 1, right: "one")
        for _ in 0..<3 {
            #expect(node.modify(&tree) { $0.0 = .leaf(0) } != nil)
            #expect(pair.modify(&labelled) { $0.0 += 1 } != nil)
        }
        #expect(tree == .node(.leaf(0), .leaf(2)))
        #expect(labelled == .pair(left: 4, right: "one"))
        #expect(_EnumCase.isReadInPlace(tree, as: (Tree, Tree).self) == false)
    }

    @Test func anActionTagExtractsByTheCase() {
        let tag = ActionTag(Tree.leaf)
        #expect(tag.extract(.leaf(4)) == 4)
        #expect(tag.extract(.twin(4)) == nil)
    }

}

/// Holds a session where a key path finds it at an offset (`stored`), through a getter and a
/// setter (`computed`), and in an object (`boxed.session`): the last two have no offset.
private struct Desk: Sendable {
    final class Box: @unchecked Sendable {
        var session = Session.signedOut
    }

    var stored = Session.signedOut
    var computed: Session {
        get { stored }
        set { stored = newValue }
    }
    let boxed = Box()
}

@Suite struct CaseInPropertyTests {
    /// `.case(_:in:)` reads and changes the payload of its own case through any key path,
    /// leaves another case alone, and names the payload's effects as the lens composed of the
    /// key path and the case does.
    @Test(arguments: [\Desk.stored, \Desk.computed, \Desk.boxed.session])
    fileprivate func aCaseInAPropertyIsReadAndChangedThroughItsKeyPath(
        _ keyPath: WritableKeyPath<Desk, Session> & Sendable
    ) {
        let loggedIn = OptionalLens<Desk, Account>.case(Session.loggedIn, in: keyPath)
        let guest = OptionalLens<Desk, Account>.case(Session.guest, in: keyPath)
        var desk = Desk()
        desk[keyPath: keyPath] = .loggedIn(Account(name: "a", items: [1]))
        for round in 1...3 {
            #expect(loggedIn.modify(&desk) { $0.items.append(round) } != nil)
            #expect(guest.modify(&desk) { $0.name = "wrong" } == nil)
        }
        #expect(loggedIn.get(desk) == Account(name: "a", items: [1, 1, 2, 3]))
        #expect(guest.get(desk) == nil)
        #expect(desk[keyPath: keyPath] == .loggedIn(Account(name: "a", items: [1, 1, 2, 3])))
        #expect(guest.set(&desk, to: Account(name: "g", items: [])) == false)
        desk[keyPath: keyPath] = .guest(Account(name: "g", items: []))
        #expect(guest.set(&desk, to: Account(name: "h", items: [2])))
        #expect(desk[keyPath: keyPath] == .guest(Account(name: "h", items: [2])))
        #expect(loggedIn.get(desk) == nil)
        let composed = Lens(keyPath).appending(
            OptionalLens<Session, Account>.case(Session.loggedIn))
        #expect(loggedIn._placeKey?._path == composed._placeKey?._path)
        #expect(loggedIn._placeKey?._path.count == 2)
    }
}

/// A payload whose size is not a multiple of its alignment (25 bytes in a 32-byte stride).
private struct Ragged: Equatable, Sendable {
    var name = "ragged"
    var count = 0
    var flag = false
}

private enum RaggedScreen: Equatable, Sendable {
    case ragged(Ragged)
    case other
}

@MainActor
@Suite struct RaggedPayloadTests {
    /// The payload is moved through an enum case into a generic local that holds exactly one
    /// value: moving the update's state into it must copy its size, not its stride. A
    /// release build under AddressSanitizer (CI runs one) reports a write past the local
    /// otherwise; any build checks the values.
    @Test func aPayloadWhoseSizeIsNotItsStrideIsUpdatedThroughAnEnumCase() {
        let lens = OptionalLens<RaggedScreen, Ragged>.case(
            RaggedScreen.ragged, extract: { if case .ragged(let r) = $0 { r } else { nil } })
        var screen = RaggedScreen.ragged(Ragged())
        for _ in 0..<3 {
            let update = Update<RaggedScreen, Int>.child(
                1, in: screen, at: lens, as: { $0 }, environment: (),
                update: { state, _, action in
                    var state = state
                    state.count += action
                    state.flag.toggle()
                    return Update(state: state)
                })
            screen = update.state
        }
        #expect(screen == .ragged(Ragged(name: "ragged", count: 3, flag: true)))
    }
}
