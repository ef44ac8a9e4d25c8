import Foundation

/// An id as the key of the library's own tables by id: a ``KeyedArray``'s positions, a row
/// tracker's scope links. A row's action looks its id up in each of them.
///
/// A dictionary places a key by the key's `_rawHashValue(seed:)`, which for an `Int` runs
/// `Hasher` (SipHash, about 90 instructions, as much as the rest of the lookup). `Int`,
/// `Int64` and `UUID` ids, the ids of most lists, whose equality is that of their bits, are
/// placed here by MurmurHash3's finalizer over their bits and the table's seed (see
/// ``_mixBits(_:_:)``): a few multiplications. The seed is the dictionary's own, which differs
/// from table to table and from process to process (the standard library derives it from
/// where the table's storage lies), so ids cannot be chosen ahead of time to collide. Not
/// mixed with a seed of the process as well: reading a global runs its one-time
/// initialisation check, an opaque call after which the optimiser could no longer read the
/// array a row lies in without retaining its storage (four retains and releases per read).
/// Other ids are placed as the dictionary would place them. Equal ids hash alike either way,
/// so the table finds what it holds; a poor spread would only cost time. The type tests are
/// folded away where the code is specialised.
@usableFromInline
struct _IDKey<ID: Hashable>: Hashable {
    @usableFromInline let id: ID

    @inlinable
    init(_ id: ID) {
        self.id = id
    }

    @inlinable
    static func == (lhs: _IDKey, rhs: _IDKey) -> Bool {
        lhs.id == rhs.id
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    @inlinable
    func _rawHashValue(seed: Int) -> Int {
        let salt = UInt64(UInt(bitPattern: seed))
        if ID.self == Int.self {
            return _mixBits(
                UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))) ^ salt, 0)
        }
        if ID.self == UUID.self {
            let (low, high) = unsafeBitCast(id, to: (UInt64, UInt64).self)
            return _mixBits(low ^ salt, high)
        }
        if ID.self == Int64.self {
            return _mixBits(
                UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) ^ salt, 0)
        }
        return id._rawHashValue(seed: seed)
    }
}

extension _IDKey: Sendable where ID: Sendable {}

/// MurmurHash3's 64-bit finalizer over two words folded into one: what the library's tables by
/// id (``_IDKey``, ``_PositionHints``) place plain ids by. A bijection of the folded word, so
/// distinct words never collide before the table takes its bucket's bits.
@inlinable
func _mixBits(_ low: UInt64, _ high: UInt64) -> Int {
    var x = low ^ (high &* 0x9E37_79B9_7F4A_7C15)
    x ^= x >> 33
    x &*= 0xFF51_AFD7_ED55_8CCD
    x ^= x >> 33
    x &*= 0xC4CE_B9FE_1A85_EC53
    x ^= x >> 33
    return Int(truncatingIfNeeded: x)
}
