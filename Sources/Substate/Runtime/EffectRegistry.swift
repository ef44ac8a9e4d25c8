/// The effect records a store is running. `Sendable`, so that a store's `deinit`, which may
/// run on any thread, can cancel them.
@usableFromInline
final class EffectRegistry: Sendable {
    private let records = Locked<(all: [ObjectIdentifier: EffectRecord], isClosed: Bool)>(
        ([:], false)
    )

    /// Registers a started effect. Returns `false` (and cancels it) once the registry is closed.
    @usableFromInline
    func insert(_ record: EffectRecord) -> Bool {
        let inserted = records.withLock { records in
            guard !records.isClosed else { return false }
            records.all[ObjectIdentifier(record)] = record
            return true
        }
        if !inserted { record.cancel() }
        return inserted
    }

    @usableFromInline
    func remove(_ record: EffectRecord) {
        _ = records.withLock { $0.all.removeValue(forKey: ObjectIdentifier(record)) }
    }

    var count: Int { records.withLock { $0.all.count } }

    /// Cancels every running effect. Each stays registered until its task has ended.
    func cancelAll() {
        for record in records.withLock({ Array($0.all.values) }) {
            record.cancel()
        }
    }

    /// Cancels every running effect, refuses new ones, and closes their groups so that
    /// nobody waits for work whose end will never be reported.
    func close() {
        let all = records.withLock { records in
            records.isClosed = true
            defer { records.all = [:] }
            return Array(records.all.values)
        }
        for record in all {
            record.cancel()
            record.group?.close()
        }
    }
}
