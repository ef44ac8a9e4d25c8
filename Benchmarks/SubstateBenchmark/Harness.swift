import Observation

/// One row of the benchmark's report.
struct Result {
    var name: String
    var nanosecondsPerOperation: Double
    var baselineNanosecondsPerOperation: Double?
    /// The highest acceptable ratio to the baseline, if the case has a goal.
    var goal: Double?
    /// The highest acceptable time per operation, for a case without a baseline.
    var goalNanoseconds: Double?
    var note = ""

    var ratio: Double? {
        baselineNanosecondsPerOperation.map { nanosecondsPerOperation / $0 }
    }
}

/// Wall time of `body` in nanoseconds.
func time(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    return nanoseconds(clock.now - start)
}

/// Wall time of an asynchronous `body` in nanoseconds.
func time(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async -> Void
) async -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    await body()
    return nanoseconds(clock.now - start)
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Measures a case and its baseline alternately, `rounds` times each, and keeps the fastest
/// round of each: the machine is shared, so the minimum is the least noisy estimate.
func compare(
    rounds: Int,
    operations: Int,
    subject: () -> Double,
    baseline: () -> Double
) -> (subject: Double, baseline: Double) {
    var best = (subject: Double.infinity, baseline: Double.infinity)
    for _ in 0..<rounds {
        best.baseline = min(best.baseline, baseline() / Double(operations))
        best.subject = min(best.subject, subject() / Double(operations))
    }
    return best
}

/// Arms observation of a value the way SwiftUI does for a view: one `withObservationTracking`
/// whose change handler fires once, after which the view must read again to re-arm it.
func arm(_ read: @escaping () -> Void, onChange: @escaping @Sendable () -> Void = {}) {
    withObservationTracking(read, onChange: onChange)
}

func format(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    let scaled = (value * 100).rounded() / 100
    return String(scaled)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Prints the table, then one machine-readable `BENCH` line per case.
func report(_ results: [Result]) -> Bool {
    var allMet = true
    let nameWidth = max(22, (results.map(\.name.count).max() ?? 0) + 1)
    print(
        pad("case", nameWidth) + pad("ns/op", 12) + pad("baseline", 12) + pad("ratio", 9)
            + pad("goal", 13) + "status"
    )
    for result in results {
        let ratio = result.ratio.map(format) ?? "-"
        var goal = result.goal.map { "<= " + format($0) } ?? "-"
        var status = "reported"
        if let limit = result.goal, let actual = result.ratio {
            status = actual <= limit ? "met" : "MISSED"
            if actual > limit { allMet = false }
        }
        if let limit = result.goalNanoseconds {
            goal = "<= \(format(limit)) ns"
            status = result.nanosecondsPerOperation <= limit ? "met" : "MISSED"
            if result.nanosecondsPerOperation > limit { allMet = false }
        }
        let line =
            pad(result.name, nameWidth) + pad(format(result.nanosecondsPerOperation), 12)
            + pad(result.baselineNanosecondsPerOperation.map(format) ?? "-", 12) + pad(ratio, 9)
            + pad(goal, 13) + status
        print(result.note.isEmpty ? line : line + "  (" + result.note + ")")
    }
    print("")
    for result in results {
        let baseline = result.baselineNanosecondsPerOperation.map(format) ?? "-"
        print(
            "BENCH \(result.name) \(format(result.nanosecondsPerOperation)) \(baseline) "
                + (result.ratio.map(format) ?? "-")
        )
    }
    return allMet
}
