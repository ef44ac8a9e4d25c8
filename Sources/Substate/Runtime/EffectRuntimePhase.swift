/// What an ``EffectRuntime`` is doing. Sends made while `processing` are queued; `closed` is
/// final.
///
/// Not nested in the runtime: a type nested in a generic class is generic itself, and an
/// unoptimised build looked its metadata up in the runtime's caches at every turn of the
/// processing loop.
@usableFromInline
enum _EffectRuntimePhase {
    case idle
    case processing
    case closed
}
