/// Reads an enum value's case and payload through the enum's value witnesses, the functions
/// the Swift runtime itself uses for them: the case's case index (`getEnumTag`), and the payload
/// laid bare in place (`destructiveProjectEnumData`, undone with `destructiveInjectEnumTag`); and
/// each case's declared payload type from the enum's reflection metadata. It costs a few
/// nanoseconds where a `Mirror` costs microseconds. See ``_EnumCase``, which uses it.
///
/// Every offset is counted in the platform's pointer width, or in the 32-bit relative
/// pointers that metadata uses on every platform, so it reads 32-bit platforms (arm64_32
/// watches) as it reads 64-bit ones.
struct _EnumLayout {
    /// The enum's type metadata.
    private let metadata: UnsafeRawPointer
    /// Its value witness table, which has the enum witnesses.
    private let witnesses: UnsafeRawPointer

    private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    private typealias Inject =
        @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

    private static let word = MemoryLayout<UnsafeRawPointer>.size
    // The value witness table (swift/ABI/ValueWitness.def): eight functions, then size and
    // stride (a word each), then flags and the count of extra inhabitants (32 bits each),
    // then the enum witnesses, a word each.
    private static let flagsOffset = 10 * word
    private static let getTagOffset = flagsOffset + 8
    private static let projectOffset = getTagOffset + word
    private static let injectOffset = projectOffset + word
    /// `ValueWitnessFlags::HasEnumWitnesses`.
    private static let hasEnumWitnesses: UInt32 = 0x0020_0000
    /// `MetadataKind::Enum`, `MetadataKind::Optional` and `MetadataKind::Tuple`.
    private static let enumKind = 0x201
    private static let optionalKind = 0x202
    private static let tupleKind = 0x301

    /// The layout of an enum type; `nil` for any other type, or where the witnesses' function
    /// pointers are signed (arm64e), which this does not handle.
    init?(_ type: Any.Type) {
        #if _ptrauth(_arm64e)
            return nil
        #else
            let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            let kind = metadata.assumingMemoryBound(to: Int.self).pointee
            guard kind == Self.enumKind || kind == Self.optionalKind else { return nil }
            // The value witness table's address is the word before the metadata.
            let witnesses = metadata.assumingMemoryBound(to: UnsafeRawPointer.self)[-1]
            let flags = (witnesses + Self.flagsOffset).assumingMemoryBound(to: UInt32.self)
                .pointee
            guard flags & Self.hasEnumWitnesses != 0 else { return nil }
            self.metadata = metadata
            self.witnesses = witnesses
        #endif
    }

    /// The witness function at `offset` bytes into the table, as an untyped pointer.
    private func witness(_ offset: Int) -> UnsafeRawPointer {
        (witnesses + offset).assumingMemoryBound(to: UnsafeRawPointer.self).pointee
    }

    private var getTag: GetTag { unsafeBitCast(witness(Self.getTagOffset), to: GetTag.self) }
    private var project: Project {
        unsafeBitCast(witness(Self.projectOffset), to: Project.self)
    }
    private var inject: Inject { unsafeBitCast(witness(Self.injectOffset), to: Inject.self) }

    /// The case index of the value's case: payload cases first, in the order they are declared.
    func caseIndex<Whole>(of value: Whole) -> UInt32 {
        withUnsafePointer(to: value) { pointer in getTag(UnsafeRawPointer(pointer), metadata) }
    }

    /// The case index of the case of the enum value at `value`.
    func caseIndex(at value: UnsafeRawPointer) -> UInt32 {
        getTag(value, metadata)
    }

    /// Takes the case index out of the enum value at `value`, leaving the payload of its case laid
    /// bare at the same address (``restore(_:caseIndex:)`` puts it back).
    func layBare(_ value: UnsafeMutableRawPointer) {
        project(value, metadata)
    }

    /// Makes the payload at `value`, laid bare by ``layBare(_:)``, the enum value of the case
    /// with `case index` again.
    func restore(_ value: UnsafeMutableRawPointer, caseIndex: UInt32) {
        inject(value, caseIndex, metadata)
    }

    /// What the reflection metadata says of one case.
    enum Case {
        /// The case has no payload.
        case empty
        /// The case's payload, of the declared type; an `indirect` case keeps it in a box.
        case payload(Any.Type, isIndirect: Bool)
        /// The enum has no reflection metadata: it was built with
        /// `-disable-reflection-metadata` (Xcode's "Reflection Metadata Level: None").
        case unknown
    }

    /// The declared payload of the case with `case index`, from the enum's field descriptor, whose
    /// records the runtime's own mirrors index by case index.
    func payloadCase(caseIndex: UInt32) -> Case {
        // Enum metadata: the kind, the type descriptor, then the generic arguments.
        let descriptor = (metadata + Self.word).assumingMemoryBound(to: UnsafeRawPointer.self)
            .pointee
        // A type descriptor: flags, parent, name, access function, then its fields, each a
        // 32-bit field.
        guard let fields = Self.relative(descriptor + 16) else { return .unknown }
        // A field descriptor: type name, superclass (32 bits each), kind, record size (16 bits
        // each), count (32 bits), then the records.
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = fields.load(fromByteOffset: 12, as: UInt32.self)
        guard caseIndex < count, recordSize >= 12 else { return .unknown }
        // A record: flags, type name, name (32 bits each).
        let record = fields + 16 + Int(caseIndex) * recordSize
        let flags = record.load(as: UInt32.self)
        guard let name = Self.relative(record + 4) else { return .empty }
        let length = Self.mangledNameLength(name)
        // The standard library's resolver of the mangled names in reflection metadata.
        guard
            let type = _getTypeByMangledNameInContext(
                name.assumingMemoryBound(to: UInt8.self), UInt(length),
                genericContext: descriptor, genericArguments: metadata + 2 * Self.word)
        else { return .unknown }
        return .payload(type, isIndirect: flags & Self.isIndirectCase != 0)
    }

    /// `FieldRecordFlags::IsIndirectCase`.
    private static let isIndirectCase: UInt32 = 0x1

    /// The address a 32-bit relative pointer at `field` points to; `nil` when it is null.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = field.load(as: Int32.self)
        return offset == 0 ? nil : field + Int(offset)
    }

    /// The length of a mangled type name in metadata, whose symbolic references hold bytes
    /// that may be zero: a marker from 1 to 0x17 is followed by a 32-bit relative reference,
    /// one from 0x18 to 0x1f by an absolute pointer.
    private static func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
        var length = 0
        while true {
            let byte = name.load(fromByteOffset: length, as: UInt8.self)
            switch byte {
            case 0: return length
            case 0x01...0x17: length += 1 + 4
            case 0x18...0x1f: length += 1 + word
            default: length += 1
            }
        }
    }

    /// Whether a payload declared of type `declared` is laid out as a value of type `part`:
    /// the same type, or tuples of the same element types whatever their labels (the payload
    /// `(from: Int, to: Int)` read as `(Int, Int)`), or a payload of one labelled value,
    /// which Swift declares as a tuple of one element (`case delete(id: Int)` has the payload
    /// `(id: Int)`), read as that element.
    static func isLaidOut(_ declared: Any.Type, as part: Any.Type) -> Bool {
        if declared == part { return true }
        guard let count = tupleCount(declared) else { return false }
        if count == 1 { return tupleElement(declared, 0) == part }
        guard tupleCount(part) == count else { return false }
        for index in 0..<count where tupleElement(declared, index) != tupleElement(part, index) {
            return false
        }
        return true
    }

    /// The number of elements of a tuple type; `nil` for another type.
    static func tupleCount(_ type: Any.Type) -> Int? {
        // Tuple metadata: the kind, the number of elements, the labels, then the elements.
        let metadata = unsafeBitCast(type, to: UnsafePointer<Int>.self)
        return metadata[0] == tupleKind ? metadata[1] : nil
    }

    /// The type of a tuple's element: each element is its type and its offset, a word each.
    static func tupleElement(_ tuple: Any.Type, _ index: Int) -> Any.Type {
        let metadata = unsafeBitCast(tuple, to: UnsafePointer<UnsafeRawPointer>.self)
        return unsafeBitCast(metadata[3 + 2 * index], to: Any.Type.self)
    }

    /// Runs `body` with the value's payload laid bare: the bytes at the start of a copy of the
    /// value, its case index taken out. (For an `indirect` case, they are the box's address.)
    func withPayload<Whole, Result>(
        of value: Whole, _ body: (UnsafeRawPointer) -> Result
    ) -> Result {
        var copy = value
        return withUnsafeMutablePointer(to: &copy) { pointer in
            let raw = UnsafeMutableRawPointer(pointer)
            let caseIndex = caseIndex(at: raw)
            layBare(raw)
            // The case index goes back before the copy is destroyed as the enum it is.
            defer { restore(raw, caseIndex: caseIndex) }
            return body(UnsafeRawPointer(raw))
        }
    }
}
