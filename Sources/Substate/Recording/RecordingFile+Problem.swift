extension RecordingFile {
    /// A line of a recording that a reader skipped, and why.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The line number, from 1.
        public var line: Int
        /// What is wrong with it.
        public var reason: String

        /// A problem with a line.
        /// - Parameters:
        ///   - line: The line number, from 1.
        ///   - reason: What is wrong with it.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// `line 7: not JSON`.
        public var description: String { "line \(line): \(reason)" }
    }
}
