import Foundation

/// Reads integers out of `JSONSerialization` values, for the files the library reads back
/// (saved states, recordings).
enum JSONInteger {
    /// A JSON integer: not a boolean (which `JSONSerialization` also gives as a number, so
    /// that `true as? Int` is 1), not a fraction, not a string.
    /// - Parameter value: A value `JSONSerialization` produced, or `nil`.
    /// - Returns: The integer, or `nil` if the value is not one.
    static func from(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
            return nil
        }
        return value as? Int
    }
}
