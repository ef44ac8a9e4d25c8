import Synchronization

/// Reads enum cases by reflection, so that a case can be named by the case itself
/// (`Screen.loggedIn`, `Action.response`) with no hand-written pattern match and no macro.
///
/// A value's case and payload come from its `Mirror`: the payload is taken if it is the
/// expected type, and the case is confirmed by making the case again from the payload with the
/// given constructor and comparing the two case names. So two cases with the same payload type
/// are told apart, and payloads of several values (`case moved(from: Int, to: Int)`, read as
/// the tuple `(Int, Int)`), indirect cases and generic enums work.
///
/// What it cannot tell apart: two cases that share a base name (`case a(Int)` and
/// `case a(x: Int)`), which Swift allows and a mirror names alike. An enum with a custom mirror
/// (`CustomReflectable`) cannot be read at all: that stops a debug build, and never matches in
/// a release build.
///
/// Mirrors are slow (two cost about 4 µs), so a case whose payload is found is remembered, per
/// enum type, payload type and case: when the case is declared with a payload of exactly the
/// type asked for, stored in the enum itself, later reads take it through the enum's value
/// witnesses (see ``_EnumLayout``) and confirm the case by comparing the tag of the case
/// `embed` makes from it. Payloads of several values with labels (`(from: Int, to: Int)`
/// asked for as `(Int, Int)`), payloads declared of a protocol or a superclass type (reached
/// through a closure that converts the part), and `indirect` cases stay on the mirrors, as
/// does a case that does not match (another case is there).
@usableFromInline
package enum _EnumCase {
    /// How a case's payload is read, once a mirror found it.
    private enum Reading {
        /// Through the value witnesses: it lies in the enum, declared of the part's type.
        case inPlace
        /// Through mirrors.
        case reflected
    }

    /// An enum type, a payload type and a case's tag.
    private struct Key: Hashable {
        let whole: UInt
        let part: UInt
        let tag: UInt32

        init<Whole, Part>(_: Whole.Type, _: Part.Type, tag: UInt32) {
            whole = UInt(bitPattern: ObjectIdentifier(Whole.self))
            part = UInt(bitPattern: ObjectIdentifier(Part.self))
            self.tag = tag
        }

        /// A slot among `mask + 1` (a power of two) for the key: a mix of the two types'
        /// addresses (metadata, aligned to 8 bytes or more) and the tag, not a hash.
        func slot(_ mask: Int) -> Int {
            Int(truncatingIfNeeded: (whole >> 3) &+ (part >> 5) &+ UInt(tag)) & mask
        }
    }

    /// A slot of the published table: a key and how its case is read; `whole` is 0 in an
    /// empty slot.
    private struct Slot {
        var whole: UInt = 0
        var part: UInt = 0
        var tag: UInt32 = 0
        var inPlace = false
    }

    /// What was learned of each case read so far, under the lock, and every table published
    /// from it (kept, never freed: a reader may still be looking at an older one, and there
    /// is one per case learned).
    private struct Learned {
        var byKey: [Key: Reading] = [:]
        var tables: [UnsafeMutablePointer<Slot>] = []
    }

    private static let learned = Locked(Learned())

    /// The address of the newest table, 0 before the first case is learned: an open-addressed
    /// table whose first slot holds the mask of the others in `whole`. A read looks here
    /// with one atomic load and no lock: unoptimised, the lock and a dictionary's lookup cost
    /// about 550 instructions per read, and a case is read on every action routed to it.
    private static let published = Atomic<Int>(0)

    /// How the case of `key` is read, if it was learned.
    private static func reading(_ key: Key) -> Reading? {
        guard let table = UnsafePointer<Slot>(bitPattern: published.load(ordering: .acquiring))
        else { return nil }
        let mask = Int(table[0].whole)
        var slot = key.slot(mask)
        while true {
            let found = table[1 + slot]
            if found.whole == 0 { return nil }
            if found.whole == key.whole, found.part == key.part, found.tag == key.tag {
                return found.inPlace ? .inPlace : .reflected
            }
            slot = (slot + 1) & mask
        }
    }

    /// Remembers how the case of `key` is read, and publishes a table with it.
    private static func learn(_ reading: Reading, for key: Key) {
        learned.withLock { learned in
            learned.byKey[key] = reading
            var capacity = 16
            while capacity < 2 * learned.byKey.count { capacity *= 2 }
            let table = UnsafeMutablePointer<Slot>.allocate(capacity: capacity + 1)
            table.initialize(repeating: Slot(), count: capacity + 1)
            table[0].whole = UInt(capacity - 1)
            for (key, reading) in learned.byKey {
                var slot = key.slot(capacity - 1)
                while table[1 + slot].whole != 0 { slot = (slot + 1) & (capacity - 1) }
                table[1 + slot] = Slot(
                    whole: key.whole, part: key.part, tag: key.tag, inPlace: reading == .inPlace)
            }
            learned.tables.append(table)
            published.store(Int(bitPattern: UInt(bitPattern: table)), ordering: .releasing)
        }
    }

    /// The payload of `whole` if it is the case `embed` makes, else `nil`.
    ///
    /// Inlined, so that the optional is made for the caller's own types: the reader itself
    /// is generic, and unspecialised code that handles an `Optional<Part>` looks its metadata
    /// up in the runtime's cache every time (about 330 instructions per read).
    @inlinable
    package static func payload<Whole, Part>(of whole: Whole, case embed: (Part) -> Whole)
        -> Part?
    {
        #if DEBUG
            // Unoptimised, a temporary allocation runs generic code of its own that costs
            // more than the lookups it saves.
            let slot = UnsafeMutablePointer<Part>.allocate(capacity: 1)
            defer { slot.deallocate() }
            return _payload(of: whole, case: embed, into: slot) ? slot.move() : nil
        #else
            withUnsafeTemporaryAllocation(of: Part.self, capacity: 1) { buffer in
                let slot = buffer.baseAddress!
                guard _payload(of: whole, case: embed, into: slot) else { return nil }
                return slot.move()
            }
        #endif
    }

    /// Changes the payload of `whole` with `body` if `whole` is the case `embed` makes, and
    /// returns whether it was.
    ///
    /// A case read in place before (see the type's discussion) is changed where it lies: its
    /// tag taken out, the payload changed in the enum's own storage, the tag put back, with
    /// no copy of the enum or of the payload but the one that confirms the case. Any other is
    /// moved out and back (``_movingPayload(of:_:_:_:)``), which also learns how it is read.
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
    /// for a case not known to be.
    @usableFromInline
    static func _modifyInPlace<Whole, Part>(
        at pointer: UnsafeMutablePointer<Whole>, case embed: (Part) -> Whole,
        _ body: (inout Part) -> Void
    ) -> Bool? {
        guard let layout = _EnumLayout(Whole.self) else { return nil }
        let value = UnsafeMutableRawPointer(pointer)
        let tag = layout.tag(at: value)
        guard case .inPlace? = reading(Key(Whole.self, Part.self, tag: tag)) else { return nil }
        layout.layBare(value)
        // The payload, declared of exactly the type `Part` and stored in the enum, lies at the
        // enum's own address; the tag goes back whether or not it is the case asked for.
        let part = value.assumingMemoryBound(to: Part.self)
        guard layout.tag(of: embed(part.pointee)) == tag else {
            layout.restore(value, tag: tag)
            return false
        }
        body(&part.pointee)
        layout.restore(value, tag: tag)
        return true
    }

    /// Initialises `slot` with the payload of `whole` and returns `true` if `whole` is the
    /// case `embed` makes; leaves it uninitialised and returns `false` otherwise.
    @usableFromInline
    static func _payload<Whole, Part>(
        of whole: Whole, case embed: (Part) -> Whole, into slot: UnsafeMutablePointer<Part>
    ) -> Bool {
        guard let layout = _EnumLayout(Whole.self) else {
            return reflectedPayload(of: whole, case: embed, into: slot, learning: nil)
        }
        let tag = layout.tag(of: whole)
        let key = Key(Whole.self, Part.self, tag: tag)
        let known = reading(key)
        guard case .inPlace? = known else {
            return reflectedPayload(
                of: whole, case: embed, into: slot, learning: known == nil ? (layout, key) : nil)
        }
        layout.withPayload(of: whole) {
            slot.initialize(to: $0.assumingMemoryBound(to: Part.self).pointee)
        }
        if layout.tag(of: embed(slot.pointee)) == tag { return true }
        slot.deinitialize(count: 1)
        return false
    }

    /// ``_payload(of:case:into:)`` through mirrors; with `learning`, a case not read before:
    /// how it is read from now on is remembered. Kept apart from the path through the value
    /// witnesses, whose unspecialised code would otherwise look up the metadata of the
    /// optional payload it handles on every call.
    @inline(never)
    private static func reflectedPayload<Whole, Part>(
        of whole: Whole, case embed: (Part) -> Whole, into slot: UnsafeMutablePointer<Part>,
        learning: (layout: _EnumLayout, key: Key)?
    ) -> Bool {
        guard let part = reflectedPayload(of: whole, case: embed) else { return false }
        if let (layout, key) = learning {
            let reading = readsInPlace(
                part, of: whole, tag: key.tag, made: embed(part), layout: layout)
            learn(reading ? .inPlace : .reflected, for: key)
        }
        slot.initialize(to: part)
        return true
    }

    /// Whether the case of `whole` is read in place (through the value witnesses) when its
    /// payload is asked for as a `Part`; `nil` while it has not been found yet. For tests.
    static func isReadInPlace<Whole, Part>(_ whole: Whole, as part: Part.Type) -> Bool? {
        guard let layout = _EnumLayout(Whole.self) else { return false }
        let key = Key(Whole.self, Part.self, tag: layout.tag(of: whole))
        return reading(key).map { $0 == .inPlace }
    }

    /// Whether a payload that mirrors found can be read in place from now on: the case is
    /// declared with a payload of exactly the type `Part` (not a protocol or a superclass
    /// that `embed` converts a `Part` to, whose other values could be of other types) and is
    /// not `indirect`, and its bytes are the enum's own, in `whole` and in a case made anew
    /// from it (checked too: an `indirect` case holds the address of a box instead, a new box
    /// for the new case, so the two cannot both match).
    private static func readsInPlace<Whole, Part>(
        _ part: Part, of whole: Whole, tag: UInt32, made: Whole, layout: _EnumLayout
    ) -> Bool {
        guard let declared = layout.payloadCase(tag: tag),
            declared.type == Part.self, !declared.isIndirect
        else { return false }
        return withUnsafeBytes(of: part) { expected in
            func matches(_ payload: UnsafeRawPointer) -> Bool {
                UnsafeRawBufferPointer(start: payload, count: expected.count)
                    .elementsEqual(expected)
            }
            return layout.withPayload(of: whole, matches) && layout.withPayload(of: made, matches)
        }
    }

    /// ``payload(of:case:)`` through mirrors: the case's name and payload from a mirror of
    /// `whole`, confirmed by a mirror of the case `embed` makes from the payload.
    static func reflectedPayload<Whole, Part>(of whole: Whole, case embed: (Part) -> Whole)
        -> Part?
    {
        guard let (label, value) = caseAndPayload(of: whole), let label,
            let part = value as? Part
        else { return nil }
        return caseAndPayload(of: embed(part))?.label == label ? part : nil
    }

    /// Whether two values of an enum are the same case, whatever their payloads.
    package static func sameCase<Whole>(_ one: Whole, _ other: Whole) -> Bool {
        guard let first = caseAndPayload(of: one), let second = caseAndPayload(of: other)
        else { return false }
        if first.label == nil, second.label == nil {
            // Cases without a payload: a mirror has no children, and the value prints as its
            // case name unless the type says otherwise.
            return String(describing: one) == String(describing: other)
        }
        return first.label == second.label
    }

    /// The case name (`nil` for a case without a payload) and the payload, for an enum.
    static func caseAndPayload<Whole>(of whole: Whole) -> (label: String?, value: Any?)? {
        let mirror = Mirror(reflecting: whole)
        guard mirror.displayStyle == .enum, !(whole is any CustomReflectable) else {
            assertionFailure(
                whole is any CustomReflectable
                    ? "\(Whole.self) has a custom mirror, so its cases cannot be read by "
                        + "reflection: pass a hand-written extract: closure instead."
                    : "\(type(of: whole)) is not an enum, so it has no case to read.")
            return nil
        }
        guard let child = mirror.children.first else { return (nil, nil) }
        return (child.label, child.value)
    }
}
