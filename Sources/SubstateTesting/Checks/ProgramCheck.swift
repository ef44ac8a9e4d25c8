import Foundation
import Substate

/// Checks a program with random sequences of actions: plays each one through a real store of
/// the program, with its effects running on a test scheduler and its test clocks moved by
/// random amounts, checks what must always hold after every step, and when something does
/// not, shrinks the sequence to a minimal one and reports it.
///
/// ```swift
/// @MainActor @Test func todosKeepTheirIDsUnique() {
///     let check = ProgramCheck(state: Todos(), program: Todos.self) { state in
///         Gen.oneOf(
///             Gen.string(length: 0...3).map(Todos.Action.create),
///             state.list.isEmpty
///                 ? nil : Gen.element(of: state.list.map(\.id)).map { .destroy(id: $0) })
///     }
///     check.invariant("ids are unique") { state in
///         Set(state.list.map(\.id)).count == state.list.count
///     }
///     check.run(seed: 1, sequences: 100, steps: 20)
/// }
/// ```
///
/// ## What is checked
/// After every step (an action sent, or the clocks moved), once the effects it woke have
/// run as far as they can, the check asks every ``invariant(_:_:)``, the limit of
/// ``runningEffects(atMost:)``, and the ``model(_:next:agrees:)``; an effect that never
/// stops (one that keeps the scheduler busy without waiting on a clock) is a failure too.
/// Actions are generated from the state they are sent to, so that a generator picks only ids
/// that exist, and payloads of your choosing. Steps that move the clocks are generated when
/// the environment holds a ``TestClock`` (see ``advances``), so that bugs of timing are found
/// too: a debounce that lets an old result through, an effect outliving the child that
/// started it.
///
/// ## When something fails
/// The check shrinks the failing sequence: it drops steps, simplifies payloads and shortens
/// clock moves for as long as the same property still fails, then reports, at the line of
/// ``run(seed:sequences:steps:fileID:filePath:line:column:)``, the seed, the minimal
/// sequence as Swift, and the diff of the state at the failing step. Copy the sequence into a
/// test that calls ``replay(_:fileID:filePath:line:column:)`` to keep it: that test fails
/// until the bug is fixed, and again if it comes back. Where the state and the actions are
/// `Codable`, the check also writes the minimal sequence as a recording
/// (``recordingsDirectory``): `substate-inspect html` shows it step by step, and
/// ``replay(recording:fileID:filePath:line:column:)`` replays it.
///
/// ## Repeatable
/// The same seed gives the same sequences, the same shrinking and the same report on every
/// machine: nothing depends on real time or on how busy the machine is. Set the environment
/// variable `SUBSTATE_CHECK_SCALE` to a whole number to play that many times as many
/// sequences (a longer search in one CI step, for example); the first sequences stay the same.
@MainActor
public final class ProgramCheck<P: Program> {
    /// The program's state.
    public typealias State = P.State
    /// The program's actions.
    public typealias Action = P.Action

    let initialState: State
    let makeEnvironment: () -> P.Environment
    let actions: (State) -> Gen<Action>
    var invariants: [(name: String, holds: (State) -> Bool)] = []
    var effectLimit: ((State) -> Int)?
    var makeModel: (() -> (CheckStep<Action>, State) -> String?)?

    /// How far each step that moves the clocks moves them; `nil` never moves them. From zero
    /// up to one second, in steps of 10 milliseconds, by default. Clocks are moved only when
    /// the environment holds a ``TestClock`` (found as a ``TestStore`` finds them).
    public var advances: Gen<Duration>? = .duration(upTo: .seconds(1), step: .milliseconds(10))

    /// Of every four steps, how many move the clocks rather than send an action, on average
    /// (when there are clocks to move): 1 by default.
    public var advancesInFour = 1

    /// Makes the middleware of each sequence's store, so that what the app runs around its
    /// update (interceptors that drop or replace actions, for example) is checked with it.
    /// Called once per sequence, so that middleware with state of its own starts afresh. None
    /// by default.
    public var storeMiddleware: () -> [Middleware<State, Action>] = { [] }

    /// How many steps of work (effect jobs, actions delivered) one step's effects may do before
    /// the check calls them effects that never stop: 10,000 by default, far more than effects
    /// that wait on a clock need, reached in well under a second by a loop that does not.
    public var jobLimit = 10_000

    /// How many times at most the check plays a sequence while it shrinks a failure: 2,000 by
    /// default. Every shrinking step is kept, so a lower limit gives a less simple sequence,
    /// never a wrong one.
    public var shrinkLimit = 2_000

    /// Where the minimal sequence of a failure is written as a recording, when the state and
    /// the actions are `Codable`: the directory named by the environment variable
    /// `SUBSTATE_CHECK_RECORDINGS`, else `substate-checks` in the temporary directory.
    /// `nil` writes nothing.
    public var recordingsDirectory: URL? = ProgramCheck<P>.defaultRecordingsDirectory

    /// Creates a check of a program.
    /// - Parameters:
    ///   - state: The state every sequence starts from.
    ///   - environment: Makes the environment of one sequence. Each sequence gets its own, so
    ///     make new test clocks and test doubles here: `{ .init(clock: TestClock()) }`.
    ///   - program: The program to check: `Todos.self`.
    ///   - actions: The actions that may be sent to a state: a generator made from it.
    public init(
        state: State, environment: @escaping () -> P.Environment, program: P.Type,
        actions: @escaping (State) -> Gen<Action>
    ) {
        initialState = state
        makeEnvironment = environment
        self.actions = actions
    }

    /// Creates a check of a program whose environment is `Void`.
    /// - Parameters:
    ///   - state: The state every sequence starts from.
    ///   - program: The program to check: `Todos.self`.
    ///   - actions: The actions that may be sent to a state: a generator made from it.
    public convenience init(
        state: State, program: P.Type, actions: @escaping (State) -> Gen<Action>
    ) where P.Environment == Void {
        self.init(state: state, environment: {}, program: program, actions: actions)
    }

    /// Adds something that must hold after every step.
    /// - Parameters:
    ///   - name: What it says, for reports: "ids are unique".
    ///   - holds: Whether it holds in a state.
    public func invariant(_ name: String, _ holds: @escaping (State) -> Bool) {
        invariants.append((name, holds))
    }

    /// Limits how many effects may be running after every step, given the state: so that no
    /// effect outlives what started it. `{ $0.isRunning ? 1 : 0 }` for a stopwatch whose
    /// timer must stop with it.
    /// - Parameter limit: The most effects that may be running in a state.
    public func runningEffects(atMost limit: @escaping (State) -> Int) {
        effectLimit = limit
    }

    /// Adds a model: a simpler account of what the program should do, moved along by every
    /// step and compared with the state after it.
    /// - Parameters:
    ///   - initial: The model at the start of every sequence.
    ///   - next: Moves the model by one step.
    ///   - agrees: Whether the state agrees with the model.
    public func model<Model>(
        _ initial: Model, next: @escaping (inout Model, CheckStep<Action>) -> Void,
        agrees: @escaping (Model, State) -> Bool
    ) {
        makeModel = {
            var model = initial
            return { step, state in
                next(&model, step)
                guard !agrees(model, state) else { return nil }
                return "The state does not agree with the model.\nThe model:\n"
                    + Dump.text(of: model)
            }
        }
    }

    /// Plays random sequences until one fails, shrinks it and reports it as a test failure.
    /// - Parameters:
    ///   - seed: Where the random choices start; the same seed plays the same sequences.
    ///   - sequences: How many sequences to play (times `SUBSTATE_CHECK_SCALE` when set).
    ///   - steps: How many steps each sequence has.
    ///   - fileID: Where to report the failure (filled in for you).
    ///   - filePath: Where to report the failure (filled in for you).
    ///   - line: Where to report the failure (filled in for you).
    ///   - column: Where to report the failure (filled in for you).
    /// - Returns: The failure, shrunk, or `nil` when every sequence passed.
    @discardableResult
    public func run(
        seed: UInt64 = 0, sequences: Int = 100, steps: Int = 30,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> CheckFailure<State, Action>? {
        guard let failure = firstFailure(seed: seed, sequences: sequences, steps: steps) else {
            return nil
        }
        fail(
            failure.report,
            at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
        return failure
    }

    /// Plays random sequences until one fails and shrinks it, without reporting it: for
    /// tests of the check itself, and for tools.
    /// - Parameters:
    ///   - seed: Where the random choices start.
    ///   - sequences: How many sequences to play (times `SUBSTATE_CHECK_SCALE` when set).
    ///   - steps: How many steps each sequence has.
    /// - Returns: The failure, shrunk, or `nil` when every sequence passed.
    public func firstFailure(seed: UInt64 = 0, sequences: Int = 100, steps: Int = 30)
        -> CheckFailure<State, Action>?
    {
        let count = max(0, sequences) * Self.scale
        for index in 0..<count {
            let sequenceSeed = SeededRandom.seed(seed, sequence: index)
            var choices = Choices(seed: sequenceSeed)
            let played = play(&choices, steps: steps)
            guard played.violation != nil else { continue }
            return shrink(played, steps: steps, seed: seed, sequence: index, of: count)
        }
        return nil
    }

    /// `SUBSTATE_CHECK_SCALE` as a whole number of at least 1.
    static var scale: Int {
        let text = ProcessInfo.processInfo.environment["SUBSTATE_CHECK_SCALE"] ?? ""
        return max(1, Int(text) ?? 1)
    }

    static var defaultRecordingsDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["SUBSTATE_CHECK_RECORDINGS"],
            !path.isEmpty
        {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-checks", isDirectory: true)
    }
}
