import Synchronization

/// A stack of screens in the state: what a navigation stack shows, as a value.
///
/// Each screen is a child program, usually an enum of the app's screens, and has a
/// ``ScreenID`` that the stack gives it when it is pushed. The root screen is not on the
/// stack: it is the parent that holds it.
///
/// ```swift
/// struct Contacts: Program, Equatable, Sendable {
///     var path = ScreenStack<Screen>()
///
///     enum Action: Sendable {
///         case path(StackAction<Screen>)
///     }
///
///     static func update(
///         state: consuming Contacts, environment: Void, action: Action
///     ) -> Update<Contacts, Action> {
///         switch action {
///         case .path(let action):
///             return .child(action, in: state, at: \.path, as: Action.path)
///         }
///     }
/// }
/// ```
///
/// `Update.child` with a ``StackAction`` pushes and pops, and runs a screen's program for
/// `.screen(id, action)`. A screen's effects end when it is popped, its late actions are
/// dropped (visibly, in a debug build), and a screen can pop itself by returning
/// ``Update/dismiss(_:)``. A parent changes its stack like any other state, for example to
/// follow a deep link: `state.path = [.list, .detail(id), .edit(id)]`.
///
/// Pushing and popping one screen are O(1) in the stack's depth, and never copy the other
/// screens; finding a screen by id is O(log *n*).
///
/// A stack made anew (`ScreenStack(…)`, an array literal, a decoded stack) holds new screens,
/// whatever ids it gives them: assigned in place of another stack, as a deep link does, it
/// ends every screen of the stack it replaces. Their effects are cancelled, their scopes
/// detached, and SwiftUI shows the new screens in new views, even where the new stack numbers
/// its screens as the old one did. Pushes, pops and changes to screens keep the stack's
/// screens, and a pushed screen's id is never one the stack gave before. Equality, hashing
/// and encoding look at the screens and their ids only.
public struct ScreenStack<Screen> {
    /// The ids, in stack order: always increasing, since pushes append the next id.
    @usableFromInline var _ids: [ScreenID]
    @usableFromInline var _screens: [Screen]
    /// The number the next pushed screen gets.
    @usableFromInline var _nextID: Int
    /// Which stack this is: a number no other stack made in this process has, kept by copies
    /// and changes, new for a stack made anew. What a screen's effects and scopes compare, so
    /// that a stack assigned in place of another is not taken for it.
    @usableFromInline var _lineage: UInt64

    /// An empty stack.
    public init() {
        _ids = []
        _screens = []
        _nextID = 0
        _lineage = _ScreenLineage.next()
    }

    /// A stack of the given screens, bottom first, numbered from 0.
    /// - Parameter screens: The screens.
    public init(_ screens: some Sequence<Screen>) {
        _screens = Array(screens)
        _ids = _screens.indices.map { ScreenID($0) }
        _nextID = _screens.count
        _lineage = _ScreenLineage.next()
    }

    /// Which stack this is (see ``ScreenStack``): what SwiftUI's views of the screens are
    /// told apart by, so that a stack made anew shows new views.
    package var lineage: UInt64 { _lineage }

    /// The lineage of the stack at `keyPath` in `whole`, read without consuming a caller's
    /// `consuming` state (a key path read straight from one consumes it).
    @inlinable
    static func lineage<Whole>(
        at keyPath: any WritableKeyPath<Whole, ScreenStack> & Sendable, in whole: Whole
    ) -> UInt64 {
        whole[keyPath: keyPath]._lineage
    }

    /// The screens' ids, bottom first: what SwiftUI's `NavigationStack` path holds.
    /// - Complexity: O(1).
    public var ids: [ScreenID] { _ids }

    /// The screens, bottom first.
    /// - Complexity: O(1).
    public var screens: [Screen] { _screens }

    /// The position of the screen with an id, if it is on the stack.
    /// - Parameter id: The id.
    /// - Returns: Its index, or `nil`.
    /// - Complexity: O(log *n*).
    @inlinable
    public func index(id: ScreenID) -> Int? {
        var low = 0
        var high = _ids.count
        while low < high {
            let middle = (low + high) / 2
            let found = _ids[middle]
            if found == id { return middle }
            if found < id { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Whether a screen with the id is on the stack.
    /// - Parameter id: The id.
    /// - Complexity: O(log *n*).
    public func contains(id: ScreenID) -> Bool {
        index(id: id) != nil
    }

    /// The screen with an id, if it is on the stack; setting it replaces that screen. Setting
    /// a screen for an id that is not on the stack, or setting `nil`, does nothing: push,
    /// pop or ``remove(id:)`` to change which screens there are.
    /// - Parameter id: The id.
    /// - Complexity: O(log *n*).
    public subscript(id id: ScreenID) -> Screen? {
        get { index(id: id).map { _screens[$0] } }
        set {
            guard let index = index(id: id), let newValue else { return }
            _screens[index] = newValue
        }
    }

    /// The id of the screen on top, if any.
    public var lastID: ScreenID? { _ids.last }

    /// Pushes a screen on top.
    /// - Parameter screen: The screen.
    /// - Returns: Its id.
    /// - Complexity: O(1), amortized.
    @discardableResult
    public mutating func push(_ screen: Screen) -> ScreenID {
        let id = ScreenID(_nextID)
        _nextID += 1
        _ids.append(id)
        _screens.append(screen)
        return id
    }

    /// Pops the screen on top, if any.
    /// - Returns: The screen popped.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func pop() -> Screen? {
        guard !_ids.isEmpty else { return nil }
        _ids.removeLast()
        return _screens.removeLast()
    }

    /// Pops the screens above the screen with an id, which stays on top. Does nothing if no
    /// screen has the id.
    /// - Parameter id: The id of the screen to show.
    /// - Complexity: O(*k* + log *n*) for *k* screens popped.
    public mutating func pop(to id: ScreenID) {
        guard let index = index(id: id) else { return }
        removeScreens(from: index + 1)
    }

    /// Pops the screen with an id and every screen above it: what SwiftUI does when the user
    /// goes back to the screen below it. Does nothing if no screen has the id.
    /// - Parameter id: The id of the lowest screen to pop.
    /// - Complexity: O(*k* + log *n*) for *k* screens popped.
    public mutating func pop(from id: ScreenID) {
        guard let index = index(id: id) else { return }
        removeScreens(from: index)
    }

    /// Pops every screen, back to the root.
    /// - Complexity: O(*n*).
    public mutating func popToRoot() {
        removeScreens(from: 0)
    }

    /// Removes the screen with an id wherever it is in the stack (the screens above it stay).
    /// - Parameter id: The id.
    /// - Returns: The screen removed, or `nil` if no screen has the id.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func remove(id: ScreenID) -> Screen? {
        guard let index = index(id: id) else { return nil }
        _ids.remove(at: index)
        return _screens.remove(at: index)
    }

    private mutating func removeScreens(from index: Int) {
        guard index < _ids.count else { return }
        _ids.removeSubrange(index...)
        _screens.removeSubrange(index...)
    }

    /// Changes the screen with an id in place, if it is on the stack.
    /// - Returns: Whether the screen was there.
    @inlinable
    mutating func _modify(id: ScreenID, _ body: (inout Screen) -> Void) -> Bool {
        guard let index = index(id: id) else { return false }
        body(&_screens[index])
        return true
    }
}

extension ScreenStack: RandomAccessCollection {
    /// The position of the bottom screen: 0.
    public var startIndex: Int { 0 }
    /// The position after the top screen: the number of screens.
    public var endIndex: Int { _screens.count }

    /// The screen at a position, counted from the bottom.
    /// - Parameter position: The position.
    public subscript(position: Int) -> Screen { _screens[position] }
}

extension ScreenStack: ExpressibleByArrayLiteral {
    /// A stack of the listed screens, bottom first, numbered from 0.
    /// - Parameter elements: The screens.
    public init(arrayLiteral elements: Screen...) {
        self.init(elements)
    }
}

extension ScreenStack: Equatable where Screen: Equatable {
    /// Whether two stacks have the same screens with the same ids, and would give the next
    /// pushed screen the same id.
    public static func == (lhs: ScreenStack, rhs: ScreenStack) -> Bool {
        lhs._nextID == rhs._nextID && lhs._ids == rhs._ids && lhs._screens == rhs._screens
    }
}

extension ScreenStack: Hashable where Screen: Hashable {
    /// Hashes the ids and the screens.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_ids)
        hasher.combine(_screens)
    }
}

extension ScreenStack: Sendable where Screen: Sendable {}

extension ScreenStack: Codable where Screen: Codable {
    private enum CodingKeys: String, CodingKey {
        case ids, screens, nextID
    }

    /// Encodes the ids, the screens and the next id.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_ids, forKey: .ids)
        try container.encode(_screens, forKey: .screens)
        try container.encode(_nextID, forKey: .nextID)
    }

    /// Decodes a stack, checking that it is one a stack could have become: as many ids as
    /// screens, ids from 0 up and increasing, and the next id above them and no larger than
    /// 2^53 (the largest integer JSON readers keep exactly; a stack that pushed a screen every
    /// microsecond would take three centuries to reach it), so that pushes can go on.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` naming what is wrong, and where: the message
    ///   names the first id at fault, not the whole list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ids = try container.decode([ScreenID].self, forKey: .ids)
        let screens = try container.decode([Screen].self, forKey: .screens)
        let nextID = try container.decode(Int.self, forKey: .nextID)
        func corrupt(_ what: String) -> DecodingError {
            .dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "ScreenStack: \(what)"))
        }
        guard ids.count == screens.count else {
            throw corrupt("\(ids.count) ids for \(screens.count) screens")
        }
        if let first = ids.first, first.rawValue < 0 {
            throw corrupt("the first id, \(first), is negative")
        }
        if let position = ids.indices.dropFirst().first(where: { ids[$0 - 1] >= ids[$0] }) {
            throw corrupt(
                "the ids do not increase: \(ids[position]) at position \(position) follows "
                    + "\(ids[position - 1])")
        }
        guard nextID <= Self.largestNextID else {
            throw corrupt("the next id \(nextID) is above 2^53, which no stack reaches")
        }
        guard ids.last.map({ $0.rawValue < nextID }) ?? (nextID >= 0) else {
            throw corrupt("the next id \(nextID) is not above the last id, \(ids.last!)")
        }
        _ids = ids
        _screens = screens
        _nextID = nextID
        _lineage = _ScreenLineage.next()
    }

    /// The largest next id a decoded stack may have: 2^53.
    static var largestNextID: Int { 1 << 53 }
}

/// Numbers the stacks made in this process (see ``ScreenStack``).
@usableFromInline
enum _ScreenLineage {
    private static let counter = Atomic<UInt64>(1)

    @usableFromInline
    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).oldValue
    }
}

extension ScreenStack: CustomReflectable {
    /// The screens labelled by their ids (`#0`, `#1`), as test diffs show them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: zip(_ids, _screens).map {
                (label: $0.description as String?, value: $1 as Any)
            }
                + [(label: "nextID" as String?, value: _nextID as Any)],
            displayStyle: .struct)
    }
}
