import Foundation
import Substate

/// A failure that a ``ProgramCheck`` found: the property that failed, the minimal sequence
/// that makes it fail, and the states around the failing step.
public struct CheckFailure<State, Action: Sendable> {
    /// What failed: `invariant "ids are unique"`, `running effects`, `the model` or
    /// `effects that never stop`.
    public var property: String
    /// What was wrong.
    public var message: String
    /// The minimal sequence; its last step is the one after which the property failed.
    public var steps: [CheckStep<Action>]
    /// The state before the failing step.
    public var stateBefore: State
    /// The state after the failing step.
    public var stateAfter: State
    /// The seed of the run that found it; `nil` when it comes from a replayed recording.
    public var seed: UInt64?
    /// Which of the run's sequences failed first, from 0.
    public var sequence: Int
    /// How many sequences the run would have played.
    public var sequences: Int
    /// How many steps the sequence had when it was found.
    public var foundSteps: Int
    /// How many sequences were played to shrink it.
    public var shrinkPlays: Int
    /// The recording of the minimal sequence, or why it could not be written; `nil` when
    /// none was asked for (no directory, or a state or actions that are not `Codable`).
    public var recording: Result<URL, RecordingError>?

    /// The report a failed check records: what failed, how it was found, the minimal sequence
    /// as Swift, the state's diff at the failing step, and where the recording is.
    public var report: String {
        // The message's first line, then how the failure was found, then the rest.
        let messageLines = message.split(separator: "\n", maxSplits: 1)
        var lines: [String] = []
        let headline = messageLines.first.map(String.init) ?? property
        if let seed {
            lines.append(
                "\(headline) Found by sequence \(sequence) of \(sequences) with seed \(seed); "
                    + "shrunk from \(foundSteps) to \(steps.count) steps in \(shrinkPlays) plays.")
        } else {
            lines.append("\(headline) Replayed: fails after step \(steps.count).")
        }
        if messageLines.count > 1 { lines.append(String(messageLines[1])) }
        lines.append("")
        lines.append(seed == nil ? "The steps:" : "The minimal sequence:")
        for step in steps { lines.append("    " + step.swift) }
        lines.append("")
        let diff = Diff.values(stateBefore, stateAfter) ?? "(the state did not change)"
        lines.append("The state at the failing step: before (-), after (+)")
        lines.append(diff)
        guard seed != nil else { return lines.joined(separator: "\n") }
        lines.append("")
        lines.append("Keep it as a regression test:")
        lines.append("    check.replay([")
        for step in steps { lines.append("        " + step.swift + ",") }
        lines.append("    ])")
        switch recording {
        case .success(let url)?:
            lines.append("")
            lines.append("Recorded in \(url.path)")
            lines.append("(step through it with `substate-inspect html \(url.path)`).")
        case .failure(let error)?:
            lines.append("")
            lines.append("The recording could not be written: \(error)")
        case nil:
            break
        }
        return lines.joined(separator: "\n")
    }
}
