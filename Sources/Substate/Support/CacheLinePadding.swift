/// 64 bytes of nothing, declared before a field that another core writes often, so that the
/// field does not share a cache line with its object's reference count.
///
/// Swift lays out a class's stored properties in the order they are declared, after a
/// 16-byte header that holds the reference count. When an effect task on one core writes an
/// atomic next to that header while the main actor retains or releases the object on the
/// other, every retain misses the cache.
@usableFromInline
struct _CacheLinePadding: Sendable {
    private let words: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    @usableFromInline init() {}
}
