extension ActionTimings {
    /// How long the store took to process one kind of action: see ``ActionTimings``.
    public struct Statistics: Equatable, Sendable {
        /// The action's case path, such as `todo.toggle`.
        public var name: String
        /// How many actions of this kind were processed.
        public var count: Int
        /// The shortest time.
        public var minimum: Duration
        /// The longest time.
        public var maximum: Duration
        /// The mean time.
        public var mean: Duration
        /// The 99th percentile, over the most recent samples (see ``ActionTimings/init(clock:sampleLimit:)``).
        public var p99: Duration
        /// The time of all of them together.
        public var total: Duration
    }
}
