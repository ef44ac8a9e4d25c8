import Dispatch
import Substate
import Synchronization
import Testing

/// The registry's lock-free stack of ended effects, and the checks that guard the runtime's
/// type erasure and counts. (The tests lock with `Locked`, not `Mutex`: ThreadSanitizer does
/// not see `Mutex` on Linux.)
@Suite struct EffectRegistryTests {
    /// Weak references to records, to see that the registry lets go of each.
    final class Watched: @unchecked Sendable {
        private let lock = Locked<[Weak]>([])
        struct Weak: @unchecked Sendable { weak var record: RunningEffect? }

        func add(_ record: RunningEffect) { lock.withLock { $0.append(Weak(record: record)) } }
        var alive: Int { lock.withLock { $0.filter { $0.record != nil }.count } }
    }

    func makeRecords(_ count: Int, in registry: EffectRegistry) -> [RunningEffect] {
        let group = EffectGroup.make(registry: registry)
        return (0..<count).map { _ in
            let record = RunningEffect(group: group)
            #expect(registry.insert(record))
            return record
        }
    }

    @Test func recordsEndingOnManyThreadsAreEachForgottenOnceAndReleased() {
        let registry = EffectRegistry()
        let watched = Watched()
        for _ in 0..<20 {
            var records = makeRecords(500, in: registry)
            for record in records { watched.add(record) }
            #expect(registry.count == 500)
            let shared = records
            DispatchQueue.concurrentPerform(iterations: 4) { lane in
                for index in stride(from: lane, to: shared.count, by: 4) {
                    registry.ended(shared[index])
                }
            }
            records = []
            // The next look under the lock forgets every pushed record, exactly once.
            #expect(registry.count == 0)
        }
        #expect(watched.alive == 0)
    }

    /// Running effects are a list linked through their handles: taking one off the head, the
    /// middle or the tail keeps the others listed, counted and cancellable, once each.
    @Test func effectsTakenOffAnywhereInTheListLeaveTheOthersListed() {
        let registry = EffectRegistry()
        let handles = (0..<5).map { _ in TaskHandle() }
        for handle in handles { #expect(registry.insert(handle)) }
        // The newest is the list's head, the oldest its tail.
        for index in [2, 4, 0] { registry.remove(handles[index]) }
        #expect(registry.count == 2)
        #expect(handles.map { registry.isRunning($0) } == [false, true, false, true, false])
        registry.remove(handles[2])  // not listed any more: nothing happens
        #expect(registry.count == 2)
        registry.cancelAll()
        #expect(handles.map(\.cancellationCount) == [0, 1, 0, 1, 0])
        #expect(registry.insert(handles[0]))
        #expect(registry.count == 3)
        registry.close()
        #expect(handles.map(\.cancellationCount) == [1, 2, 0, 2, 0])
        #expect(registry.count == 0)
    }

    /// A registry holds its running effects in a list linked through them: closing it
    /// cancels each once and lets go of all of them, and so does letting go of the registry;
    /// a handle still held elsewhere is no longer running for it.
    @Test func registriesLetGoOfTheirRunningEffectsWhenClosedOrGone() {
        final class Weak: @unchecked Sendable { weak var handle: TaskHandle? }
        func register(_ count: Int, in registry: EffectRegistry) -> [Weak] {
            (0..<count).map { _ in
                let handle = TaskHandle()
                #expect(registry.insert(handle))
                let weak = Weak()
                weak.handle = handle
                return weak
            }
        }
        let closed = EffectRegistry()
        let kept = TaskHandle()
        #expect(closed.insert(kept))
        let watched = register(1_000, in: closed)
        #expect(closed.count == 1_001)
        closed.close()
        #expect(closed.count == 0)
        #expect(!closed.isRunning(kept))
        #expect(kept.cancellationCount == 1)
        #expect(watched.allSatisfy { $0.handle == nil })

        var dropped: EffectRegistry? = EffectRegistry()
        let alsoWatched = register(1_000, in: dropped!)
        dropped = nil
        #expect(alsoWatched.allSatisfy { $0.handle == nil })
    }

    @Test func endingWhileOthersRegisterLosesNothing() {
        let registry = EffectRegistry()
        let watched = Watched()
        let kept = Locked<[RunningEffect]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            let group = EffectGroup.make(registry: registry)
            for round in 0..<2_000 {
                let record = RunningEffect(group: group)
                watched.add(record)
                _ = registry.insert(record)
                if (round + lane).isMultiple(of: 3) {
                    kept.withLock { $0.append(record) }
                } else {
                    registry.ended(record)
                }
            }
        }
        let stillRunning = kept.withLock { $0.count }
        #expect(registry.count == stillRunning)
        for record in kept.withLock({ $0 }) { #expect(registry.isRunning(record)) }
        kept.withLock { $0 = [] }
        registry.close()
        #expect(registry.count == 0)
        #expect(watched.alive == 0)
    }

    @Test func aRecordThatEndsAfterTheRegistryClosedIsReleasedAtOnce() {
        let registry = EffectRegistry()
        let watched = Watched()
        var records = makeRecords(100, in: registry)
        for record in records { watched.add(record) }
        registry.close()
        for record in records { registry.ended(record) }
        records = []
        // Nobody takes the registry's lock after close: the pushers drained the stack.
        #expect(watched.alive == 0)
        _ = registry
    }

    /// Counts how often its condition is asked.
    final class Asked: Sendable {
        let count = Atomic(0)
        func lifetime() -> EffectLifetime {
            EffectLifetime.checking(Int.self) { [self] _ in
                count.add(1, ordering: .relaxed)
                return true
            }
        }
    }

    @Test func aCancelledEffectIsNoLongerAskedWhetherItsChildLives() {
        let registry = EffectRegistry()
        let asked = Asked()
        let group = EffectGroup.make(registry: registry)
        let restarted = (0..<3).map { _ in RunningEffect(group: group) }
        let id = EffectID("restart")
        // Cancel-in-flight, three times: each record cancels the one before.
        for record in restarted {
            registry.cancel(id: id)
            #expect(
                registry.insert(
                    record, marks: EffectMarks(ids: [id], lifetimes: [asked.lifetime()])))
        }
        // The two cancelled records still run (their tasks have not ended) but only the
        // last one's lifetime is checked after an action.
        #expect(registry.count == 3)
        #expect(registry.hasLifetimes)
        withUnsafePointer(to: 1) { registry.cancelDead(in: $0) }
        #expect(asked.count.load(ordering: .relaxed) == 1)
        // Cancelling everything leaves no lifetime to check.
        registry.cancelAll()
        #expect(!registry.hasLifetimes)
        withUnsafePointer(to: 1) { registry.cancelDead(in: $0) }
        #expect(asked.count.load(ordering: .relaxed) == 1)
        // Ending the records keeps the count of lifetimes at zero, not below.
        for record in restarted { registry.ended(record) }
        #expect(registry.count == 0)
        #expect(!registry.hasLifetimes)
        #expect(
            registry.insert(
                RunningEffect(group: group), marks: EffectMarks(lifetimes: [asked.lifetime()])))
        #expect(registry.hasLifetimes)
        registry.close()
    }

    @Test func anEffectUnderSeveralIdsIsCancelledByEachOfThem() {
        let registry = EffectRegistry()
        let ids = ["a", "b", "c", "d"].map { EffectID($0) }
        for cancelling in ids {
            // Three ids given when it started (the first kept apart from the others), one
            // added by its task; another effect under an id of its own.
            let handle = TaskHandle()
            let other = TaskHandle()
            #expect(registry.insert(handle, marks: EffectMarks(ids: [ids[0], ids[1], ids[2]])))
            registry.add(ids: [ids[3]], to: handle)
            #expect(registry.insert(other, marks: EffectMarks(ids: [EffectID("other")])))
            registry.cancel(id: cancelling)
            #expect(handle.cancellationCount == 1, "cancelled by \(cancelling)")
            #expect(other.cancellationCount == 0, "cancelled by \(cancelling)")
            // Cancelled, it answers to none of its ids any more.
            for id in ids { registry.cancel(id: id) }
            #expect(handle.cancellationCount == 1, "cancelled by \(cancelling)")
            registry.remove(handle)
            registry.remove(other)
        }
        #expect(registry.count == 0)
        registry.close()
    }

    @Test func idListsKeepTheirOrder() {
        let ids = ["a", "b", "c"].map { EffectID($0) }
        #expect(Array(EffectIDList()) == [])
        #expect(EffectIDList().only == nil)
        #expect(Array(EffectIDList(ids.prefix(1))) == [ids[0]])
        #expect(EffectIDList(ids.prefix(1)).only == ids[0])
        var list = EffectIDList(ids.prefix(2))
        #expect(list.only == nil)
        list.append(contentsOf: ids.suffix(1))
        #expect(Array(list) == ids)
    }

    @Test func aConditionAskedOfAnotherTypeOfStateFailsClosed() {
        let lifetime = EffectLifetime.checking(Int.self) { _ in true }
        let asInt = withUnsafePointer(to: 1) { lifetime.isAlive(in: $0) }
        let asText = withUnsafePointer(to: "one") { lifetime.isAlive(in: $0) }
        #expect(asInt)
        #expect(!asText)
    }

    @Test func idsOfDifferentTypesAreDifferentEvenWithEqualHashes() {
        struct A: Hashable, Sendable {
            var value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(0) }
        }
        struct B: Hashable, Sendable {
            var value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(0) }
        }
        #expect(EffectID(A(value: 1)) == EffectID(A(value: 1)))
        #expect(EffectID(A(value: 1)) != EffectID(A(value: 2)))
        #expect(EffectID(A(value: 1)) != EffectID(B(value: 1)))
    }

    #if DEBUG
        @Test func leavingAGroupMoreTimesThanItWasEnteredStopsADebugBuild() async {
            await #expect(processExitsWith: .failure) {
                let group = EffectGroup.make(registry: nil)
                group.enter()
                group.leave()
                group.leave()
            }
        }
    #endif
}
