/// Reads and writes a part of a whole that may be missing: an optional child, an enum case's
/// payload, an element of a collection by index, id or key.
///
/// ```swift
/// let row = OptionalLens.element(id: todo.id, in: \Todos.items)
/// row.modify(&todos) { $0.isDone.toggle() }   // nothing happens if the row is gone
/// ```
///
/// Reading a missing part gives `nil`; changing one does nothing. Lenses made from a key path,
/// and lenses to keyed children and enum cases, carry an effect id (composed lenses combine
/// theirs), so that ``Update/child(_:in:at:as:environment:update:)-(_,_,OptionalLens<State,ChildState>,_,_,_)``
/// can tag the child's effects with it and ``Effect/cancelEffects(of:)`` can cancel them when
/// the child is removed.
public struct OptionalLens<Whole, Part>: @unchecked Sendable {
    // Sendable for the same reason as `Lens`.
    @usableFromInline
    enum _Storage {
        /// An element of an array by index, kept as data so that making the lens in every
        /// update allocates nothing.
        case element(_StoredPath<Whole, [Part]>, Int)
        /// An element of an array found by `find`, handed the id's bits: for an id that fits
        /// in them (see ``_IDBits``) `find` captures nothing, and making the lens allocates
        /// nothing; otherwise it captures the id (one closure context) and ignores the bits.
        case found(
            _StoredPath<Whole, [Part]>, _IDBits,
            find: @Sendable ([Part], _IDBits, AnyKeyPath) -> Int?)
        case closures(
            read: @Sendable (Whole) -> Part?,
            write: @Sendable (inout Whole, (inout Part) -> Void) -> Bool)
        /// Closures whose reader reads the part where the whole lies: a scope reads its part
        /// from the root's state in place, where a reader of the whole by value made the
        /// caller copy the whole (a retain and a release of every reference it holds, on every
        /// refresh of the scope).
        case inPlace(
            read: @Sendable (UnsafePointer<Whole>) -> Part?,
            write: @Sendable (inout Whole, (inout Part) -> Void) -> Bool)
        /// An enum case's payload in a property of the whole (``case(_:in:)``, which an update
        /// makes for every action it routes): the property's key path, from which the effect
        /// key is made only when an effect needs one, and one closure that reads (`change`
        /// false: `body` gets a copy) or changes the payload of the whole at the pointer and
        /// returns whether it is there. Unoptimised, a reader and a writer of their own and
        /// the effect key made with the lens cost about 1,300 instructions an action.
        case caseIn(
            AnyKeyPath,
            access:
                @Sendable (UnsafeMutablePointer<Whole>, _ change: Bool, (inout Part) -> Void)
                -> Bool)
    }

    @usableFromInline let _storage: _Storage
    /// The key of a keyed part, made into an effect id only when an effect needs one; `nil`
    /// for an element of a ``KeyedArray``, whose row address makes it (see ``_placeKey``).
    @usableFromInline let _ownPlaceKey: _PendingEffectID?
    /// For an element of a ``KeyedArray`` by id: which array and which id, so that a scope
    /// made with the lens is refreshed only when its row changes.
    @usableFromInline var _row: (any _RowAddress<Whole>)?

    /// The key of a keyed part. An element of a ``KeyedArray`` has its key made from its row
    /// address when asked (an effect of the row, a composition), not with the lens: a row's
    /// scope never asks, and in unoptimised code making and copying the key cost each row
    /// scope made about 500 instructions.
    @inlinable
    var _placeKey: _PendingEffectID? {
        if let key = _ownPlaceKey { return key }
        if let row = _row { return row.placeKey }
        if case .caseIn(let keyPath, _) = _storage {
            // The key `case(_:in:)` would have made: the property's key path, then the case
            // (the enum's type is the key path's value type).
            return _PendingEffectID(
                outer: _KeyPathKey(keyPath),
                inner: _CaseKey(
                    whole: ObjectIdentifier(type(of: keyPath).valueType),
                    part: ObjectIdentifier(Part.self)))
        }
        return nil
    }

    /// Reads the part through a ``_Storage/caseIn(_:access:)`` accessor.
    @inlinable
    static func _read(
        _ whole: UnsafePointer<Whole>,
        _ access: @Sendable (UnsafeMutablePointer<Whole>, Bool, (inout Part) -> Void) -> Bool
    ) -> Part? {
        var part: Part?
        // Reading only: the accessor does not change the whole when `change` is false.
        _ = access(UnsafeMutablePointer(mutating: whole), false) { part = $0 }
        return part
    }

    /// The lens's reader as one closure, for a scoped store's readers to share: a closure
    /// that captured the lens would copy all of it.
    @inlinable
    var _partReader: @Sendable (Whole) -> Part? {
        { whole in self.read(whole) }
    }

    /// The id under which effects of the part run, for keyed parts.
    var placeID: EffectID? { _placeKey?.id }

    /// An optional lens from a getter and a setter.
    /// - Parameters:
    ///   - get: Reads the part, or `nil` if it is missing.
    ///   - set: Writes the part; called only when `get` found it.
    public init(
        get: @escaping @Sendable (Whole) -> Part?,
        set: @escaping @Sendable (inout Whole, Part) -> Void
    ) {
        _storage = .closures(
            read: get,
            write: { whole, body in
                guard var part = get(whole) else { return false }
                body(&part)
                set(&whole, part)
                return true
            })
        _ownPlaceKey = nil
    }

    /// An optional lens through a key path to an optional part.
    /// - Parameter keyPath: The path from the whole to the optional part.
    /// Effects of the part run under the id of the key path.
    @inlinable
    public init(_ keyPath: any WritableKeyPath<Whole, Part?> & Sendable) {
        _storage = .closures(
            read: { $0[keyPath: keyPath] },
            write: { whole, body in
                guard whole[keyPath: keyPath] != nil else { return false }
                body(&whole[keyPath: keyPath]!)
                return true
            })
        _ownPlaceKey = _PendingEffectID(_KeyPathKey(keyPath))
    }

    @usableFromInline
    init(
        read: @escaping @Sendable (Whole) -> Part?,
        write: @escaping @Sendable (inout Whole, (inout Part) -> Void) -> Bool,
        placeKey: _PendingEffectID?
    ) {
        _storage = .closures(read: read, write: write)
        self._ownPlaceKey = placeKey
    }

    @usableFromInline
    init(storage: _Storage, placeKey: _PendingEffectID?) {
        self._storage = storage
        self._ownPlaceKey = placeKey
    }

    /// A lens with the address of the row it reaches, made in one step: unoptimised, a lens
    /// made and then given its row was copied once more (about 380 instructions a row
    /// scope made).
    @usableFromInline
    init(storage: _Storage, placeKey: _PendingEffectID?, row: (any _RowAddress<Whole>)?) {
        self._storage = storage
        self._ownPlaceKey = placeKey
        self._row = row
    }

    @inlinable
    func read(_ whole: Whole) -> Part? {
        switch _storage {
        case .element(let path, let index):
            return path.read(whole) { array in
                array.indices.contains(index) ? array[index] : nil
            }
        case .found(let path, let id, let find):
            return path.read(whole) { array in find(array, id, path.keyPath).map { array[$0] } }
        case .closures(let read, _):
            return read(whole)
        case .inPlace(let read, _):
            return withUnsafePointer(to: whole) { read($0) }
        case .caseIn(_, let access):
            return withUnsafePointer(to: whole) { Self._read($0, access) }
        }
    }

    /// Reads the part of the whole at a pointer, where the lens can without copying the whole:
    /// what a scope's reader calls on the root's state.
    @inlinable
    var _pointerReader: @Sendable (UnsafePointer<Whole>) -> Part? {
        switch _storage {
        case .element(let path, let index):
            return { whole in
                path.read(at: whole) { array in
                    array.indices.contains(index) ? array[index] : nil
                }
            }
        case .found(let path, let id, let find):
            return { whole in
                path.read(at: whole) { array in find(array, id, path.keyPath).map { array[$0] } }
            }
        case .closures(let read, _):
            return { read($0.pointee) }
        case .inPlace(let read, _):
            return read
        case .caseIn(_, let access):
            return { Self._read($0, access) }
        }
    }

    /// Changes the part in place; `false` if it is missing. Always inlined: with a lens to an
    /// element by id, whose storage is larger, the optimiser stopped inlining it (and then
    /// `child`) into an update, about 120 instructions per action.
    @inlinable @inline(__always)
    func write(_ whole: inout Whole, _ body: (inout Part) -> Void) -> Bool {
        switch _storage {
        case .element(let path, let index):
            return path.modify(&whole) { array in
                guard array.indices.contains(index) else { return false }
                body(&array[index])
                return true
            }
        case .found(let path, let id, let find):
            // One access to the array, to find the element and change it in place.
            return path.modify(&whole) { elements in
                guard let index = find(elements, id, path.keyPath) else { return false }
                body(&elements[index])
                return true
            }
        case .closures(_, let write), .inPlace(_, let write):
            return write(&whole, body)
        case .caseIn(_, let access):
            return withUnsafeMutablePointer(to: &whole) { access($0, true, body) }
        }
    }

    /// Reads and changes the part, as ``read(_:)`` and ``write(_:_:)`` do: what composed
    /// lenses keep. A lens made of closures hands them over as they are, so that a composed
    /// lens calls them without going through this lens (whose generic type unoptimised code
    /// would look up on every call).
    @inlinable
    var _accessors:
        (
            read: @Sendable (Whole) -> Part?,
            write: @Sendable (inout Whole, (inout Part) -> Void) -> Bool
        )
    {
        switch _storage {
        case .closures(let read, let write):
            return (read, write)
        case .inPlace(let read, let write):
            return ({ whole in withUnsafePointer(to: whole) { read($0) } }, write)
        case .caseIn(_, let access):
            return (
                { whole in withUnsafePointer(to: whole) { Self._read($0, access) } },
                { whole, body in withUnsafeMutablePointer(to: &whole) { access($0, true, body) } }
            )
        case .element, .found:
            let lens = self
            return ({ lens.read($0) }, { whole, body in lens.write(&whole, body) })
        }
    }

    /// Whether the whole has the part, without copying it where the lens can tell.
    func contains(_ whole: Whole) -> Bool {
        switch _storage {
        case .element(let path, let index):
            return path.read(whole) { $0.indices.contains(index) }
        case .found(let path, let id, let find):
            return path.read(whole) { find($0, id, path.keyPath) != nil }
        case .closures(let read, _):
            return read(whole) != nil
        case .inPlace(let read, _):
            return withUnsafePointer(to: whole) { read($0) } != nil
        case .caseIn(_, let access):
            return withUnsafePointer(to: whole) { Self._read($0, access) } != nil
        }
    }

    /// The part of a whole, or `nil` if it is missing.
    /// - Parameter whole: The whole.
    /// - Returns: Its part, if present.
    public func get(_ whole: Whole) -> Part? {
        read(whole)
    }

    /// Changes the part of a whole in place, if it is there.
    /// - Parameters:
    ///   - whole: The whole to change.
    ///   - body: Changes the part.
    /// - Returns: What `body` returns, or `nil` if the part is missing (and `body` did not run).
    @discardableResult
    public func modify<Result>(_ whole: inout Whole, _ body: (inout Part) -> Result) -> Result? {
        var result: Result?
        _ = write(&whole) { result = body(&$0) }
        return result
    }

    /// Replaces the part of a whole, if it is there.
    /// - Parameters:
    ///   - whole: The whole to change.
    ///   - part: The new part.
    /// - Returns: Whether the part was there (and so replaced).
    @discardableResult
    public func set(_ whole: inout Whole, to part: Part) -> Bool {
        write(&whole) { $0 = part }
    }

    /// A lens to a part of this lens's part.
    /// - Parameter next: A lens from this part to a smaller one.
    /// - Returns: An optional lens from the whole to the smaller part.
    @inlinable
    public func appending<Smaller>(_ next: Lens<Part, Smaller>) -> OptionalLens<Whole, Smaller> {
        let (outerRead, outerWrite) = _accessors
        // The inner lens's accessors, made once (see `Lens._reader`).
        let (read, write) = next._accessors
        return OptionalLens<Whole, Smaller>(
            read: { outerRead($0).map(read) },
            write: { whole, body in outerWrite(&whole) { part in write(&part, body) } },
            placeKey: .combining(_placeKey, next._placeKey)
        )
    }

    /// An optional lens to a part of this lens's part that may be missing.
    /// - Parameter next: An optional lens from this part to a smaller one.
    /// - Returns: An optional lens from the whole to the smaller part.
    @inlinable
    public func appending<Smaller>(_ next: OptionalLens<Part, Smaller>) -> OptionalLens<
        Whole, Smaller
    > {
        let (outerRead, outerWrite) = _accessors
        let (read, write) = next._accessors
        return OptionalLens<Whole, Smaller>(
            read: { outerRead($0).flatMap(read) },
            write: { whole, body in
                var found = false
                _ = outerWrite(&whole) { part in found = write(&part, body) }
                return found
            },
            placeKey: .combining(_placeKey, next._placeKey)
        )
    }
}

extension OptionalLens {
    /// An optional lens to the element at an index of an array.
    /// - Parameters:
    ///   - index: The element's index; out of bounds means missing.
    ///   - keyPath: The path from the whole to the array.
    /// - Returns: The lens. Effects of the element run under the id of the array and index.
    @inlinable
    public static func element(
        at index: Int, in keyPath: any WritableKeyPath<Whole, [Part]> & Sendable
    ) -> OptionalLens {
        var lens = OptionalLens(
            storage: .element(_StoredPath(keyPath), index),
            placeKey: _PendingEffectID(_ChildKey(path: keyPath as AnyKeyPath, key: index)))
        lens._row = _IndexedRowAddress(keyPath: keyPath, index: index)
        return lens
    }

    /// An optional lens to the element with an id in an array of `Identifiable` elements.
    /// - Parameters:
    ///   - id: The element's id; no such element means missing.
    ///   - keyPath: The path from the whole to the array.
    /// - Returns: The lens. Effects of the element run under the id of the array and `id`.
    /// - Complexity: O(1) to find an element that has not moved since the last time an
    ///   element lens found it in the same array (the position is remembered, and checked
    ///   before it is used); O(*n*) otherwise, for example after an insertion before it.
    ///   After a run of such searches the positions of the whole array are remembered again
    ///   in one pass. The memory of positions is shared by the process: two to four 4-byte
    ///   slots per element of each array looked up by id, for at most 64 key paths.
    ///   If several elements have the id, which of them the lens reaches is not specified.
    @inlinable @inline(__always)
    public static func element(
        id: Part.ID, in keyPath: any WritableKeyPath<Whole, [Part]> & Sendable
    ) -> OptionalLens where Part: Identifiable & Sendable, Part.ID: Sendable {
        let storage: _Storage
        if let bits = _IDBits(id) {
            storage = .found(_StoredPath(keyPath), bits) { elements, bits, path in
                elements._index(of: bits.id(as: Part.ID.self), rememberedUnder: path)
            }
        } else {
            storage = .found(_StoredPath(keyPath), _IDBits()) { elements, _, path in
                elements._index(of: id, rememberedUnder: path)
            }
        }
        return OptionalLens(
            storage: storage,
            placeKey: _PendingEffectID(_ChildKey(path: keyPath as AnyKeyPath, key: id)))
    }

    /// An optional lens to the value for a key in a dictionary.
    /// - Parameters:
    ///   - key: The key; no value for it means missing.
    ///   - keyPath: The path from the whole to the dictionary.
    /// - Returns: The lens. Effects of the value run under the id of the dictionary and `key`.
    @inlinable
    public static func value<Key: Hashable & Sendable>(
        forKey key: Key, in keyPath: any WritableKeyPath<Whole, [Key: Part]> & Sendable
    ) -> OptionalLens {
        OptionalLens(
            read: { $0[keyPath: keyPath][key] },
            write: { whole, body in
                guard whole[keyPath: keyPath][key] != nil else { return false }
                body(&whole[keyPath: keyPath][key]!)
                return true
            },
            placeKey: _PendingEffectID(_ChildKey(path: keyPath as AnyKeyPath, key: key))
        )
    }

    /// An optional lens to the payload of one case of an enum, named by the case itself.
    ///
    /// ```swift
    /// enum Screen { case loggedIn(Session), loggedOut(Login) }
    ///
    /// let loggedIn = OptionalLens<Screen, Session>.case(Screen.loggedIn)
    /// ```
    ///
    /// The case is read from the enum's tag and its payload where it lies in the enum, as the
    /// type the enum's reflection metadata declares for it; every case shape reads alike
    /// (labelled or not, cases sharing a base name, generic and nested enums, `Optional`). A
    /// case of several values is a tuple, and a case of one labelled value is that value
    /// (`case moved(from: Int, to: Int)` has the part `(Int, Int)`, `case delete(id: Int)`
    /// the part `Int`). An enum built without reflection metadata stops the program at the
    /// first read, with a message: use ``case(_:extract:)`` for it.
    /// Changing the payload changes it where it lies in the enum (an `indirect` case, or a
    /// payload declared of a wider type than the part, is moved out and back), so a large
    /// payload changes in place. Routing an
    /// action to the payload this way costs about twice what ``case(_:extract:)`` with a
    /// hand-written pattern match costs, in a release build (the benchmark's `lens.case`,
    /// which names the case with ``case(_:in:)``, and `lens.case.pattern`: 103 ns and 45 ns
    /// per action in one run), and about the same in a debug build (848 ns and 878 ns);
    /// about 4 µs for an `indirect` case, whose payload lies in a box and is read through a
    /// mirror. The pattern match is the choice where actions are very
    /// frequent.
    /// - Parameter embed: Makes the case from a payload: the case itself, `Screen.loggedIn`.
    /// - Returns: The lens. Effects of the payload run under an id made of the enum's and the
    ///   payload's types, inside the place of the enum (see ``case(_:extract:)``).
    @inlinable
    public static func `case`(_ embed: @escaping @Sendable (Part) -> Whole) -> OptionalLens {
        OptionalLens(
            read: { _EnumCase.payload(of: $0, case: embed) },
            write: { whole, body in _EnumCase.modifyPayload(of: &whole, case: embed, body) },
            placeKey: _PendingEffectID(
                _CaseKey(whole: ObjectIdentifier(Whole.self), part: ObjectIdentifier(Part.self)))
        )
    }

    /// An optional lens to the payload of one case of an enum that is a property of the whole.
    ///
    /// ```swift
    /// case .session(let action):
    ///     return .child(action, in: state, at: .case(Screen.loggedIn, in: \.screen), as: Action.session)
    /// ```
    /// - Parameters:
    ///   - embed: Makes the case from a payload: the case itself, `Screen.loggedIn`.
    ///   - keyPath: The path from the whole to the enum.
    /// - Returns: The lens.
    @inlinable
    public static func `case`<Enum>(
        _ embed: @escaping @Sendable (Part) -> Enum,
        in keyPath: any WritableKeyPath<Whole, Enum> & Sendable
    ) -> OptionalLens {
        // Made directly, not as `Lens(keyPath).appending(.case(embed))`: an update makes this
        // lens for every action it routes, and the composition made six closures where two
        // do (the case's two, the key path's two accessors, and the two that call them),
        // called through two levels where one does, and combined two effect keys where the
        // pair can be made at once (see `lens.case` in <doc:Performance>).
        let path = _StoredPath(keyPath)
        return OptionalLens(
            storage: .caseIn(
                keyPath,
                access: { whole, change, body in
                    guard change else {
                        return path.read(at: whole) { value in
                            guard var part = _EnumCase.payload(of: value, case: embed) else {
                                return false
                            }
                            body(&part)
                            return true
                        }
                    }
                    guard path.offset >= 0 else {
                        return path.modify(&whole.pointee) { value in
                            _EnumCase.modifyPayload(of: &value, case: embed, body)
                        }
                    }
                    return _EnumCase.modifyPayload(
                        at: path.mutablePointer(at: whole), case: embed, body)
                }),
            placeKey: nil)
    }

    /// An optional lens to the payload of one case of an enum, with a hand-written pattern
    /// match.
    ///
    /// ```swift
    /// let loggedIn = OptionalLens<Screen, Session>.case(
    ///     Screen.loggedIn, extract: { if case .loggedIn(let session) = $0 { session } else { nil } }
    /// )
    /// ```
    ///
    /// Changing the payload moves the enum out of its place, takes the payload, and puts the
    /// case back made from the changed payload: the payload is never referenced twice, so a
    /// large one changes in place.
    /// - Parameters:
    ///   - embed: Makes the case from a payload: the case itself, `Screen.loggedIn`.
    ///   - extract: The payload, if the whole is that case.
    /// - Returns: The lens. Effects of the payload run under an id made of the enum's and the
    ///   payload's types, inside the place of the enum. Two cases with the same payload type
    ///   share it, which does no harm: only one case is there at a time, the effects of a case
    ///   end when the enum leaves it, and ``Effect/cancelEffects(of:)`` acts only while its
    ///   case is there.
    @inlinable
    public static func `case`(
        _ embed: @escaping @Sendable (Part) -> Whole,
        extract: @escaping @Sendable (Whole) -> Part?
    ) -> OptionalLens {
        OptionalLens(
            read: extract,
            write: { whole, body in _movingPayload(of: &whole, embed, extract, body) },
            placeKey: _PendingEffectID(
                _CaseKey(whole: ObjectIdentifier(Whole.self), part: ObjectIdentifier(Part.self)))
        )
    }
}

/// Changes the payload of an enum case in place: moves the enum out of its storage, takes the
/// payload (releasing the enum, so that the payload is referenced once), changes it, and puts
/// the case back. If the enum is another case, it goes back untouched.
///
/// Inlined into the lens's closure, for the caller's types: unspecialised, its optional
/// payload made the runtime look `Optional<Part>` up twice per write (about 650 instructions).
@inlinable
func _movingPayload<Whole, Part>(
    of whole: inout Whole, _ embed: (Part) -> Whole, _ extract: (Whole) -> Part?,
    _ body: (inout Part) -> Void
) -> Bool {
    withUnsafeMutablePointer(to: &whole) { pointer in
        let moved = pointer.move()
        var part = extract(moved)
        guard part != nil else {
            pointer.initialize(to: moved)
            return false
        }
        _ = consume moved
        body(&part!)
        pointer.initialize(to: embed(part.take()!))
        return true
    }
}

/// The id of a keyed child: which collection (by its key path) and which key.
@usableFromInline
struct _ChildKey<Key: Hashable & Sendable>: Hashable, @unchecked Sendable {
    // Key paths are immutable; `AnyKeyPath` is just not marked `Sendable`.
    @usableFromInline var path: AnyKeyPath
    @usableFromInline var key: Key

    @usableFromInline
    init(path: AnyKeyPath, key: Key) {
        self.path = path
        self.key = key
    }
}

/// The id of an enum case's payload: the enum and the payload's type.
@usableFromInline
struct _CaseKey: Hashable, Sendable {
    var whole: ObjectIdentifier
    var part: ObjectIdentifier

    @usableFromInline
    init(whole: ObjectIdentifier, part: ObjectIdentifier) {
        self.whole = whole
        self.part = part
    }
}
