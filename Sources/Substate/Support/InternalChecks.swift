/// Whether this build of the library checks its own invariants: a ``KeyedArray``'s ids and
/// positions after every change, the effect runtime's client and ended records, the scope
/// refresher's links.
///
/// Off unless the library is built with the `SUBSTATE_INTERNAL_CHECKS` compilation
/// condition, which `Package.swift` defines when the environment variable of the same name
/// is set (`SUBSTATE_INTERNAL_CHECKS=1 swift test`): the package's CI runs its sanitizer
/// builds with the checks on, and an app's debug build does not pay for them. Documented
/// costs do not hold with the checks on: some O(1) changes of a ``KeyedArray`` check all of
/// its positions.
@inlinable @inline(__always)
package var _isInternalCheckingEnabled: Bool {
    #if SUBSTATE_INTERNAL_CHECKS
        true
    #else
        false
    #endif
}
