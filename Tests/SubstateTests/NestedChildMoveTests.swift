import Substate
import Testing

/// Children embedded at properties (the form the docs teach) take their state from the
/// parent and give it back at every level: nothing they hold may be kept or released twice.
@Suite struct NestedChildMoveTests {
    @Test @MainActor func nestedChildrenMoveTheirStatesWithoutLeakingOrOverReleasing() async {
        weak var first: Held?
        weak var second: Held?
        do {
            let store = Store(state: MoveRoot(), program: MoveRoot.self)
            store.send(.middle(.inner(.hold)))
            first = store.state.middle.inner.held
            #expect(first != nil)
            for _ in 0..<100 { store.send(.middle(.inner(.touch))) }
            store.send(.middle(.inner(.hold)))
            second = store.state.middle.inner.held
            // The replaced object went with its last reference; the current one stays.
            #expect(first == nil)
            #expect(second != nil)
            #expect(store.state.middle.inner.touches == 100)
            // An effect of the innermost child comes back through both levels.
            await store.send(.middle(.inner(.echo))).finish()
            #expect(store.state.middle.inner.echoes == 1)
            #expect(store.state.middle.label == "middle")
        }
        #expect(second == nil)
    }
}

/// The innermost program: holds an object, counts touches, and echoes through an effect.
struct MoveInner: Program, Equatable, Sendable {
    var held: Held?
    var touches = 0
    var echoes = 0
    var name = "inner"

    static func == (lhs: MoveInner, rhs: MoveInner) -> Bool {
        lhs.held === rhs.held && lhs.touches == rhs.touches && lhs.echoes == rhs.echoes
            && lhs.name == rhs.name
    }

    enum Action: Sendable {
        case hold, touch, echo, echoed
    }

    static func update(state: consuming MoveInner, environment: Void, action: Action)
        -> Update<MoveInner, Action>
    {
        switch action {
        case .hold: state.held = Held()
        case .touch: state.touches += 1
        case .echo: return Update(state: state, effect: .send(.echoed))
        case .echoed: state.echoes += 1
        }
        return Update(state: state)
    }
}

/// A program between the root and the inner one, each embedded at a property.
struct MoveMiddle: Program, Equatable, Sendable {
    var inner = MoveInner()
    var label = "middle"

    enum Action: Sendable {
        case inner(MoveInner.Action)
    }

    static func update(state: consuming MoveMiddle, environment: Void, action: Action)
        -> Update<MoveMiddle, Action>
    {
        switch action {
        case .inner(let action):
            return .child(action, in: state, at: \.inner, as: Action.inner)
        }
    }
}

/// The root of the nested programs.
struct MoveRoot: Program, Equatable, Sendable {
    var middle = MoveMiddle()

    enum Action: Sendable {
        case middle(MoveMiddle.Action)
    }

    static func update(state: consuming MoveRoot, environment: Void, action: Action)
        -> Update<MoveRoot, Action>
    {
        switch action {
        case .middle(let action):
            return .child(action, in: state, at: \.middle, as: Action.middle)
        }
    }
}
