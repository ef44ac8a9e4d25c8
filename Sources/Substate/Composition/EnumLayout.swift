/// Reads an enum value's case and payload through the enum's value witnesses, the functions
/// the Swift runtime itself uses for them: the case's tag (`getEnumTag`), and the payload laid
/// bare in place (`destructiveProjectEnumData`, undone with `destructiveInjectEnumTag`). It
/// costs a few nanoseconds where a `Mirror` costs microseconds, but it cannot tell a payload's
/// type, nor whether the case is `indirect` (its payload then lies in a box elsewhere): see
/// ``_EnumCase/payload(of:case:)``, which learns both from a mirror once per case.
struct _EnumLayout {
    /// The enum's type metadata.
    private let metadata: UnsafeRawPointer
    /// Its value witness table, which has the enum witnesses.
    private let witnesses: UnsafeRawPointer

    private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    private typealias Inject =
        @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

    // The value witness table, in pointer-sized words (swift/ABI/ValueWitness.def): eight
    // functions, size, stride, flags and extra inhabitants, then the enum witnesses.
    private static let flagsWord = 10
    private static let getTagWord = 11
    private static let projectWord = 12
    private static let injectWord = 13
    /// `ValueWitnessFlags::HasEnumWitnesses`.
    private static let hasEnumWitnesses: UInt32 = 0x0020_0000
    /// `MetadataKind::Enum` and `MetadataKind::Optional`.
    private static let enumKind = 0x201
    private static let optionalKind = 0x202

    /// The layout of an enum type; `nil` for any other type, or where the witnesses' function
    /// pointers are signed (arm64e), which this does not handle.
    ///
    /// It and the witnesses' readers below read through typed pointers, whose accesses are
    /// transparent, where `load(fromByteOffset:as:)` is a generic call in unoptimised code
    /// (a read of an enum case through a lens made about ten, some 250 instructions).
    #if DEBUG
        @_transparent
    #endif
    init?(_ type: Any.Type) {
        #if _ptrauth(_arm64e)
            return nil
        #else
            let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            let kind = metadata.assumingMemoryBound(to: Int.self).pointee
            guard kind == Self.enumKind || kind == Self.optionalKind else { return nil }
            // The value witness table's address is the word before the metadata.
            let witnesses = metadata.assumingMemoryBound(to: UnsafeRawPointer.self)[-1]
            // The flags are the low half of their word (little-endian: every platform this
            // runs on).
            let flags = witnesses.assumingMemoryBound(to: UInt32.self)[
                Self.flagsWord * MemoryLayout<UnsafeRawPointer>.size
                    / MemoryLayout<UInt32>.size]
            guard flags & Self.hasEnumWitnesses != 0 else { return nil }
            self.metadata = metadata
            self.witnesses = witnesses
        #endif
    }

    /// The witness function at `word` of the table, as an untyped pointer.
    #if DEBUG
        @_transparent
    #endif
    private func witness(_ word: Int) -> UnsafeRawPointer {
        witnesses.assumingMemoryBound(to: UnsafeRawPointer.self)[word]
    }

    // Not one generic accessor: unoptimised, its cast looked the function type's metadata up
    // at every call (five per read of a payload).
    #if DEBUG
        @_transparent
    #endif
    private var getTag: GetTag { unsafeBitCast(witness(Self.getTagWord), to: GetTag.self) }
    #if DEBUG
        @_transparent
    #endif
    private var project: Project { unsafeBitCast(witness(Self.projectWord), to: Project.self) }
    #if DEBUG
        @_transparent
    #endif
    private var inject: Inject { unsafeBitCast(witness(Self.injectWord), to: Inject.self) }

    /// The tag of the value's case: payload cases first, in the order they are declared.
    func tag<Whole>(of value: Whole) -> UInt32 {
        withUnsafePointer(to: value) { pointer in getTag(UnsafeRawPointer(pointer), metadata) }
    }

    /// The tag of the case of the enum value at `value`.
    #if DEBUG
        @_transparent
    #endif
    func tag(at value: UnsafeRawPointer) -> UInt32 {
        getTag(value, metadata)
    }

    /// Takes the tag out of the enum value at `value`, leaving the payload of its case laid
    /// bare at the same address (``restore(_:tag:)`` puts it back).
    #if DEBUG
        @_transparent
    #endif
    func layBare(_ value: UnsafeMutableRawPointer) {
        project(value, metadata)
    }

    /// Makes the payload at `value`, laid bare by ``layBare(_:)``, the enum value of the case
    /// with `tag` again.
    #if DEBUG
        @_transparent
    #endif
    func restore(_ value: UnsafeMutableRawPointer, tag: UInt32) {
        inject(value, tag, metadata)
    }

    /// The declared type of the payload of the case with `tag`, and whether the case is
    /// `indirect`, from the enum's reflection metadata (its field descriptor, whose records
    /// the runtime's own mirrors index by tag); `nil` for a case without a payload, or an
    /// enum built without reflection metadata.
    func payloadCase(tag: UInt32) -> (type: Any.Type, isIndirect: Bool)? {
        let word = MemoryLayout<UnsafeRawPointer>.size
        // Enum metadata: the kind, the type descriptor, then the generic arguments.
        let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
        // A type descriptor: flags, parent, name, access function, then its fields.
        guard let fields = Self.relative(descriptor + 16) else { return nil }
        // A field descriptor: type name, superclass, kind, record size, count, then records.
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = fields.load(fromByteOffset: 12, as: UInt32.self)
        guard tag < count, recordSize >= 12 else { return nil }
        // A record: flags, type name, name.
        let record = fields + 16 + Int(tag) * recordSize
        let flags = record.load(as: UInt32.self)
        guard let name = Self.relative(record + 4) else { return nil }
        let length = Self.mangledNameLength(name)
        // The standard library's resolver of the mangled names in reflection metadata.
        guard
            let type = _getTypeByMangledNameInContext(
                name.assumingMemoryBound(to: UInt8.self), UInt(length),
                genericContext: descriptor, genericArguments: metadata + 2 * word)
        else { return nil }
        return (type, flags & Self.isIndirectCase != 0)
    }

    /// `FieldRecordFlags::IsIndirectCase`.
    private static let isIndirectCase: UInt32 = 0x1

    /// The address a 32-bit relative pointer at `field` points to; `nil` when it is null.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = field.load(as: Int32.self)
        return offset == 0 ? nil : field + Int(offset)
    }

    /// The length of a mangled type name in metadata, whose symbolic references hold bytes
    /// that may be zero: a marker from 1 to 0x17 is followed by a 4-byte relative reference,
    /// one from 0x18 to 0x1f by an 8-byte absolute one.
    private static func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
        var length = 0
        while true {
            let byte = name.load(fromByteOffset: length, as: UInt8.self)
            switch byte {
            case 0: return length
            case 0x01...0x17: length += 5
            case 0x18...0x1f: length += 9
            default: length += 1
            }
        }
    }

    /// Runs `body` with the value's payload laid bare: the bytes at the start of a copy of the
    /// value, its tag taken out. (For an `indirect` case, they are the box's address.)
    func withPayload<Whole, Result>(
        of value: Whole, _ body: (UnsafeRawPointer) -> Result
    ) -> Result {
        var copy = value
        return withUnsafeMutablePointer(to: &copy) { pointer in
            let raw = UnsafeMutableRawPointer(pointer)
            let tag = tag(at: raw)
            layBare(raw)
            // The tag goes back before the copy is destroyed as the enum it is.
            defer { restore(raw, tag: tag) }
            return body(UnsafeRawPointer(raw))
        }
    }
}
