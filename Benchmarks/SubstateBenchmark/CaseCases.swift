import Substate

/// A session: the payload of the enum case `lens.case` reaches.
struct Session: Program, Equatable, Sendable {
    var count = 0

    enum Action: Sendable { case increment }

    static func update(state: consuming Session, environment: Void, action: Action) -> Update<
        Session, Action
    > {
        state.count += 1
        return Update(state: state)
    }
}

/// A screen that is one of two cases with the same payload type.
enum Screen: Equatable, Sendable {
    case loggedIn(Session)
    case guest(Session)
}

/// The root of `lens.case`: a screen, its session's actions routed by the case.
struct Gate: Program, Equatable, Sendable {
    var screen = Screen.loggedIn(Session())

    enum Action: Sendable {
        /// Routed by the case itself: the payload read by reflection.
        case session(Session.Action)
        /// Routed with a hand-written pattern match.
        case sessionByPattern(Session.Action)
    }

    static func update(state: consuming Gate, environment: Void, action: Action) -> Update<
        Gate, Action
    > {
        switch action {
        case .session(let action):
            return .child(
                action, in: state, at: .case(Screen.loggedIn, in: \.screen), as: Action.session)
        case .sessionByPattern(let action):
            return .child(action, in: state, at: loggedIn, as: Action.sessionByPattern)
        }
    }

    /// The case with a hand-written extractor.
    static let loggedIn = Lens(\Gate.screen).appending(
        OptionalLens<Screen, Session>.case(
            Screen.loggedIn,
            extract: { if case .loggedIn(let session) = $0 { session } else { nil } }
        ))
}

@MainActor
enum CaseCases {
    /// `lens.case` and `lens.case.pattern`: an increment routed to the payload of an enum case,
    /// named by the case (reflection) or by a hand-written pattern match, against
    /// `send.counter`'s baseline.
    static func increment(byPattern: Bool, operations: Int, rounds: Int) -> (Double, Double) {
        compare(rounds: rounds, operations: operations) {
            let store = Store(state: Gate(), program: Gate.self)
            let action: Gate.Action =
                byPattern ? .sessionByPattern(.increment) : .session(.increment)
            let elapsed = time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = store.state } }
                    store.send(action)
                }
            }
            precondition(
                store.state.screen == .loggedIn(Session(count: operations)),
                "an increment missed the session")
            return elapsed
        } baseline: {
            let model = CounterModel()
            return time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = model.count } }
                    model.count += 1
                }
            }
        }
    }
}
