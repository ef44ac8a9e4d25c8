/// Stops the program with `message`, in every build: for a misuse of the library that cannot
/// go on (a duplicate id in a `KeyedArray`, an update function that uses its store).
///
/// A `precondition` would stop an optimised build without its message ("Illegal
/// instruction", nothing else). Not inlined, so that a check on a hot path costs its branch
/// and a call on the cold side, as a precondition costs its branch and a trap.
@usableFromInline @inline(never)
func _misuse(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
