import Substate

/// A clock that records a test failure whenever it is used.
///
/// Put it in the environment of a test that must not involve time: if an effect reads the
/// time or sleeps, the test fails, naming the clock, at the line where the clock was created.
///
/// ```swift
/// let store = TestStore(
///     state: Counter(), environment: CounterEnvironment(clock: UnimplementedClock("clock")),
///     update: Counter.update
/// )
/// ```
///
/// After recording the failure, ``now`` returns the clock's start and ``sleep(until:tolerance:)``
/// throws `CancellationError`, so that the effect ends instead of waiting forever.
public final class UnimplementedClock: Clock, Sendable {
    /// The instants of the clock: the same as a ``TestClock``'s.
    public typealias Instant = TestClock.Instant

    private let name: String
    private let location: Location

    /// Creates a clock that fails the test when used.
    /// - Parameters:
    ///   - name: A name for the clock, used in the failure message.
    ///   - fileID: The file to report failures in: where the clock is created.
    ///   - filePath: The file to report failures in.
    ///   - line: The line to report failures at.
    ///   - column: The column to report failures at.
    public init(
        _ name: String = "clock",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.name = name
        location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records a failure, and returns the clock's start.
    public var now: Instant {
        fail("Unimplemented clock '\(name)': 'now' was read.", at: location)
        return Instant()
    }

    /// The smallest step of the clock: zero.
    public var minimumResolution: Duration { .zero }

    /// Records a failure, then throws `CancellationError`.
    /// - Parameters:
    ///   - deadline: The instant asked for.
    ///   - tolerance: Ignored.
    /// - Throws: Always `CancellationError`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        fail("Unimplemented clock '\(name)': slept until \(deadline).", at: location)
        throw CancellationError()
    }
}
