import Foundation

/// A recording decoded with the app's types, to replay with its pure update function.
///
/// ```swift
/// let recording = try Recording<App, AppAction>(contentsOf: url)
/// let state = recording.replay(to: 40, environment: .live, update: App.update)
/// if let divergence = recording.verify(environment: .live, update: App.update) {
///     print(divergence)  // the first snapshot the replay does not match, as a diff
/// }
/// ```
///
/// Replaying runs only the update function: effects are not started, because the actions
/// they produced are in the recording, at the steps where the store processed them.
public struct Recording<State: Decodable, Action: Decodable> {
    /// The recording as JSON.
    public let file: RecordingFile
    /// The state the session started with.
    public let initialState: State
    /// The actions, in order.
    public let actions: [RecordedAction<Action>]
    /// The lines skipped, including actions that did not decode as `Action`.
    public let problems: [RecordingFile.Problem]

    /// Reads and decodes a recording.
    /// - Parameter url: The recording.
    /// - Throws: ``RecordingError``, as ``RecordingFile/init(contentsOf:)`` does, and
    ///   ``RecordingError/missingInitialState(file:)`` if the initial state does not decode.
    public init(contentsOf url: URL) throws(RecordingError) {
        try self.init(file: RecordingFile(contentsOf: url))
    }

    /// Reads and decodes a recording from its contents (a recording embedded in a test, for
    /// example).
    /// - Parameters:
    ///   - data: The recording's lines.
    ///   - source: What errors name as where it came from.
    /// - Throws: ``RecordingError``, as ``RecordingFile/init(data:source:)`` does, and
    ///   ``RecordingError/missingInitialState(file:)`` if the initial state does not decode.
    public init(data: Data, source: URL) throws(RecordingError) {
        try self.init(file: RecordingFile(data: data, source: source))
    }

    private init(file: RecordingFile) throws(RecordingError) {
        self.file = file
        let url = file.file
        let decoder = RecordingFormat.decoder()
        guard let initial = try? decoder.decode(State.self, from: file.initialState.json) else {
            throw .missingInitialState(file: url)
        }
        initialState = initial
        var problems = file.problems
        var actions: [RecordedAction<Action>] = []
        for entry in file.actions {
            do {
                let action = try decoder.decode(Action.self, from: entry.json)
                actions.append(RecordedAction(step: entry.step, time: entry.time, action: action))
            } catch {
                problems.append(
                    RecordingFile.Problem(
                        line: entry.line, reason: "the action does not decode: \(error)"))
            }
        }
        self.actions = actions
        self.problems = problems.sorted { $0.line < $1.line }
    }

    /// The recorded snapshot at a step, if there is one.
    /// - Parameter step: The step; 0 for the initial state.
    /// - Returns: The decoded snapshot.
    public func snapshot(at step: Int) -> State? {
        if step == 0 { return initialState }
        guard let entry = file.snapshots.first(where: { $0.step == step }) else { return nil }
        return try? RecordingFormat.decoder().decode(State.self, from: entry.json)
    }

    /// The state after a step, rebuilt from the initial state by a ``Program``.
    ///
    /// ```swift
    /// let atStep40 = recording.replay(to: 40, environment: environment, program: App.self)
    /// ```
    /// - Parameters:
    ///   - step: The step to stop after; `nil` for the end of the recording.
    ///   - environment: The environment to pass the update function.
    ///   - program: The app's program.
    /// - Returns: The state.
    /// - Complexity: O(steps), one update per action.
    public func replay<P: Program>(
        to step: Int? = nil, environment: P.Environment, program: P.Type
    ) -> State where P.State == State, P.Action == Action {
        replay(to: step, environment: environment, update: P._updateFunction)
    }

    /// Replays the whole recording through a ``Program`` and compares the state with every
    /// recorded snapshot (see ``verify(environment:update:)``).
    /// - Parameters:
    ///   - environment: The environment to pass the update function.
    ///   - program: The app's program.
    /// - Returns: The first snapshot that differs, with a diff; `nil` if the replay matches
    ///   every snapshot.
    public func verify<P: Program>(environment: P.Environment, program: P.Type)
        -> ReplayDivergence?
    where P.State == State, P.Action == Action {
        verify(environment: environment, update: P._updateFunction)
    }

    /// The state after a step, rebuilt from the initial state with the update function.
    /// - Parameters:
    ///   - step: The step to stop after; `nil` for the end of the recording.
    ///   - environment: The environment to pass the update function.
    ///   - update: The app's update function, for one that is a closure; a program is named by
    ///     its type with ``replay(to:environment:program:)``.
    /// - Returns: The state.
    /// - Complexity: O(steps), one update per action.
    public func replay<Environment>(
        to step: Int? = nil, environment: Environment,
        update: (consuming State, Environment, Action) -> Update<State, Action>
    ) -> State {
        var state = initialState
        for recorded in actions {
            if let step, recorded.step > step { break }
            state = update(state, environment, recorded.action).state
        }
        return state
    }

    /// Replays the whole recording and compares the state with every recorded snapshot.
    /// - Parameters:
    ///   - environment: The environment to pass the update function.
    ///   - update: The app's update function.
    /// - Returns: The first snapshot that differs, with a diff; `nil` if the replay matches
    ///   every snapshot.
    public func verify<Environment>(
        environment: Environment,
        update: (consuming State, Environment, Action) -> Update<State, Action>
    ) -> ReplayDivergence? where State: Equatable {
        let decoder = RecordingFormat.decoder()
        var snapshots = file.snapshots.makeIterator()
        var next = snapshots.next()
        var state = initialState
        var actionIndex = actions.startIndex
        while let snapshot = next {
            while actionIndex < actions.endIndex, actions[actionIndex].step <= snapshot.step {
                state = update(state, environment, actions[actionIndex].action).state
                actionIndex += 1
            }
            guard let recorded = try? decoder.decode(State.self, from: snapshot.json) else {
                return ReplayDivergence(
                    step: snapshot.step, diff: "the recorded snapshot does not decode")
            }
            if recorded != state {
                return ReplayDivergence(
                    step: snapshot.step, diff: Diff.values(recorded, state) ?? "(equal dumps)")
            }
            next = snapshots.next()
        }
        return nil
    }
}
