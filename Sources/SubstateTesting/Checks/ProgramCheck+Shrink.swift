import Foundation
import Substate

extension ProgramCheck {
    /// Shrinks a failing sequence: drops runs of steps, drops a step while picking the next
    /// one again, lowers a choice while dropping one after it (a shorter string), lowers each
    /// choice (to zero, else as far as a binary search finds), and moves amounts between
    /// nearby choices, for as long as the same property still fails and within
    /// ``shrinkLimit`` plays; then writes the recording and makes the failure.
    func shrink(
        _ found: Played, steps limit: Int, seed: UInt64, sequence: Int, of sequences: Int
    ) -> CheckFailure<State, Action> {
        guard let property = found.violation?.property else {
            preconditionFailure("shrink(_:) is given a sequence that failed")
        }
        var best = found
        var plays = 0
        /// Plays candidate choices; keeps them when they fail the same way and are simpler.
        func attempt(_ candidate: [UInt64]) -> Bool {
            guard plays < shrinkLimit else { return false }
            plays += 1
            var choices = Choices(replaying: candidate)
            let played = play(&choices, steps: limit)
            guard played.violation?.property == property, played.isSimpler(than: best) else {
                return false
            }
            best = played
            return true
        }
        var improved = true
        while improved, plays < shrinkLimit {
            improved = false
            // Drop runs of steps, longest first, from the end.
            var size = max(1, best.steps.count / 2)
            while size >= 1 {
                var first = best.steps.count - size
                while first >= 0 {
                    let start = best.starts[first]
                    let end =
                        first + size < best.starts.count
                        ? best.starts[first + size] : best.choices.count
                    var candidate = best.choices
                    candidate.removeSubrange(start..<end)
                    if attempt(candidate) {
                        improved = true
                        first = min(first, best.steps.count - size)
                    } else {
                        first -= 1
                    }
                }
                size /= 2
            }
            // Drop a step and pick the next one again: the choices that picked it meant
            // something else in the state the dropped step left (the same number names
            // another option once a screen is gone).
            var dropped = best.steps.count - 2
            while dropped >= 0 {
                let start = best.starts[dropped]
                var base = best.choices
                base.removeSubrange(start..<best.starts[dropped + 1])
                let nextEnd =
                    dropped + 2 < best.starts.count ? best.starts[dropped + 2] : best.choices.count
                let nextLength = nextEnd - best.starts[dropped + 1]
                var found = false
                for offset in 0..<min(3, nextLength) where !found {
                    for value in UInt64(0)..<16 where !found {
                        guard base[start + offset] != value else { continue }
                        var candidate = base
                        candidate[start + offset] = value
                        found = attempt(candidate)
                    }
                }
                if found { improved = true }
                dropped = min(dropped - 1, best.steps.count - 2)
            }
            // Lower a choice by one and drop one of the next few: a count and one of the
            // things counted (a string one character shorter).
            var counted = 0
            while counted < best.choices.count {
                var dropped = counted + 1
                while dropped < min(best.choices.count, counted + 9), best.choices[counted] > 0 {
                    var candidate = best.choices
                    candidate[counted] -= 1
                    candidate.remove(at: dropped)
                    if attempt(candidate) {
                        improved = true
                    } else {
                        dropped += 1
                    }
                }
                counted += 1
            }
            // Lower each choice: to zero, else by halves.
            var index = 0
            while index < best.choices.count {
                let value = best.choices[index]
                if value > 0 {
                    var candidate = best.choices
                    candidate[index] = 0
                    if attempt(candidate) {
                        improved = true
                    } else {
                        var low: UInt64 = 0
                        var high = value
                        while low + 1 < high, index < best.choices.count {
                            let middle = low + (high - low) / 2
                            candidate = best.choices
                            candidate[index] = middle
                            if attempt(candidate) {
                                improved = true
                                high = middle
                            } else {
                                low = middle
                            }
                        }
                    }
                }
                index += 1
            }
            // Move amounts from a choice to one of the next few: a sum that must reach a
            // limit (two adds of 21 and 29) becomes the smallest first part (10 and 40).
            index = 0
            while index < best.choices.count {
                var other = index + 1
                while other < min(best.choices.count, index + 8), best.choices[index] > 0 {
                    // The most that can move, by binary search; every larger amount that
                    // still fails is simpler than the last, so each is kept as found.
                    let original = best.choices
                    var low: UInt64 = 0
                    var high = original[index] + 1
                    while low + 1 < high {
                        let amount = low + (high - low) / 2
                        var candidate = original
                        candidate[index] -= amount
                        let (sum, overflow) = candidate[other].addingReportingOverflow(amount)
                        guard !overflow else { break }
                        candidate[other] = sum
                        if attempt(candidate) {
                            improved = true
                            low = amount
                        } else {
                            high = amount
                        }
                    }
                    other += 1
                }
                index += 1
            }
        }
        guard let violation = best.violation else {
            preconditionFailure("a shrunk sequence always fails")
        }
        let recording = writeRecording(
            of: best.choices, steps: limit, seed: seed, sequence: sequence)
        return CheckFailure(
            property: property, message: violation.message, steps: best.steps,
            stateBefore: violation.before, stateAfter: violation.after,
            seed: seed, sequence: sequence, sequences: sequences,
            foundSteps: found.steps.count, shrinkPlays: plays, recording: recording)
    }
}
