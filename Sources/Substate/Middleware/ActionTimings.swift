/// Measures how long a store takes to process each kind of action: how many, and how long
/// from just before the update function to just after the commit.
///
/// ```swift
/// let timings = ActionTimings()
/// let store = Store(state: App(), environment: .live, update: App.update,
///                   middleware: [timings.middleware()])
/// …
/// print(timings.table())
/// // action         count      min      mean       p99       max
/// // todo.toggle     1000   0.8 µs    1.1 µs    3.9 µs   12.0 µs
/// ```
///
/// The time of an action runs from just before its update function to just after the store
/// committed its state and started its effect, without the time of other middleware after
/// it. Actions are grouped by case path (`todo.toggle` for `.todo(id: 3, .toggle)`).
/// Minimum, maximum, mean and count cover every action; the 99th percentile covers the most
/// recent `sampleLimit` actions of each kind.
///
/// It is not `Sendable`: it is used where its store runs, on the main actor with a ``Store``,
/// on the store's actor with an ``ActorStore`` (see ``Middleware``).
public final class ActionTimings {
    private struct Series {
        var count = 0
        var total = Duration.zero
        var minimum = Duration.zero
        var maximum = Duration.zero
        var recent: [Duration] = []
        var next = 0
    }

    private let startTimer: () -> () -> Duration
    private let sampleLimit: Int
    private var series: [String: Series] = [:]
    private var running: [() -> Duration] = []

    /// Creates an empty set of timings.
    /// - Parameters:
    ///   - clock: The clock to time with: a `ContinuousClock` by default, a test clock in tests.
    ///   - sampleLimit: How many recent samples of each kind of action the 99th percentile
    ///     covers.
    public init<C: Clock>(clock: C = ContinuousClock(), sampleLimit: Int = 4096)
    where C.Duration == Duration {
        startTimer = {
            let start = clock.now
            return { start.duration(to: clock.now) }
        }
        self.sampleLimit = max(1, sampleLimit)
    }

    /// The middleware that feeds these timings. Put it first in the list, so that it times
    /// the update rather than other middleware.
    /// - Returns: The middleware.
    public func middleware<State, Action>() -> Middleware<State, Action> {
        Middleware(
            name: "action timings",
            willProcess: { [self] _ in running.append(startTimer()) },
            didProcess: { [self] action, _ in
                guard let stop = running.popLast() else { return }
                record(stop(), for: LogMarks.caseName(of: action))
            })
    }

    /// Adds one measurement.
    /// - Parameters:
    ///   - duration: How long the action took.
    ///   - name: The action's case path.
    public func record(_ duration: Duration, for name: String) {
        var entry = series[name] ?? Series()
        if entry.count == 0 || duration < entry.minimum { entry.minimum = duration }
        if entry.count == 0 || duration > entry.maximum { entry.maximum = duration }
        entry.count += 1
        entry.total += duration
        if entry.recent.count < sampleLimit {
            entry.recent.append(duration)
        } else {
            entry.recent[entry.next] = duration
            entry.next = (entry.next + 1) % sampleLimit
        }
        series[name] = entry
    }

    /// The statistics of each kind of action, the one with the most total time first.
    public var statistics: [ActionTimings.Statistics] {
        series.map { name, entry in
            let sorted = entry.recent.sorted()
            let index = min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)
            return ActionTimings.Statistics(
                name: name, count: entry.count, minimum: entry.minimum, maximum: entry.maximum,
                mean: entry.total / entry.count, p99: sorted[max(0, index)], total: entry.total)
        }
        .sorted { ($0.total, $1.name) > ($1.total, $0.name) }
    }

    /// Forgets every measurement.
    public func reset() {
        series = [:]
    }

    /// The statistics as a table, one line per kind of action, for printing.
    /// - Returns: The table, with a header line.
    public func table() -> String {
        let rows = statistics.map { entry in
            [
                entry.name, String(entry.count), Self.format(entry.minimum),
                Self.format(entry.mean), Self.format(entry.p99), Self.format(entry.maximum),
            ]
        }
        let header = ["action", "count", "min", "mean", "p99", "max"]
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let cell = row[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            .joined(separator: "  ")
        }
        .joined(separator: "\n")
    }

    /// A duration in the unit that reads best: ns, µs, ms or s, with one decimal.
    static func format(_ duration: Duration) -> String {
        let nanoseconds =
            Double(duration.components.seconds) * 1e9
            + Double(duration.components.attoseconds) / 1e9
        func oneDecimal(_ value: Double) -> String {
            let tenths = (value * 10).rounded()
            return "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
        }
        switch abs(nanoseconds) {
        case ..<1_000: return "\(Int(nanoseconds.rounded())) ns"
        case ..<1_000_000: return oneDecimal(nanoseconds / 1e3) + " µs"
        case ..<1_000_000_000: return oneDecimal(nanoseconds / 1e6) + " ms"
        default: return oneDecimal(nanoseconds / 1e9) + " s"
        }
    }
}
