/// What the contacts program needs from outside: a clock, and how long a save takes.
public struct ContactsEnvironment: Sendable {
    /// The clock a save waits on.
    public var clock: any Clock<Duration>
    /// How long saving an edited contact takes (a stand-in for a server).
    public var saveLatency: Duration

    /// An environment.
    /// - Parameters:
    ///   - clock: The clock a save waits on.
    ///   - saveLatency: How long a save takes.
    public init(clock: any Clock<Duration>, saveLatency: Duration = .milliseconds(300)) {
        self.clock = clock
        self.saveLatency = saveLatency
    }
}
