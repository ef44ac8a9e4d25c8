import Synchronization

/// Something running that a registry can cancel: a store's effect task, or a test store's.
@usableFromInline
package protocol EffectHandle: AnyObject, Sendable {
    /// Cancels the effect; its later actions are dropped.
    func cancel()
    /// The registry closed for good (the store was torn down): release whoever waits for it.
    func registryDidClose()
}

extension EffectHandle {
    @usableFromInline
    package func registryDidClose() {}
}

/// The effects of one store: what runs, under which cancellation ids, and the state of its
/// throttles. Ids are scoped to it, so two stores never cancel each other's effects.
/// `Sendable`, so that a store's `deinit` (on any thread) and effect tasks can use it.
@usableFromInline
package final class EffectRegistry: Sendable {
    struct Entry {
        var handle: any EffectHandle
        var ids: EffectIDList
        /// The lifetimes of the children that started the effect: it may go on while they
        /// are alive. Empty for most effects.
        var lifetimes: [EffectLifetime] = []
    }

    /// The effects under one id: usually one (take-latest), so the first is kept inline and
    /// a set is allocated only for the others.
    struct Members {
        var first: ObjectIdentifier?
        var others: Set<ObjectIdentifier> = []

        init(_ key: ObjectIdentifier) {
            first = key
        }

        var isEmpty: Bool { first == nil }

        /// Calls `body` with every member, the first one first (no array for the usual one).
        func forEach(_ body: (ObjectIdentifier) -> Void) {
            guard let first else { return }
            body(first)
            for other in others { body(other) }
        }

        mutating func insert(_ key: ObjectIdentifier) {
            if first == nil {
                first = key
            } else if first != key {
                others.insert(key)
            }
        }

        mutating func remove(_ key: ObjectIdentifier) {
            if first == key {
                first = others.popFirst()
            } else {
                others.remove(key)
            }
        }
    }

    struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var byID: [EffectID: Members] = [:]
        var gates: [EffectID: AnyObject] = [:]
        var isClosed = false
        /// The number of entries with lifetimes.
        var withLifetimes = 0
    }

    let state = Locked(State())
    /// `state.withLifetimes`, readable without the lock: the store asks it after every action.
    @usableFromInline let _lifetimeCount = Atomic<Int>(0)
    /// Effects that ended without taking the lock (see ``ended(_:)``): a lock-free stack,
    /// linked through the records and holding a reference to each.
    /// Holds the top record's address as an integer (0 for none): `Atomic` of a pointer is
    /// not `Sendable`. Written by effect tasks on other cores: kept off the line that holds
    /// the registry's reference count, which the main actor changes on every effect.
    private let padding = _CacheLinePadding()
    let endedRecords = Atomic<Int>(0)
    /// `state.isClosed`, readable without the lock: a record that ends after ``close()``
    /// drained the stack must not stay on it (it holds the registry: a cycle that would keep
    /// the effect's captures, such as the environment, alive forever).
    let closedFlag = Atomic<Bool>(false)

    package init() {}

    deinit {
        forgetEnded(&state._value)
    }

    /// Notes that a record's task ended, without waiting for the lock that the main actor
    /// holds on every send: a cancelled effect's task calls it. The registry forgets the record
    /// the next time it takes its lock. Lock-free; each record is pushed at most once.
    @usableFromInline
    package func ended(_ record: EffectRecord) {
        #if DEBUG
            precondition(
                !record.wasPushedOnEnded.exchange(true, ordering: .relaxed),
                "Substate: an effect record was pushed twice on its registry's ended stack")
        #endif
        let pointer = Int(bitPattern: Unmanaged.passRetained(record).toOpaque())
        var head = endedRecords.load(ordering: .relaxed)
        while true {
            record.nextEnded = UnsafeMutableRawPointer(bitPattern: head)
            let (exchanged, current) = endedRecords.compareExchange(
                expected: head, desired: pointer, ordering: .sequentiallyConsistent)
            if exchanged { break }
            head = current
        }
        // After `close()` nobody else drains the stack. Both sides are sequentially
        // consistent: either `close()` drains after this push, or this load sees its flag.
        // The records it releases cannot take the registry's last reference with them: the
        // caller is a record that still holds the registry.
        if closedFlag.load(ordering: .sequentiallyConsistent) {
            state.withLock { forgetEnded(&$0) }
        }
    }

    /// Forgets the records pushed by ``ended(_:)``. Called with the lock held.
    func forgetEnded(_ state: inout State) {
        var next = UnsafeMutableRawPointer(
            bitPattern: endedRecords.exchange(0, ordering: .sequentiallyConsistent))
        while let pointer = next {
            let record = Unmanaged<EffectRecord>.fromOpaque(pointer).takeRetainedValue()
            next = record.nextEnded
            record.nextEnded = nil
            let key = ObjectIdentifier(record)
            if let entry = state.entries.removeValue(forKey: key) {
                state.forget(key, ids: entry.ids)
                if !entry.lifetimes.isEmpty { countLifetimes(&state, by: -1) }
            }
        }
    }

    /// Registers a started effect under ids and lifetimes. Returns `false` (and
    /// cancels it) once the registry is closed.
    @usableFromInline
    package func insert(_ handle: any EffectHandle, tags: EffectTags = EffectTags()) -> Bool {
        let inserted = state.withLock { state in
            guard !state.isClosed else { return false }
            forgetEnded(&state)
            let key = ObjectIdentifier(handle)
            state.entries[key] = Entry(handle: handle, ids: tags.ids, lifetimes: tags.lifetimes)
            for id in tags.ids { Self.join(key, to: id, in: &state) }
            if !tags.lifetimes.isEmpty { countLifetimes(&state, by: 1) }
            return true
        }
        if !inserted { handle.cancel() }
        return inserted
    }

    /// Adds a lifetime to a running effect (a child's effect met inside a task).
    @usableFromInline
    package func add(lifetime: EffectLifetime, to handle: any EffectHandle) {
        state.withLock { state in
            let key = ObjectIdentifier(handle)
            guard let index = state.entries.index(forKey: key) else { return }
            if state.entries.values[index].lifetimes.isEmpty { countLifetimes(&state, by: 1) }
            state.entries.values[index].lifetimes.append(lifetime)
        }
    }

    /// Counts entries with lifetimes, under the lock.
    private func countLifetimes(_ state: inout State, by change: Int) {
        state.withLifetimes += change
        _lifetimeCount.store(state.withLifetimes, ordering: .relaxed)
    }

    /// Whether some running effect has a lifetime: when not, the store skips
    /// ``cancelDead(in:)`` after an action at the cost of one atomic load.
    @inlinable
    package var hasLifetimes: Bool { _lifetimeCount.load(ordering: .relaxed) > 0 }

    /// Cancels the effects with a lifetime that is over in `state`: the effects of children
    /// that are no longer alive in it. Each cancelled effect forgets its ids and its
    /// lifetimes at once. O(effects with lifetimes × depth of their lenses).
    ///
    /// Inlined, so that each lifetime is asked for the store's own type of state: asked from
    /// unspecialised code, its check (a closure of `UnsafePointer<State>`) was cast through
    /// function type metadata made at run time, for every running child effect after every
    /// action.
    @inlinable
    package func cancelDead<State>(in state: UnsafePointer<State>) {
        _cancel { !$0.isAlive(in: state) }
    }

    /// Cancels the effects with a lifetime that `isOver`.
    @usableFromInline
    func _cancel(whereLifetime isOver: (EffectLifetime) -> Bool) {
        let handles = self.state.withLock { registry -> [any EffectHandle] in
            var dead: [ObjectIdentifier] = []
            for (key, entry) in registry.entries where !entry.lifetimes.isEmpty {
                if entry.lifetimes.contains(where: isOver) { dead.append(key) }
            }
            var handles: [any EffectHandle] = []
            for key in dead {
                guard let handle = registry.detach(key) else { continue }
                handles.append(handle)
            }
            _lifetimeCount.store(registry.withLifetimes, ordering: .relaxed)
            return handles
        }
        for handle in handles { handle.cancel() }
    }

    /// Adds an effect to the members of an id, under the lock. Not `byID[id, default:
    /// Members(key)]`: its default, an autoclosure that captures the key, was two
    /// allocations per effect started under an id.
    private static func join(_ key: ObjectIdentifier, to id: EffectID, in state: inout State) {
        if let index = state.byID.index(forKey: id) {
            state.byID.values[index].insert(key)
        } else {
            state.byID[id] = Members(key)
        }
    }

    /// Adds ids to a running effect (a `cancellable` met inside its task).
    @usableFromInline
    package func add(ids: [EffectID], to handle: any EffectHandle) {
        state.withLock { state in
            let key = ObjectIdentifier(handle)
            guard state.entries[key] != nil else { return }
            state.entries[key]?.ids.append(contentsOf: ids)
            for id in ids { Self.join(key, to: id, in: &state) }
        }
    }

    /// Forgets an effect that has ended.
    @usableFromInline
    package func remove(_ handle: any EffectHandle) {
        state.withLock { state in
            let key = ObjectIdentifier(handle)
            guard let entry = state.entries.removeValue(forKey: key) else { return }
            state.forget(key, ids: entry.ids)
            if !entry.lifetimes.isEmpty { countLifetimes(&state, by: -1) }
        }
    }

    /// The number of effects running.
    package var count: Int {
        state.withLock { state in
            forgetEnded(&state)
            return state.entries.count
        }
    }

    /// Whether an effect is still running: registered, and its task not ended.
    package func isRunning(_ handle: any EffectHandle) -> Bool {
        state.withLock { state in
            forgetEnded(&state)
            return state.entries[ObjectIdentifier(handle)] != nil
        }
    }

    /// Cancels the effects registered under `id` (what cancel-in-flight does on every send,
    /// so it allocates nothing when a single effect holds the id). They stay counted until
    /// they end, but answer to no id and have no lifetime to check any more.
    @usableFromInline
    package func cancel(id: EffectID) {
        let (first, others) = state.withLock { state -> ((any EffectHandle)?, [any EffectHandle]) in
            guard let members = state.byID.removeValue(forKey: id) else { return (nil, []) }
            var first: (any EffectHandle)?
            var others: [any EffectHandle] = []
            members.forEach { key in
                guard let handle = state.detach(key, except: id) else { return }
                if first == nil { first = handle } else { others.append(handle) }
            }
            _lifetimeCount.store(state.withLifetimes, ordering: .relaxed)
            return (first, others)
        }
        first?.cancel()
        for handle in others { handle.cancel() }
    }

    /// Cancels the effects registered under any of `ids`. They stay counted until they end,
    /// but no longer answer to their ids, so a new effect can take them at once.
    @usableFromInline
    package func cancel(ids: [EffectID]) {
        for id in ids { cancel(id: id) }
    }

    /// Cancels the running effects that satisfy a predicate.
    @usableFromInline
    package func cancel(where shouldCancel: (any EffectHandle) -> Bool) {
        let handles = state.withLock { $0.entries.values.map(\.handle) }
        for handle in handles where shouldCancel(handle) { handle.cancel() }
    }

    /// Cancels every running effect. Each stays counted until it has ended.
    @usableFromInline
    package func cancelAll() {
        let handles = state.withLock { state in
            state.byID = [:]
            for index in state.entries.indices {
                state.entries.values[index].ids = EffectIDList()
                state.entries.values[index].lifetimes = []
            }
            countLifetimes(&state, by: -state.withLifetimes)
            return state.entries.values.map(\.handle)
        }
        for handle in handles { handle.cancel() }
    }

    /// Cancels everything, refuses new effects, and tells each effect the registry closed.
    package func close() {
        let handles = state.withLock { state in
            state.isClosed = true
            closedFlag.store(true, ordering: .sequentiallyConsistent)
            forgetEnded(&state)
            defer {
                state.entries = [:]
                state.byID = [:]
                state.gates = [:]
                countLifetimes(&state, by: -state.withLifetimes)
            }
            return state.entries.values.map(\.handle)
        }
        for handle in handles {
            handle.cancel()
            handle.registryDidClose()
        }
    }

    /// The registry's gate (for example a throttle's state) for an id, made on first use.
    package func gate<Gate: AnyObject>(for id: EffectID, make: () -> Gate) -> Gate {
        state.withLock { state in
            if let gate = state.gates[id] as? Gate { return gate }
            let gate = make()
            state.gates[id] = gate
            return gate
        }
    }
}

extension EffectRegistry.State {
    /// Takes a running effect off every id it answers to, and off the lifetimes checked
    /// after each action, and returns its handle. It stays counted until it ends. `forgotten`,
    /// an id already removed from `byID`, is skipped when it is the only one (the usual
    /// cancel-in-flight: no lookup at all). The caller publishes `withLifetimes`.
    ///
    /// A cancelled effect's later actions are dropped, so its lifetimes decide nothing; kept
    /// until its task ended, they made every action check the lens of every effect cancelled
    /// and not yet ended (thousands, when a child restarts an effect on each keystroke).
    mutating func detach(
        _ key: ObjectIdentifier, except forgotten: EffectID? = nil
    ) -> (any EffectHandle)? {
        guard let index = entries.index(forKey: key) else { return nil }
        let ids = entries.values[index].ids
        if ids.only == nil || ids.only != forgotten { forget(key, ids: ids) }
        entries.values[index].ids = EffectIDList()
        if !entries.values[index].lifetimes.isEmpty {
            entries.values[index].lifetimes = []
            withLifetimes -= 1
        }
        return entries.values[index].handle
    }

    mutating func forget(_ key: ObjectIdentifier, ids: EffectIDList) {
        for id in ids {
            byID[id]?.remove(key)
            if byID[id]?.isEmpty == true { byID[id] = nil }
        }
    }
}

/// Where an effect runs: its store's registry, the handle of the task running it, and the place
/// of the program whose ids it meets (see ``EffectPlace``).
@usableFromInline
package struct EffectContext: Sendable {
    @usableFromInline package let registry: EffectRegistry
    @usableFromInline package let handle: any EffectHandle
    @usableFromInline let _place: EffectPlace

    @usableFromInline
    package init(registry: EffectRegistry, handle: any EffectHandle) {
        self.init(registry: registry, handle: handle, place: ._root)
    }

    @usableFromInline
    init(registry: EffectRegistry, handle: any EffectHandle, place: EffectPlace) {
        self.registry = registry
        self.handle = handle
        self._place = place
    }

    /// The same context, for the effects of a child at `key` inside this context's place.
    func entering(_ key: _PendingEffectID) -> EffectContext {
        EffectContext(registry: registry, handle: handle, place: _place.entering(key))
    }
}
