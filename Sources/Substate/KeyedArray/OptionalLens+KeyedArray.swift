extension OptionalLens {
    /// An optional lens to the element with an id in a ``KeyedArray``.
    ///
    /// A scope made with it (`store.scope(at: .element(id: id, in: \.rows), as: …)`, or
    /// `store.scope(at: \.rows, id: id, as: …)`, which makes it)
    /// is refreshed only after a send that changed its row, however many rows there are.
    /// - Parameters:
    ///   - id: The element's id; no such element means missing.
    ///   - keyPath: The path from the whole to the array.
    /// - Returns: The lens. Effects of the element run under the id of the array and `id`.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public static func element(
        id: Part.ID, in keyPath: any WritableKeyPath<Whole, KeyedArray<Part>> & Sendable
    ) -> OptionalLens where Part: Identifiable & Sendable, Part.ID: Sendable {
        // One object that both closures capture, and use as their context: making the lens
        // (in every update that routes an action to a row) allocates once, not twice.
        // Always inlined: in an update, the optimiser then drops what `child` does not use
        // (the row address, the effect key unless an effect comes), about 450 instructions
        // per action that a call made (measured when a larger effect key tipped the inliner).
        let element = _KeyedElement(path: _StoredPath(keyPath), id: id)
        // The row read where the whole lies: a row scope's refresh reads it from the root's
        // state without copying that state first.
        return OptionalLens(
            storage: .inPlace(
                read: { [element] whole in
                    guard element.path.offset >= 0 else {
                        return whole.pointee[keyPath: element.path.keyPath][id: element.id]
                    }
                    return element.path.pointer(at: whole).pointee[id: element.id]
                },
                write: { [element] whole, body in
                    element.path.modify(&whole) { $0._modify(id: element.id, body) }
                }),
            // Its key made by its row address when asked (see `OptionalLens._placeKey`).
            placeKey: nil,
            // A row scope joins its array's tracker through a closure made here, where the
            // types are known, so that the joining and the tracker's refresh after every send
            // are specialised for them (see _RowTracker.refreshBody); the closure captures
            // nothing, so making the lens allocates nothing more.
            row: _KeyedRowAddress(element: element) { link, refresher, owner, whole, element in
                _KeyedRowAddress.attach(link, to: refresher, owner: owner, whole: whole, element)
            })
    }
}

/// The array and the id of ``OptionalLens/element(id:in:)-(_,any WritableKeyPath<Whole,KeyedArray<Part>> & Sendable)``.
@usableFromInline
final class _KeyedElement<Whole, Element: Identifiable>: @unchecked Sendable {
    // Sendable: immutable, made from a Sendable key path and id.
    @usableFromInline let path: _StoredPath<Whole, KeyedArray<Element>>
    @usableFromInline let id: Element.ID

    @inlinable
    init(path: _StoredPath<Whole, KeyedArray<Element>>, id: Element.ID) {
        self.path = path
        self.id = id
    }
}

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

/// The address of an element of a ``KeyedArray`` by id.
@usableFromInline
struct _KeyedRowAddress<Whole, Element: Identifiable>: _RowAddress where Element.ID: Sendable {
    // Three words, the inline size of an existential: `OptionalLens._row` holds it unboxed.
    /// The array's path and the element's id, shared with the lens's closures.
    let element: _KeyedElement<Whole, Element>
    /// ``attach(_:to:owner:whole:_:)``, as a closure made by the element lens.
    let attachBody:
        @MainActor (
            _ScopeLink, _ScopeRefresher, UInt64, _WholeReader<Whole>,
            _KeyedElement<Whole, Element>
        ) -> Void

    @usableFromInline
    init(
        element: _KeyedElement<Whole, Element>,
        attach:
            @escaping @MainActor (
                _ScopeLink, _ScopeRefresher, UInt64, _WholeReader<Whole>,
                _KeyedElement<Whole, Element>
            ) -> Void
    ) {
        self.element = element
        self.attachBody = attach
    }

    /// `false`: the tracker reads the array's journal.
    @usableFromInline var comparesEveryRow: Bool { false }

    /// The array's key path and the row's id, as the element lens's key.
    @usableFromInline var placeKey: _PendingEffectID? {
        _PendingEffectID(_ChildKey(path: element.path.keyPath as AnyKeyPath, key: element.id))
    }

    @MainActor @usableFromInline
    func track(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>
    ) {
        attachBody(link, refresher, owner, whole, element)
    }

    /// The same as without `rows`: the tracker of a ``KeyedArray`` reads its journal.
    @MainActor @usableFromInline
    func track<Part>(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>, rows: _RowRefresh<Part>
    ) {
        track(link, in: refresher, owner: owner, whole: whole)
    }

    /// Adds a row scope's link to the tracker of its array, made if needed. Inlinable: the
    /// element lens calls it from a closure of its own, specialised for the types (unspecialised,
    /// naming the tracker's type instantiated it and checked its id's conformance for every
    /// scope made).
    @MainActor @inlinable
    static func attach(
        _ link: _ScopeLink, to refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>, _ element: _KeyedElement<Whole, Element>
    ) {
        let keyPath = element.path.keyPath
        if let last = refresher.lastTracker(owner: owner, path: keyPath) {
            // The tracker of this array, found or made last: made here for this key path,
            // whose type fixes the ids' type (checked in debug builds by `unsafeDowncast`).
            unsafeDowncast(last, to: _RowTracker<Element.ID>.self).addLink(link, for: element.id)
            return
        }
        // The journal's key path is made only with the tracker, once per array: appending to
        // a key path instantiates a new one (demangling its types), which cost each new row
        // scope most of its making.
        let tracker = refresher.tracker(owner: owner, path: keyPath) {
            _RowTracker<Element.ID>(
                journal: whole.reading(keyPath.appending(path: \KeyedArray<Element>._journal)))
        }
        if let tracker {
            tracker.addLink(link, for: element.id)
        } else {
            refresher.add(link)
        }
    }
}
