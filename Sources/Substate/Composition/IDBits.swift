/// An element's id kept as plain bits, so that a lens to the element by id can hold it without
/// a closure context to capture it in: making such a lens in every update (as a row's action
/// is routed to its row) then allocates nothing.
///
/// Only ids that are plain data of at most 16 bytes with an alignment of at most 8 fit (an
/// `Int`, a `UUID`, an enum or a struct of them): they are copied bit for bit, and no
/// reference is kept. Others (a `String`) do not fit; their lenses capture the id as before.
@usableFromInline
struct _IDBits: Sendable {
    @usableFromInline var low: UInt64 = 0
    @usableFromInline var high: UInt64 = 0

    @inlinable
    init() {}

    /// The bits of `id`, or `nil` if it does not fit (see ``fits(_:)``).
    @inlinable
    init?<ID>(_ id: ID) {
        guard Self.fits(ID.self) else { return nil }
        withUnsafeMutableBytes(of: &self) { $0.storeBytes(of: id, as: ID.self) }
    }

    /// Whether ids of `type` fit: plain data (no references), 16 bytes or less, aligned to 8
    /// bytes at most. Known when the code is specialised for the type.
    @inlinable
    static func fits<ID>(_ type: ID.Type) -> Bool {
        _isPOD(type) && MemoryLayout<ID>.size <= MemoryLayout<_IDBits>.size
            && MemoryLayout<ID>.alignment <= MemoryLayout<_IDBits>.alignment
    }

    /// The id these bits were made from; `ID` must be the type they were made from.
    @inlinable
    func id<ID>(as type: ID.Type) -> ID {
        withUnsafeBytes(of: self) { $0.load(as: type) }
    }
}
