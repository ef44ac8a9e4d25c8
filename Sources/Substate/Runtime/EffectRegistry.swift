import Synchronization

/// The effects of one store: what runs, under which cancellation ids, and the state of its
/// throttles. Ids are scoped to it, so two stores never cancel each other's effects.
/// `Sendable`, so that a store's `deinit` (on any thread) and effect tasks can use it.
@usableFromInline
package final class EffectRegistry: Sendable {
    /// The effects under one id: usually one (take-latest), so the first is kept inline and
    /// a table is allocated only for the others.
    struct Members {
        var first: EffectHandle?
        var others: [ObjectIdentifier: EffectHandle] = [:]

        init(_ handle: EffectHandle) {
            first = handle
        }

        var isEmpty: Bool { first == nil }

        /// Calls `body` with every member, the first one first (no array for the usual one).
        func forEach(_ body: (EffectHandle) -> Void) {
            guard let first else { return }
            body(first)
            for other in others.values { body(other) }
        }

        mutating func insert(_ handle: EffectHandle) {
            if first == nil {
                first = handle
            } else if first !== handle {
                others[ObjectIdentifier(handle)] = handle
            }
        }

        mutating func remove(_ handle: EffectHandle) {
            if first === handle {
                first = others.popFirst()?.value
            } else {
                others[ObjectIdentifier(handle)] = nil
            }
        }
    }

    struct State {
        /// The running effects: a list linked through their handles (see ``EffectHandle``),
        /// newest first.
        var newest: EffectHandle?
        var count = 0
        /// The registry's identity, which a handle it lists holds (see ``lists(_:)``).
        var owner: ObjectIdentifier?
        var byID: [EffectID: Members] = [:]
        var gates: [EffectID: AnyObject] = [:]
        var isClosed = false
        /// The number of running effects with lifetimes.
        var withLifetimes = 0
    }

    let state = Locked(State())
    /// `state.withLifetimes`, readable without the lock: the store asks it after every action.
    @usableFromInline let _lifetimeCount = Atomic<Int>(0)
    /// Effects that ended without taking the lock (see ``ended(_:)``): a lock-free stack,
    /// linked through the running effects and holding a reference to each.
    /// Holds the top running effect's address as an integer (0 for none): `Atomic` of a pointer is
    /// not `Sendable`. Written by effect tasks on other cores: kept off the line that holds
    /// the registry's reference count, which the main actor changes on every effect.
    private let padding = _CacheLinePadding()
    let endedRecords = Atomic<Int>(0)
    /// `state.isClosed`, readable without the lock: a running effect that ends after ``close()``
    /// drained the stack must not stay on it (it holds the registry: a cycle that would keep
    /// the effect's captures, such as the environment, alive forever).
    let closedFlag = Atomic<Bool>(false)

    package init() {
        state._value.owner = ObjectIdentifier(self)
    }

    deinit {
        forgetEnded(&state._value)
        state._value.unlinkAll()
    }

    /// Notes that a running effect's task ended, without waiting for the lock that the main actor
    /// holds on every send: a cancelled effect's task calls it. The registry forgets the running
    /// effect the next time it takes its lock. Lock-free; each running effect is pushed at most
    /// once.
    @usableFromInline
    package func ended(_ running: RunningEffect) {
        #if SUBSTATE_INTERNAL_CHECKS
            precondition(
                !running.wasPushedOnEnded.exchange(true, ordering: .relaxed),
                "Substate: a running effect was pushed twice on its registry's ended stack")
        #endif
        let pointer = Int(bitPattern: Unmanaged.passRetained(running).toOpaque())
        var head = endedRecords.load(ordering: .relaxed)
        while true {
            running.nextEnded = UnsafeMutableRawPointer(bitPattern: head)
            let (exchanged, current) = endedRecords.compareExchange(
                expected: head, desired: pointer, ordering: .sequentiallyConsistent)
            if exchanged { break }
            head = current
        }
        // After `close()` nobody else drains the stack. Both sides are sequentially
        // consistent: either `close()` drains after this push, or this load sees its flag.
        // The running effects it releases cannot take the registry's last reference with them: the
        // caller is a running effect that still holds the registry.
        if closedFlag.load(ordering: .sequentiallyConsistent) {
            state.withLock { forgetEnded(&$0) }
        }
    }

    /// Forgets the running effects pushed by ``ended(_:)``. Called with the lock held.
    func forgetEnded(_ state: inout State) {
        var next = UnsafeMutableRawPointer(
            bitPattern: endedRecords.exchange(0, ordering: .sequentiallyConsistent))
        while let pointer = next {
            let running = Unmanaged<RunningEffect>.fromOpaque(pointer).takeRetainedValue()
            next = running.nextEnded
            running.nextEnded = nil
            if state.lists(running) { unregister(running, in: &state) }
        }
    }

    /// Registers a started effect under ids and lifetimes. Returns `false` (and
    /// cancels it) once the registry is closed.
    @usableFromInline
    package func insert(_ handle: EffectHandle, marks: EffectMarks = EffectMarks()) -> Bool {
        let inserted = state.withLock { state in
            guard !state.isClosed else { return false }
            forgetEnded(&state)
            if state.lists(handle) { unregister(handle, in: &state) }
            state.link(handle)
            handle._ids = marks.ids
            handle._lifetimes = marks.lifetimes
            for id in marks.ids { Self.join(handle, to: id, in: &state) }
            if !marks.lifetimes.isEmpty { countLifetimes(&state, by: 1) }
            return true
        }
        if !inserted { handle.cancel() }
        return inserted
    }

    /// Adds a lifetime to a running effect (a child's effect met inside a task).
    @usableFromInline
    package func add(lifetime: EffectLifetime, to handle: EffectHandle) {
        state.withLock { state in
            guard state.lists(handle) else { return }
            if handle._lifetimes.isEmpty { countLifetimes(&state, by: 1) }
            handle._lifetimes.append(lifetime)
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
        let handles = self.state.withLock { registry -> [EffectHandle] in
            var dead: [EffectHandle] = []
            registry.forEach { handle in
                if !handle._lifetimes.isEmpty, handle._lifetimes.contains(where: isOver) {
                    dead.append(handle)
                }
            }
            for handle in dead { registry.detach(handle) }
            _lifetimeCount.store(registry.withLifetimes, ordering: .relaxed)
            return dead
        }
        for handle in handles { handle.cancel() }
    }

    /// Adds an effect to the members of an id, under the lock. Not `byID[id, default:
    /// Members(key)]`: its default, an autoclosure that captures the key, was two
    /// allocations per effect started under an id.
    private static func join(_ handle: EffectHandle, to id: EffectID, in state: inout State) {
        if let index = state.byID.index(forKey: id) {
            state.byID.values[index].insert(handle)
        } else {
            state.byID[id] = Members(handle)
        }
    }

    /// Adds ids to a running effect (a `cancellable` met inside its task).
    @usableFromInline
    package func add(ids: [EffectID], to handle: EffectHandle) {
        state.withLock { state in
            guard state.lists(handle) else { return }
            handle._ids.append(contentsOf: ids)
            for id in ids { Self.join(handle, to: id, in: &state) }
        }
    }

    /// Forgets an effect that has ended.
    @usableFromInline
    package func remove(_ handle: EffectHandle) {
        state.withLock { state in
            guard state.lists(handle) else { return }
            unregister(handle, in: &state)
        }
    }

    /// Takes a registered effect off the list, its ids and the count of lifetimes. Called
    /// with the lock held.
    private func unregister(_ handle: EffectHandle, in state: inout State) {
        let hadLifetimes = !handle._lifetimes.isEmpty
        state.unlink(handle)
        state.detach(handle)
        if hadLifetimes { _lifetimeCount.store(state.withLifetimes, ordering: .relaxed) }
    }

    /// The number of effects running.
    package var count: Int {
        state.withLock { state in
            forgetEnded(&state)
            return state.count
        }
    }

    /// Whether an effect is still running: registered, and its task not ended.
    package func isRunning(_ handle: EffectHandle) -> Bool {
        state.withLock { state in
            forgetEnded(&state)
            return state.lists(handle)
        }
    }

    /// Cancels the effects registered under `id` (what cancel-in-flight does on every send,
    /// so it allocates nothing when a single effect holds the id). They stay counted until
    /// they end, but answer to no id and have no lifetime to check any more.
    @usableFromInline
    package func cancel(id: EffectID) {
        let (first, others) = state.withLock { state -> (EffectHandle?, [EffectHandle]) in
            guard let members = state.byID.removeValue(forKey: id) else { return (nil, []) }
            var first: EffectHandle?
            var others: [EffectHandle] = []
            members.forEach { handle in
                guard state.lists(handle) else { return }
                state.detach(handle, except: id)
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
    package func cancel(where shouldCancel: (EffectHandle) -> Bool) {
        let handles = state.withLock { $0.handles }
        for handle in handles where shouldCancel(handle) { handle.cancel() }
    }

    /// Cancels every running effect. Each stays counted until it has ended.
    @usableFromInline
    package func cancelAll() {
        let handles = state.withLock { state in
            state.byID = [:]
            state.forEach { handle in
                handle._ids = EffectIDList()
                handle._lifetimes = []
            }
            countLifetimes(&state, by: -state.withLifetimes)
            return state.handles
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
                state.unlinkAll()
                state.byID = [:]
                state.gates = [:]
                countLifetimes(&state, by: -state.withLifetimes)
            }
            return state.handles
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
    /// Whether the handle is in this registry's list of running effects (not in another's:
    /// a handle handed to the wrong registry is not running for it).
    func lists(_ handle: EffectHandle) -> Bool {
        handle._owner != nil && handle._owner == owner
    }

    /// Puts a handle at the head of the list of running effects.
    mutating func link(_ handle: EffectHandle) {
        precondition(
            handle._owner == nil, "Substate: an effect was registered with two registries.")
        handle._owner = owner
        handle._previous = nil
        handle._next = newest
        newest?._previous = handle
        newest = handle
        count += 1
    }

    /// Takes a handle off the list of running effects.
    mutating func unlink(_ handle: EffectHandle) {
        guard lists(handle) else { return }
        if let previous = handle._previous {
            previous._next = handle._next
        } else {
            newest = handle._next
        }
        handle._next?._previous = handle._previous
        handle._next = nil
        handle._previous = nil
        handle._owner = nil
        count -= 1
    }

    /// Empties the list, marking each handle as no longer listed: handles outlive the list
    /// (their tasks hold them), and a later ``EffectRegistry/remove(_:)`` or
    /// ``EffectRegistry/isRunning(_:)`` of one must find it gone.
    mutating func unlinkAll() {
        while let handle = newest {
            newest = handle._next
            handle._next = nil
            handle._previous = nil
            handle._owner = nil
            handle._ids = EffectIDList()
            handle._lifetimes = []
        }
        count = 0
    }

    /// Calls `body` with every running effect, newest first.
    func forEach(_ body: (EffectHandle) -> Void) {
        var next = newest
        while let handle = next {
            next = handle._next
            body(handle)
        }
    }

    /// The running effects, newest first.
    var handles: [EffectHandle] {
        var handles: [EffectHandle] = []
        handles.reserveCapacity(count)
        forEach { handles.append($0) }
        return handles
    }

    /// Takes a running effect off every id it answers to, and off the lifetimes checked
    /// after each action. It stays counted until it ends. `forgotten`, an id already removed
    /// from `byID`, is skipped when it is the only one (the usual cancel-in-flight: no lookup
    /// at all). The caller publishes `withLifetimes`.
    ///
    /// A cancelled effect's later actions are dropped, so its lifetimes decide nothing; kept
    /// until its task ended, they made every action check the lens of every effect cancelled
    /// and not yet ended (thousands, when a child restarts an effect on each keystroke).
    mutating func detach(_ handle: EffectHandle, except forgotten: EffectID? = nil) {
        let ids = handle._ids
        if ids.only == nil || ids.only != forgotten { forget(handle, ids: ids) }
        handle._ids = EffectIDList()
        if !handle._lifetimes.isEmpty {
            handle._lifetimes = []
            withLifetimes -= 1
        }
    }

    /// Takes the handle off the members of each of `ids` (it stays listed).
    mutating func forget(_ handle: EffectHandle, ids: EffectIDList) {
        for id in ids {
            byID[id]?.remove(handle)
            if byID[id]?.isEmpty == true { byID[id] = nil }
        }
    }
}

/// Where an effect runs: its store's registry, the handle of the task running it, and the place
/// of the program whose ids it meets (see ``EffectPlace``).
@usableFromInline
package struct EffectContext: Sendable {
    @usableFromInline package let registry: EffectRegistry
    @usableFromInline package let handle: EffectHandle
    @usableFromInline let _place: EffectPlace

    @usableFromInline
    package init(registry: EffectRegistry, handle: EffectHandle) {
        self.init(registry: registry, handle: handle, place: ._root)
    }

    @usableFromInline
    init(registry: EffectRegistry, handle: EffectHandle, place: EffectPlace) {
        self.registry = registry
        self.handle = handle
        self._place = place
    }

    /// The same context, for the effects of a child at `key` inside this context's place.
    func entering(_ key: _PendingEffectID) -> EffectContext {
        EffectContext(registry: registry, handle: handle, place: _place.entering(key))
    }
}
