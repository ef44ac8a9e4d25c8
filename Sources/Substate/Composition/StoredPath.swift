/// A key path, with the offset of its value in the whole when the value is stored inline
/// there (stored properties of structs, all the way down), as `MemoryLayout.offset(of:)`
/// gives it for exactly this use.
///
/// Reading and changing the value at that offset skips the runtime's key path projection,
/// which the optimiser cannot fold when the key path is a value rather than a literal: on
/// Linux, a release build spent about 1,300 instructions on each `whole[keyPath: path]` of a
/// lens to a row, most of them generic metadata lookups. A key path whose value is not
/// stored inline (a computed property, a property of a class) is used as it is.
@usableFromInline
struct _StoredPath<Whole, Value>: @unchecked Sendable {
    // Sendable: key paths are immutable, and the lenses that make one take a Sendable one.
    @usableFromInline let keyPath: WritableKeyPath<Whole, Value>
    /// The value's offset in the whole; -1 when the key path must be used.
    @usableFromInline let offset: Int

    @inlinable
    init(_ keyPath: WritableKeyPath<Whole, Value>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Whole>.offset(of: keyPath) ?? -1
    }

    /// Calls `body` with the value in `whole`, without copying it where the offset is known.
    @inlinable
    func read<Result>(_ whole: Whole, _ body: (Value) -> Result) -> Result {
        guard offset >= 0 else { return body(whole[keyPath: keyPath]) }
        return withUnsafePointer(to: whole) { pointer in
            body(
                UnsafeRawPointer(pointer).advanced(by: offset)
                    .assumingMemoryBound(to: Value.self).pointee)
        }
    }

    /// Where the value is in the whole at `whole`; only when the value is stored inline
    /// (`offset` is not negative): a closure that reads through it reads the value where it
    /// lies, with no copy through the value's witness.
    @inlinable
    func pointer(at whole: UnsafePointer<Whole>) -> UnsafePointer<Value> {
        UnsafeRawPointer(whole).advanced(by: offset).assumingMemoryBound(to: Value.self)
    }

    /// Calls `body` with the value in the whole at `whole`, read where it lies: the whole is
    /// not copied (passing `whole.pointee` on would retain every reference it holds).
    @inlinable
    func read<Result>(at whole: UnsafePointer<Whole>, _ body: (Value) -> Result) -> Result {
        guard offset >= 0 else { return body(whole.pointee[keyPath: keyPath]) }
        return body(
            UnsafeRawPointer(whole).advanced(by: offset).assumingMemoryBound(to: Value.self)
                .pointee)
    }

    /// Where the value is in the whole at `whole`, to change it there; only when the value is
    /// stored inline (`offset` is not negative).
    @inlinable
    func mutablePointer(at whole: UnsafeMutablePointer<Whole>) -> UnsafeMutablePointer<Value> {
        UnsafeMutableRawPointer(whole).advanced(by: offset).assumingMemoryBound(to: Value.self)
    }

    /// Calls `body` with the value in `whole`, to change it in place.
    @inlinable
    func modify<Result>(_ whole: inout Whole, _ body: (inout Value) -> Result) -> Result {
        guard offset >= 0 else { return body(&whole[keyPath: keyPath]) }
        return withUnsafeMutablePointer(to: &whole) { pointer in
            body(
                &UnsafeMutableRawPointer(pointer).advanced(by: offset)
                    .assumingMemoryBound(to: Value.self).pointee)
        }
    }
}
