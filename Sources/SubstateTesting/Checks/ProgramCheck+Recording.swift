import Foundation
import Substate

extension ProgramCheck {
    /// Plays the choices again with a `Recorder` on the store and returns the file it wrote,
    /// or what went wrong; `nil` when the state or the actions are not `Encodable` or there is
    /// no ``recordingsDirectory``.
    func writeRecording(of choices: [UInt64], steps limit: Int, seed: UInt64, sequence: Int)
        -> Result<URL, RecordingError>?
    {
        guard let directory = recordingsDirectory,
            let stateType = State.self as? any Encodable.Type,
            let actionType = Action.self as? any Encodable.Type
        else { return nil }
        let name = Dump.name(of: State.self).filter { $0.isLetter || $0.isNumber || $0 == "." }
        let file = directory.appendingPathComponent("\(name)-seed\(seed)-\(sequence).jsonl")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            return .failure(.cannotWrite(file: file, reason: "\(error)"))
        }
        var failure: RecordingError?
        var writeErrors: [String] = []
        var replay = Choices(replaying: choices)
        _ = play(&replay, steps: limit) { clocks in
            do throws(RecordingError) {
                let recorder = try Self.recorder(
                    file: file, initialState: initialState, clock: clocks.first ?? TestClock(),
                    stateType: stateType, actionType: actionType
                ) { writeErrors.append("\($0)") }
                return [recorder]
            } catch {
                failure = error
                return []
            }
        }
        if let failure { return .failure(failure) }
        if let first = writeErrors.first {
            return .failure(.cannotWrite(file: file, reason: first))
        }
        return .success(file)
    }

    /// A recorder middleware for the program's state and actions, whose `Encodable`
    /// conformances are known only at run time.
    private static func recorder<S: Encodable, A: Encodable>(
        file: URL, initialState: State, clock: TestClock, stateType: S.Type, actionType: A.Type,
        onError: @escaping (any Error) -> Void
    ) throws(RecordingError) -> Middleware<State, Action> {
        guard let initial = initialState as? S else {
            preconditionFailure("the state is its own type")
        }
        let recorder = try Recorder<S, A>(
            file: file, initialState: initial, snapshotInterval: 1, clock: clock,
            program: String(reflecting: P.self), onError: onError)
        return Middleware(
            name: "check recorder",
            didProcess: { action, state in
                guard let action = action as? A, let state = state as? S else { return }
                recorder.record(action, state)
            })
    }
}
