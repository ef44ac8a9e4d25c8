/// The id of a screen on a ``ScreenStack``: given by the stack when the screen is pushed,
/// never reused by that stack, and stable while the screen stays. A stack made anew numbers
/// its screens from 0 again, but its screens are new ones: assigned in place of another
/// stack, it ends that stack's screens (see ``ScreenStack``).
///
/// Actions for a screen carry its id (`StackAction.screen(id, action)`), so that an action
/// meant for one screen never reaches another, even of the same type, and an action for a
/// screen that was popped is dropped. Ids grow in the order screens are pushed: a stack
/// made from a list numbers its screens 0, 1, 2…, and the next push gets the next number.
/// A test can write one as a literal: `StackAction.popFrom(1)`.
public struct ScreenID: Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
    RawRepresentable, CustomStringConvertible
{
    /// The number the stack gave the screen.
    public let rawValue: Int

    /// The id with a number.
    /// - Parameter rawValue: The number.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The id with a number, as `RawRepresentable` names it (and as a dump prints it).
    /// - Parameter rawValue: The number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The id with a number, written as a literal.
    /// - Parameter value: The number.
    public init(integerLiteral value: Int) {
        self.rawValue = value
    }

    /// Orders ids as their screens were pushed.
    public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#` and the number: `#2`.
    public var description: String { "#\(rawValue)" }

    /// Decodes the number.
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Encodes the number.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
