/// Where a row scope's element lives, as ``ScopedStore`` needs it to group row scopes by
/// array (see ``_RowTracker``).
@usableFromInline
protocol _RowAddress<Whole> {
    associatedtype Whole
    /// The key of the row's place, when its lens does not keep one: the array's key path
    /// and the row's id.
    var placeKey: _PendingEffectID? { get }
    /// Whether the tracker of such rows compares every row after each commit, and so needs
    /// the `rows` argument of ``track(_:in:owner:whole:rows:)``: made only then, since it
    /// costs each scope a liveness mark and a closure.
    var comparesEveryRow: Bool { get }
    /// Adds a row scope's link to the tracker of its array, made if needed, where the
    /// tracker reads its array's journal (not ``comparesEveryRow``); otherwise the scope is
    /// refreshed after every commit.
    /// - Parameters:
    ///   - owner: 0 for a root store's scope; the parent scope's serial number otherwise.
    ///   - whole: Reads the whole the key path starts from, without copying it.
    @MainActor
    func track(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>)
    /// Adds a row scope's link to the tracker of its array, made if needed, where the tracker
    /// reads the array once for all its rows (``comparesEveryRow``).
    /// - Parameters:
    ///   - owner: 0 for a root store's scope; the parent scope's serial number otherwise.
    ///   - whole: Reads the whole the key path starts from, without copying it.
    ///   - rows: How to refresh the scope with its part as the tracker read it (`nil` if
    ///     missing; `false` once the scope is gone or detached), and how to make such a
    ///     tracker, both made where the part's type is known so that the tracker's loop is
    ///     specialised for it.
    @MainActor
    func track<Part>(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>, rows: _RowRefresh<Part>)
}

/// How an array's row tracker refreshes one scope, and how to make the tracker (see
/// ``_RowAddress/track(_:in:owner:whole:rows:)``).
@usableFromInline
struct _RowRefresh<Part> {
    /// The scope's part when it was made.
    @usableFromInline let initial: Part
    /// Marked when the scope goes.
    @usableFromInline let liveness: _ScopeLiveness
    @usableFromInline let refresh: @MainActor (Part?) -> Bool
    @usableFromInline let makeTracker:
        @MainActor (@escaping @MainActor () -> [Part]?) -> _ArrayRowTracker<Part>

    @inlinable
    init(
        initial: Part,
        liveness: _ScopeLiveness,
        refresh: @escaping @MainActor (Part?) -> Bool,
        makeTracker:
            @escaping @MainActor (@escaping @MainActor () -> [Part]?) -> _ArrayRowTracker<Part>
    ) {
        self.initial = initial
        self.liveness = liveness
        self.refresh = refresh
        self.makeTracker = makeTracker
    }
}

/// How a row tracker reads the whole its array lives in.
@usableFromInline
enum _WholeReader<Whole> {
    /// The root store's state, in its cell: no closure, so that a row scope made from the
    /// root allocates no reader it will not use (only the first scope of an array makes its
    /// tracker, which reads through it). The cell, not the store: the trackers live in the
    /// store's refresher, so a reader that held the store would make a cycle; the cell holds
    /// nothing back.
    case cell(_StateCell<Whole>)
    /// A parent scope's part, in place in the root's state (see ``ScopedStore/_location``).
    case location(@MainActor () -> UnsafePointer<Whole>)
    /// A parent scope's part, read from the root (`nil` if it is missing).
    case value(@MainActor () -> Whole?)

    /// Reads the value at `keyPath` in the current whole; `nil` if the whole is missing.
    /// Inlinable: made where the types are known (a row tracker's journal), its reader is
    /// specialised for them.
    @MainActor @inlinable
    func reading<Value>(_ keyPath: KeyPath<Whole, Value>) -> @MainActor () -> Value? {
        // At the value's offset where it is stored inline: the runtime's key path
        // projection cost a row tracker's refresh about 1,000 instructions (see _StoredPath).
        if let offset = MemoryLayout<Whole>.offset(of: keyPath) {
            // No `Optional.map` or `withUnsafePointer`: this code is not specialised, and
            // each generic helper looked its metadata up at every call.
            switch self {
            case .cell(let cell):
                return {
                    UnsafeRawPointer(cell.pointer).load(fromByteOffset: offset, as: Value.self)
                }
            case .location(let location):
                return { UnsafeRawPointer(location()).load(fromByteOffset: offset, as: Value.self) }
            case .value(let read):
                return {
                    guard var whole = read() else { return nil }
                    return withUnsafeBytes(of: &whole) {
                        $0.load(fromByteOffset: offset, as: Value.self)
                    }
                }
            }
        }
        switch self {
        case .cell(let cell): return { cell.pointer.pointee[keyPath: keyPath] }
        case .location(let location): return { location().pointee[keyPath: keyPath] }
        case .value(let read): return { read()?[keyPath: keyPath] }
        }
    }
}
