/// A few locks shared by every ``EffectGroup``, picked by the group's address: a group
/// needs a lock only to register a waiter and to resume its waiters, which is rare, so it
/// borrows one instead of making a mutex of its own on every send.
enum WaiterLocks {
    // `UInt8`, not `Void`: a zero-sized value would share its address with the mutex pointer,
    // and ThreadSanitizer reports the lock's own bookkeeping as a race.
    static let stripes: [Locked<UInt8>] = (0..<16).map { _ in Locked(0) }

    /// Runs `body` holding the stripe of `object`.
    static func withLock<Result>(for object: AnyObject, _ body: () -> Result) -> Result {
        let address = UInt(bitPattern: ObjectIdentifier(object).hashValue)
        // Objects are 16-byte aligned: the low bits carry no information.
        let stripe = stripes[Int((address >> 4) % UInt(stripes.count))]
        return stripe.withLock { _ in body() }
    }
}
