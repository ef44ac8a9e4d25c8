import Synchronization

/// Reads enum cases by reflection, so that a case can be named by the case itself
/// (`Screen.loggedIn`, `Action.response`) with no hand-written pattern match and no macro.
///
/// A value's case is its case index, read through the enum's value witnesses (see ``_EnumLayout``);
/// the case's payload is read where it lies in the enum, as the type the enum's reflection
/// metadata declares for that case. The case is confirmed by making it again from the payload
/// with the given constructor and comparing the two case indices. So every case shape Swift has is
/// told apart and read alike: one value or several, with labels or without
/// (`case delete(id: Int)` has the part `Int`, `case moved(from: Int, to: Int)` the part
/// `(Int, Int)`), cases that share a payload type or a base name (`case a(Int)` and
/// `case a(x: Int)`), generic and nested enums, `Optional`, and payloads declared of a
/// protocol or a superclass type (read as the declared type, then cast to the part).
/// `indirect` cases, whose payload lies in a box, are read through a `Mirror`.
///
/// What is learned of a case (how its payload is read as a given part) is remembered per enum
/// type, part type and case index, in a table that reads take without a lock.
///
/// Where reflection cannot work, the program stops with a message naming the enum and saying
/// what to write instead, in every build: an enum built without reflection metadata
/// (`-disable-reflection-metadata`, Xcode's "Reflection Metadata Level: None"), an `indirect`
/// case of an enum with a custom mirror, or a type that is not an enum.
@usableFromInline
package enum _EnumCase {
    /// How the payload of a case is read as a part.
    fileprivate enum Reading: UInt8 {
        /// The case has no payload: it is never the case a payload makes.
        case empty
        /// Where it lies in the enum: it is declared of the part's type (or a tuple of the
        /// same element types).
        case inPlace
        /// Where it lies in the enum, as its declared type, then cast to the part.
        case converted
        /// Through a mirror: the case is `indirect`.
        case boxed
    }

    /// An enum type, a part type and a case's case index.
    fileprivate struct Key: Hashable {
        let whole: UInt
        let part: UInt
        let caseIndex: UInt32

        init<Whole, Part>(_: Whole.Type, _: Part.Type, caseIndex: UInt32) {
            whole = UInt(bitPattern: ObjectIdentifier(Whole.self))
            part = UInt(bitPattern: ObjectIdentifier(Part.self))
            self.caseIndex = caseIndex
        }

        /// A slot among `mask + 1` (a power of two) for the key: a mix of the two types'
        /// addresses (metadata, aligned to 8 bytes or more) and the case index, not a hash.
        func slot(_ mask: Int) -> Int {
            Int(truncatingIfNeeded: (whole >> 3) &+ (part >> 5) &+ UInt(caseIndex)) & mask
        }
    }

    /// What was learned of one case.
    fileprivate struct Learned {
        var reading: Reading
        /// The declared payload type, for ``Reading/converted``.
        var declared: Any.Type?
    }

    /// Cases learned so far; see ``_CaseTable``.
    private static let table = _CaseTable()

    /// How the case of `key` is read: remembered, or learned now from the reflection
    /// metadata.
    private static func learned<Whole, Part>(
        _ key: Key, _ layout: _EnumLayout, _: Whole.Type, _: Part.Type
    ) -> Learned {
        if let known = table.find(key) { return known }
        let learned: Learned
        switch layout.payloadCase(caseIndex: key.caseIndex) {
        case .unknown:
            // fatalError, not preconditionFailure: the message is printed in release builds too.
            fatalError(
                "\(Whole.self) has no reflection metadata (it was built with "
                    + "-disable-reflection-metadata, or Xcode's Reflection Metadata Level set to "
                    + "None), so its cases cannot be read by reflection. Name the case with a "
                    + "pattern match instead: .case(\(Whole.self).someCase, extract: { if case "
                    + ".someCase(let value) = $0 { value } else { nil } }), or build the module "
                    + "that declares \(Whole.self) with reflection metadata.")
        case .empty:
            learned = Learned(reading: .empty)
        case .payload(_, isIndirect: true):
            learned = Learned(reading: .boxed)
        case .payload(let declared, isIndirect: false):
            learned =
                _EnumLayout.isLaidOut(declared, as: Part.self)
                ? Learned(reading: .inPlace) : Learned(reading: .converted, declared: declared)
        }
        table.insert(learned, for: key)
        return learned
    }

    /// The payload of `whole` if it is the case `embed` makes, else `nil`.
    @inlinable
    package static func payload<Whole, Part>(of whole: Whole, case embed: (Part) -> Whole)
        -> Part?
    {
        withUnsafeTemporaryAllocation(of: Part.self, capacity: 1) { buffer in
            let slot = buffer.baseAddress!
            guard _payload(of: whole, case: embed, into: slot) else { return nil }
            return slot.move()
        }
    }

    /// Changes the payload of `whole` with `body` if `whole` is the case `embed` makes, and
    /// returns whether it was.
    ///
    /// A case whose payload is declared of the part's type is changed where it lies: its
    /// case index taken out, the payload changed in the enum's own storage, the case index put
    /// back, with no copy of the enum or of the payload but the one that confirms the case. Any
    /// other is
    /// moved out and back (``_movingPayload(of:_:_:_:)``).
    @inlinable
    package static func modifyPayload<Whole, Part>(
        of whole: inout Whole, case embed: (Part) -> Whole, _ body: (inout Part) -> Void
    ) -> Bool {
        withUnsafeMutablePointer(to: &whole) { modifyPayload(at: $0, case: embed, body) }
    }

    /// ``modifyPayload(of:case:_:)`` for the whole at a pointer: what a lens that reaches the
    /// enum where it lies calls, with no generic call in between that would take the pointer
    /// again.
    @inlinable
    package static func modifyPayload<Whole, Part>(
        at whole: UnsafeMutablePointer<Whole>, case embed: (Part) -> Whole,
        _ body: (inout Part) -> Void
    ) -> Bool {
        if let changed = _modifyInPlace(at: whole, case: embed, body) { return changed }
        return _movingPayload(of: &whole.pointee, embed, { payload(of: $0, case: embed) }, body)
    }

    /// ``modifyPayload(at:case:_:)`` for a case read in place; `nil`, with the whole untouched,
    /// for any other.
    @usableFromInline
    static func _modifyInPlace<Whole, Part>(
        at pointer: UnsafeMutablePointer<Whole>, case embed: (Part) -> Whole,
        _ body: (inout Part) -> Void
    ) -> Bool? {
        guard let layout = _EnumLayout(Whole.self) else { return nil }
        let value = UnsafeMutableRawPointer(pointer)
        let caseIndex = layout.caseIndex(at: value)
        let key = Key(Whole.self, Part.self, caseIndex: caseIndex)
        switch learned(key, layout, Whole.self, Part.self).reading {
        case .empty: return false
        case .converted, .boxed: return nil
        case .inPlace: break
        }
        layout.layBare(value)
        // The payload, laid out as a `Part`, lies at the enum's own address; the case index goes
        // back whether or not it is the case asked for.
        let part = value.assumingMemoryBound(to: Part.self)
        guard layout.caseIndex(of: embed(part.pointee)) == caseIndex else {
            layout.restore(value, caseIndex: caseIndex)
            return false
        }
        body(&part.pointee)
        layout.restore(value, caseIndex: caseIndex)
        return true
    }

    /// Initialises `slot` with the payload of `whole` and returns `true` if `whole` is the
    /// case `embed` makes; leaves it uninitialised and returns `false` otherwise.
    @usableFromInline
    static func _payload<Whole, Part>(
        of whole: Whole, case embed: (Part) -> Whole, into slot: UnsafeMutablePointer<Part>
    ) -> Bool {
        guard let layout = _EnumLayout(Whole.self) else {
            return reflectedPayload(of: whole, case: embed, into: slot)
        }
        let caseIndex = layout.caseIndex(of: whole)
        let learned = learned(
            Key(Whole.self, Part.self, caseIndex: caseIndex), layout, Whole.self, Part.self)
        switch learned.reading {
        case .empty:
            return false
        case .inPlace:
            layout.withPayload(of: whole) {
                slot.initialize(to: $0.assumingMemoryBound(to: Part.self).pointee)
            }
        case .converted:
            guard
                let part = layout.withPayload(
                    of: whole, { converted($0, declared: learned.declared!, to: Part.self) })
            else { return false }
            slot.initialize(to: part)
        case .boxed:
            guard let part = mirroredPayload(of: whole, as: Part.self) else { return false }
            slot.initialize(to: part)
        }
        if layout.caseIndex(of: embed(slot.pointee)) == caseIndex { return true }
        slot.deinitialize(count: 1)
        return false
    }

    /// The payload at `payload`, of the type `declared`, as a `Part` if it is one.
    private static func converted<Part>(
        _ payload: UnsafeRawPointer, declared: Any.Type, to: Part.Type
    ) -> Part? {
        func read<Declared>(_: Declared.Type) -> Part? {
            payload.assumingMemoryBound(to: Declared.self).pointee as? Part
        }
        return read(declared)
    }

    /// The payload of an enum value, from a mirror, as a `Part` if it is one (a payload of one
    /// labelled value is the tuple `(id: Int)` in a mirror, and is read as its element).
    private static func mirroredPayload<Whole, Part>(of whole: Whole, as _: Part.Type) -> Part? {
        // Checked in every build, its message printed in release builds too.
        if whole is any CustomReflectable {
            fatalError(
                "\(Whole.self) has a custom mirror and indirect cases, whose payloads only a mirror "
                    + "reaches, so they cannot be read by reflection. Name the case with a pattern "
                    + "match instead: .case(\(Whole.self).someCase, extract: { if case "
                    + ".someCase(let value) = $0 { value } else { nil } }).")
        }
        guard let value = Mirror(reflecting: whole).children.first?.value else { return nil }
        if let part = value as? Part { return part }
        let tuple = Mirror(reflecting: value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
        return tuple.children.first?.value as? Part
    }

    /// ``_payload(of:case:into:)`` where the value witnesses cannot be read (arm64e, whose
    /// witnesses are signed): the case's name and payload from a mirror, confirmed by a mirror
    /// of the case `embed` makes. Two cases that share a base name are not told apart here.
    private static func reflectedPayload<Whole, Part>(
        of whole: Whole, case embed: (Part) -> Whole, into slot: UnsafeMutablePointer<Part>
    ) -> Bool {
        let mirror = Mirror(reflecting: whole)
        if mirror.displayStyle != .enum {
            fatalError("\(type(of: whole)) is not an enum, so it has no case to read.")
        }
        guard let label = mirror.children.first?.label,
            let part = mirroredPayload(of: whole, as: Part.self),
            Mirror(reflecting: embed(part)).children.first?.label == label
        else { return false }
        slot.initialize(to: part)
        return true
    }

    /// Whether the case of `whole` is read in place (where it lies in the enum) when its
    /// payload is asked for as a `Part`; `nil` while it has not been learned. For tests.
    static func isReadInPlace<Whole, Part>(_ whole: Whole, as part: Part.Type) -> Bool? {
        guard let layout = _EnumLayout(Whole.self) else { return false }
        let key = Key(Whole.self, Part.self, caseIndex: layout.caseIndex(of: whole))
        return table.find(key).map { $0.reading == .inPlace }
    }

    /// The number of cases learned, and of bytes the tables that hold them take. For tests.
    static var learnedCount: (cases: Int, bytes: Int) { table.size }

    /// Whether two values of an enum are the same case, whatever their payloads. Any two
    /// values of a type that is not an enum are the same case.
    package static func sameCase<Whole>(_ one: Whole, _ other: Whole) -> Bool {
        if let layout = _EnumLayout(Whole.self) {
            return layout.caseIndex(of: one) == layout.caseIndex(of: other)
        }
        let first = Mirror(reflecting: one)
        guard first.displayStyle == .enum else { return true }
        let second = Mirror(reflecting: other)
        guard let label = first.children.first?.label else {
            // Cases without a payload: a mirror has no children, and the value prints as its
            // case name unless the type says otherwise.
            return second.children.isEmpty && String(describing: one) == String(describing: other)
        }
        return second.children.first?.label == label
    }
}

/// The cases ``_EnumCase`` learned: an open-addressed table that reads search without a lock,
/// and that a writer, under a lock, fills in place and replaces by one twice as large when it
/// is half full.
///
/// A slot is written once: its entry first, then its enum type's address with a releasing
/// store, which a reader loads with an acquiring one; a slot whose address is 0 is empty. A
/// reader may be looking at a table that was replaced, so replaced tables are kept, never
/// freed: their sizes double, so all of them together take less than twice the newest one,
/// and memory grows linearly in the cases learned.
private final class _CaseTable: @unchecked Sendable {
    /// A slot's entry, read once its `whole` is published.
    struct Entry {
        var part: UInt
        var caseIndex: UInt32
        var learned: _EnumCase.Learned
    }

    /// One table: its capacity (a power of two), then `capacity` published enum addresses,
    /// then `capacity` entries.
    struct Storage {
        let base: UnsafeMutableRawPointer

        var capacity: Int { base.assumingMemoryBound(to: Int.self).pointee }
        var wholes: UnsafeMutablePointer<Atomic<UInt>> {
            (base + MemoryLayout<Int>.stride).assumingMemoryBound(to: Atomic<UInt>.self)
        }
        var entries: UnsafeMutablePointer<Entry> {
            (base + MemoryLayout<Int>.stride + capacity * MemoryLayout<Atomic<UInt>>.stride)
                .assumingMemoryBound(to: Entry.self)
        }

        static func byteCount(_ capacity: Int) -> Int {
            MemoryLayout<Int>.stride + capacity * MemoryLayout<Atomic<UInt>>.stride
                + capacity * MemoryLayout<Entry>.stride
        }

        static func make(capacity: Int) -> Storage {
            let base = UnsafeMutableRawPointer.allocate(
                byteCount: byteCount(capacity),
                alignment: max(MemoryLayout<Entry>.alignment, MemoryLayout<Int>.alignment))
            base.initializeMemory(as: Int.self, repeating: capacity, count: 1)
            let wholes = (base + MemoryLayout<Int>.stride).bindMemory(
                to: Atomic<UInt>.self, capacity: capacity)
            for index in 0..<capacity { (wholes + index).initialize(to: Atomic(0)) }
            (base + MemoryLayout<Int>.stride + capacity * MemoryLayout<Atomic<UInt>>.stride)
                .bindMemory(to: Entry.self, capacity: capacity)
            return Storage(base: base)
        }

        /// The entry for `key`, if a slot holds it.
        func find(_ key: _EnumCase.Key) -> _EnumCase.Learned? {
            let mask = capacity - 1
            var slot = key.slot(mask)
            while true {
                let whole = wholes[slot].load(ordering: .acquiring)
                if whole == 0 { return nil }
                if whole == key.whole {
                    let entry = entries[slot]
                    if entry.part == key.part, entry.caseIndex == key.caseIndex {
                        return entry.learned
                    }
                }
                slot = (slot + 1) & mask
            }
        }

        /// Puts `entry` in the first free slot for `whole`; the table has one.
        func insert(_ entry: Entry, whole: UInt) {
            let mask = capacity - 1
            var slot = _EnumCase.Key(whole: whole, part: entry.part, caseIndex: entry.caseIndex)
                .slot(mask)
            while wholes[slot].load(ordering: .relaxed) != 0 { slot = (slot + 1) & mask }
            (entries + slot).initialize(to: entry)
            wholes[slot].store(whole, ordering: .releasing)
        }
    }

    /// The newest table's base address, loaded by readers without the lock.
    private let published: Atomic<UInt>
    /// Under the lock: the number of cases learned, and every table made (the newest last).
    private let writer = Locked((count: 0, tables: [Storage]()))

    init() {
        let first = Storage.make(capacity: 16)
        published = Atomic(UInt(bitPattern: first.base))
        writer.withLock { $0.tables.append(first) }
    }

    private var newest: Storage {
        Storage(base: UnsafeMutableRawPointer(bitPattern: published.load(ordering: .acquiring))!)
    }

    func find(_ key: _EnumCase.Key) -> _EnumCase.Learned? {
        newest.find(key)
    }

    /// Remembers `learned` for `key`, unless another thread did meanwhile.
    func insert(_ learned: _EnumCase.Learned, for key: _EnumCase.Key) {
        writer.withLock { writer in
            var storage = writer.tables[writer.tables.count - 1]
            guard storage.find(key) == nil else { return }
            if 2 * (writer.count + 1) > storage.capacity {
                let larger = Storage.make(capacity: 2 * storage.capacity)
                for slot in 0..<storage.capacity {
                    let whole = storage.wholes[slot].load(ordering: .relaxed)
                    if whole != 0 { larger.insert(storage.entries[slot], whole: whole) }
                }
                writer.tables.append(larger)
                published.store(UInt(bitPattern: larger.base), ordering: .releasing)
                storage = larger
            }
            storage.insert(
                Entry(part: key.part, caseIndex: key.caseIndex, learned: learned), whole: key.whole)
            writer.count += 1
        }
    }

    /// The number of cases learned, and the bytes of every table made.
    var size: (cases: Int, bytes: Int) {
        writer.withLock { writer in
            (writer.count, writer.tables.reduce(0) { $0 + Storage.byteCount($1.capacity) })
        }
    }
}

extension _EnumCase.Key {
    fileprivate init(whole: UInt, part: UInt, caseIndex: UInt32) {
        self.whole = whole
        self.part = part
        self.caseIndex = caseIndex
    }
}
