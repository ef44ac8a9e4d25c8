import Observation
import Substate

// `lens.*` and `scope.*` cases: child programs embedded through lenses and tags, in the form
// the docs teach (`.child(action, in: state, at: \.child, as: Action.child)`).

/// The leaf of `lens.depth8`: a counter.
struct Leaf: Program, Equatable, Sendable {
    var count = 0

    enum Action: Sendable {
        case increment
    }

    static func update(state: consuming Leaf, environment: Void, action: Action) -> Update<
        Leaf, Action
    > {
        state.count += 1
        return Update(state: state)
    }
}

/// Level 8 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level8: Program, Equatable, Sendable {
    var child = Leaf()
    var label = "level 8"

    enum Action: Sendable {
        case child(Leaf.Action)
    }

    static func update(state: consuming Level8, environment: Void, action: Action) -> Update<
        Level8, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// Level 7 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level7: Program, Equatable, Sendable {
    var child = Level8()
    var label = "level 7"

    enum Action: Sendable {
        case child(Level8.Action)
    }

    static func update(state: consuming Level7, environment: Void, action: Action) -> Update<
        Level7, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// Level 6 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level6: Program, Equatable, Sendable {
    var child = Level7()
    var label = "level 6"

    enum Action: Sendable {
        case child(Level7.Action)
    }

    static func update(state: consuming Level6, environment: Void, action: Action) -> Update<
        Level6, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// Level 5 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level5: Program, Equatable, Sendable {
    var child = Level6()
    var label = "level 5"

    enum Action: Sendable {
        case child(Level6.Action)
    }

    static func update(state: consuming Level5, environment: Void, action: Action) -> Update<
        Level5, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// Level 4 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level4: Program, Equatable, Sendable {
    var child = Level5()
    var label = "level 4"

    enum Action: Sendable {
        case child(Level5.Action)
    }

    static func update(state: consuming Level4, environment: Void, action: Action) -> Update<
        Level4, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// Level 3 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level3: Program, Equatable, Sendable {
    var child = Level4()
    var label = "level 3"

    enum Action: Sendable {
        case child(Level4.Action)
    }

    static func update(state: consuming Level3, environment: Void, action: Action) -> Update<
        Level3, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// Level 2 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level2: Program, Equatable, Sendable {
    var child = Level3()
    var label = "level 2"

    enum Action: Sendable {
        case child(Level3.Action)
    }

    static func update(state: consuming Level2, environment: Void, action: Action) -> Update<
        Level2, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// Level 1 of `lens.depth8`: embeds the level below at its key path, with its tag.
struct Level1: Equatable, Sendable {
    var child = Level2()
    var label = "level 1"

    enum Action: Sendable {
        case child(Level2.Action)
    }

    static func update(state: consuming Level1, environment: Void, action: Action) -> Update<
        Level1, Action
    > {
        switch action {
        case .child(let action):
            return .child(action, in: state, at: \.child, as: Action.child)
        }
    }
}

/// The action that reaches the leaf through all eight levels.
let depth8Increment: Level1.Action = .child(
    .child(.child(.child(.child(.child(.child(.child(.increment))))))))
