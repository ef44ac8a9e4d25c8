/// Reads and writes one part of a whole: a child's state inside its parent's.
///
/// Make a lens from a key path, or from a getter and a setter; compose lenses to reach
/// deeper parts:
///
/// ```swift
/// let settings = Lens(\App.settings)
/// let title = settings.appending(Lens(\Settings.title))
/// var app = App()
/// title.set(&app, to: "Groceries")
/// ```
///
/// A lens made from a key path changes the part in place: ``modify(_:_:)`` hands the part
/// itself to its closure, so changing one element of a large array inside the part does not
/// copy the array. ``Update/child(_:in:at:as:environment:update:)-(_,_,()->Lens<State,ChildState>,_,_,_)``
/// goes further and
/// moves the part out and back, so that a child update taking its state as `consuming`
/// changes it in place too.
public struct Lens<Whole, Part>: @unchecked Sendable {
    // Sendable because what it holds is: a `Sendable` key path, or the caller's `@Sendable`
    // closures (the type system cannot see through the `inout` closure type).
    @usableFromInline
    enum _Storage {
        /// Kept as the key path itself, so that making a lens in an update function allocates
        /// nothing and access goes straight to the property.
        case keyPath(WritableKeyPath<Whole, Part>)
        case closures(
            read: @Sendable (Whole) -> Part,
            write: @Sendable (inout Whole, (inout Part) -> Void) -> Void)
    }

    @usableFromInline let _storage: _Storage

    /// A lens through a writable key path.
    /// - Parameter keyPath: The path from the whole to the part.
    @inlinable
    public init(_ keyPath: any WritableKeyPath<Whole, Part> & Sendable) {
        _storage = .keyPath(keyPath)
    }

    /// A lens from a getter and a setter.
    ///
    /// Changing the part through such a lens copies it out and writes it back.
    /// - Parameters:
    ///   - get: Reads the part.
    ///   - set: Writes the part.
    public init(
        get: @escaping @Sendable (Whole) -> Part,
        set: @escaping @Sendable (inout Whole, Part) -> Void
    ) {
        _storage = .closures(
            read: get,
            write: { whole, body in
                var part = get(whole)
                body(&part)
                set(&whole, part)
            })
    }

    init(
        read: @escaping @Sendable (Whole) -> Part,
        write: @escaping @Sendable (inout Whole, (inout Part) -> Void) -> Void
    ) {
        _storage = .closures(read: read, write: write)
    }

    @inlinable
    func read(_ whole: Whole) -> Part {
        switch _storage {
        case .keyPath(let keyPath): whole[keyPath: keyPath]
        case .closures(let read, _): read(whole)
        }
    }

    /// Reads the part, as ``read(_:)`` does; for a key path to a part stored inline in the
    /// whole, at the part's offset, without the runtime's key path projection (see
    /// ``_StoredPath``). For the readers a scope keeps and calls after every commit: making
    /// one finds the offset, which an update that makes a lens each time should not pay.
    @inlinable
    var _reader: @Sendable (Whole) -> Part {
        switch _storage {
        case .keyPath(let keyPath):
            let path = _StoredPath(keyPath)
            return { whole in path.read(whole) { $0 } }
        case .closures(let read, _):
            return read
        }
    }

    /// The part's offset in the whole, for a key path to a part stored inline in it (see
    /// ``_StoredPath``); `nil` for any other lens.
    @inlinable
    var _offset: Int? {
        switch _storage {
        case .keyPath(let keyPath): MemoryLayout<Whole>.offset(of: keyPath)
        case .closures: nil
        }
    }

    /// Reads and changes the part, as ``read(_:)`` and ``write(_:_:)`` do, through one
    /// offset found once (see ``_reader``): what composed lenses keep.
    @inlinable
    var _accessors:
        (
            read: @Sendable (Whole) -> Part,
            write: @Sendable (inout Whole, (inout Part) -> Void) -> Void
        )
    {
        switch _storage {
        case .keyPath(let keyPath):
            let path = _StoredPath(keyPath)
            return (
                { whole in path.read(whole) { $0 } }, { whole, body in path.modify(&whole, body) }
            )
        case .closures(let read, let write):
            return (read, write)
        }
    }

    @inlinable
    func write(_ whole: inout Whole, _ body: (inout Part) -> Void) {
        switch _storage {
        case .keyPath(let keyPath): body(&whole[keyPath: keyPath])
        case .closures(_, let write): write(&whole, body)
        }
    }

    /// The part of a whole.
    /// - Parameter whole: The whole.
    /// - Returns: Its part.
    public func get(_ whole: Whole) -> Part {
        read(whole)
    }

    /// Replaces the part of a whole.
    /// - Parameters:
    ///   - whole: The whole to change.
    ///   - part: The new part.
    public func set(_ whole: inout Whole, to part: Part) {
        write(&whole) { $0 = part }
    }

    /// Changes the part of a whole in place.
    /// - Parameters:
    ///   - whole: The whole to change.
    ///   - body: Changes the part.
    /// - Returns: What `body` returns.
    public func modify<Result>(_ whole: inout Whole, _ body: (inout Part) -> Result) -> Result {
        var result: Result?
        write(&whole) { result = body(&$0) }
        return result!
    }

    /// A lens to a part of this lens's part.
    /// - Parameter next: A lens from this part to a smaller one.
    /// - Returns: A lens from the whole to the smaller part.
    public func appending<Smaller>(_ next: Lens<Part, Smaller>) -> Lens<Whole, Smaller> {
        if case .keyPath(let first) = _storage, case .keyPath(let second) = next._storage {
            return Lens<Whole, Smaller>(storage: .keyPath(first.appending(path: second)))
        }
        // The outer lens's accessors, made once: a key path kept in a closure is otherwise
        // projected by the runtime at every use.
        let (read, write) = _accessors
        return Lens<Whole, Smaller>(
            read: { next.read(read($0)) },
            write: { whole, body in write(&whole) { part in next.write(&part, body) } }
        )
    }

    /// An optional lens to a part of this lens's part that may be missing.
    /// - Parameter next: An optional lens from this part to a smaller one.
    /// - Returns: An optional lens from the whole to the smaller part.
    @inlinable
    public func appending<Smaller>(_ next: OptionalLens<Part, Smaller>) -> OptionalLens<
        Whole, Smaller
    > {
        let (read, write) = _accessors
        let (nextRead, nextWrite) = next._accessors
        return OptionalLens<Whole, Smaller>(
            read: { nextRead(read($0)) },
            write: { whole, body in
                var found = false
                write(&whole) { part in found = nextWrite(&part, body) }
                return found
            },
            placeKey: .combining(_placeKey, next._placeKey)
        )
    }

    init(storage: _Storage) {
        self._storage = storage
    }

    /// The key of the part's place, for effect ids: the key path, for a lens made from one;
    /// `nil` for a lens made from closures, which has nothing to tell two such lenses apart.
    @usableFromInline
    var _placeKey: _PendingEffectID? {
        guard case .keyPath(let keyPath) = _storage else { return nil }
        return _PendingEffectID(_KeyPathKey(keyPath))
    }
}
