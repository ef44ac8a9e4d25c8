import Foundation
import Substate
import SubstateTesting
import Synchronization
import TestSupport
import Testing

/// The lease-break signals this process received (see
/// `twoSweepsAtOnceRaiseNoSignal`).
let leaseBreakSignals = Atomic<Int>(0)

/// An app whose settings are saved; the rest of its state is not.
struct Preferences: Codable, Equatable, Sendable {
    var title = "Todos"
    var fontSize = 12
}

struct Workspace: Equatable, Sendable {
    var preferences = Preferences()
    var scratch = 0
}

enum WorkspaceAction: Equatable, Sendable {
    case rename(String)
    case resize(Int)
    case scribble
}

extension Workspace {
    static func update(
        state: consuming Workspace, environment: Void, action: WorkspaceAction
    ) -> Update<Workspace, WorkspaceAction> {
        switch action {
        case .rename(let title): state.preferences.title = title
        case .resize(let size): state.preferences.fontSize = size
        case .scribble: state.scratch += 1
        }
        return Update(state: state)
    }
}

/// A program whose saved part is a large array, to check that the saver lets updates change
/// it in place.
struct Shelf: Program, Equatable, Sendable {
    var books = [Int](repeating: 0, count: 10_000)

    static func update(state: consuming Shelf, environment: Void, action: Int) -> Update<
        Shelf, Int
    > {
        state.books[action] += 1
        return Update(state: state)
    }
}

/// Where an array's elements are: the same address after a change means it changed in place.
func address(of array: [Int]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
}

/// A fresh directory, removed at the end of the test, with helpers for a saver's files.
final class Folder {
    private let folder = TemporaryFolder()
    var url: URL { folder.url }

    var file: URL { url.appendingPathComponent("preferences.json") }

    func contents(_ name: String = "preferences.json") -> String? {
        try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    func write(_ text: String, to name: String = "preferences.json") {
        try? Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}

/// Collects the errors a saver reports.
final class Reports: Sendable {
    private let errors = Mutex<[PersistenceError]>([])
    var all: [PersistenceError] { errors.withLock { $0 } }
    var handler: @Sendable (PersistenceError) -> Void {
        { error in self.errors.withLock { $0.append(error) } }
    }
}

@MainActor
@Suite struct StateSaverTests {
    let folder = Folder()
    let clock = TestClock()
    let scheduler = TestScheduler()
    let reports = Reports()

    init() {
        clock.attach(scheduler)
    }

    func makeSaver(
        timing: SaveTiming = .debounce(.seconds(1)), version: Int = 1,
        filePermissions: Int = 0o600,
        migrate: (@Sendable (Int, Data) throws -> Data)? = nil,
        atomicFile: AtomicFile = AtomicFile()
    ) -> StateSaver<Workspace, Preferences> {
        StateSaver(
            file: folder.file, part: Lens(\Workspace.preferences), version: version,
            timing: timing, clock: clock, executor: scheduler, filePermissions: filePermissions,
            migrate: migrate, onError: reports.handler, atomicFile: atomicFile)
    }

    func makeStore(
        _ saver: StateSaver<Workspace, Preferences>, state: Workspace = Workspace()
    ) -> Store<Workspace, WorkspaceAction, Void> {
        Store(
            state: state, environment: (), update: Workspace.update,
            middleware: [saver.middleware()])
    }

    @Test func aMissingFileMeansTheInitialStateAndAnUnchangedPartWritesNothing() throws {
        let saver = makeSaver()
        let state = try saver.load(into: Workspace())
        #expect(state == Workspace())
        let store = makeStore(saver, state: state)
        store.send(.scribble)
        clock.advance(by: .seconds(5))
        #expect(saver.writeCount == 0)
        #expect(folder.names.isEmpty)
        #expect(reports.all.isEmpty)
    }

    @Test func aDebouncedSaveWritesOnceAfterTheChangesSettle() throws {
        let saver = makeSaver(timing: .debounce(.seconds(1)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("A"))
        clock.advance(by: .milliseconds(900))
        store.send(.rename("B"))
        clock.advance(by: .milliseconds(900))
        #expect(saver.writeCount == 0)
        #expect(saver.hasPendingSave)
        clock.advance(by: .milliseconds(100))
        #expect(saver.writeCount == 1)
        #expect(!saver.hasPendingSave)
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "B")
    }

    @Test func aThrottledSaveWritesTheLatestPartOncePerInterval() throws {
        let saver = makeSaver(timing: .throttle(.seconds(1)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("A"))
        clock.advance(by: .milliseconds(500))
        store.send(.rename("B"))
        clock.advance(by: .milliseconds(500))
        #expect(saver.writeCount == 1)
        #expect(folder.contents()?.contains(#""title":"B""#) == true)
        store.send(.rename("C"))
        clock.advance(by: .milliseconds(999))
        #expect(saver.writeCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(saver.writeCount == 2)
    }

    @Test func anImmediateSaveWritesEveryChange() throws {
        let saver = makeSaver(timing: .immediate)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.resize(14))
        scheduler.run()  // the write runs on the saver's executor
        store.send(.scribble)
        store.send(.resize(16))
        scheduler.run()  // the write runs on the saver's executor
        #expect(saver.writeCount == 2)
        #expect(
            folder.contents()
                == #"{"format":"substate-state","version":1,"state":{"fontSize":16,"title":"Todos"}}"#
                + "\n")
    }

    @Test func anImmediateSaveWritesTheActionsThatCameMeanwhileTogether() throws {
        let saver = makeSaver(timing: .immediate)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        for size in 13...112 { store.send(.resize(size)) }
        #expect(saver.hasPendingSave)
        scheduler.run()
        #expect(saver.writeCount == 1)
        #expect(!saver.hasPendingSave)
        #expect(try makeSaver().load(into: Workspace()).preferences.fontSize == 112)
    }

    @Test func onTheGlobalExecutorImmediateSavesKeepUpByWritingTogether() throws {
        let saver = StateSaver(
            file: folder.file, part: Lens(\Workspace.preferences), version: 1,
            timing: .immediate, clock: clock, executor: nil, migrate: nil,
            onError: reports.handler, atomicFile: AtomicFile())
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        for size in 1...1_000 { store.send(.resize(size)) }
        saver.flush()  // waits for a write under way, then writes what is left
        #expect(try makeSaver().load(into: Workspace()).preferences.fontSize == 1_000)
        // Each write is flushed to disk: the sends went on meanwhile, and were written
        // together, not one file per action.
        #expect(saver.writeCount < 1_000)
        #expect(reports.all.isEmpty)
    }

    @Test func actionsThatLeaveThePartAsItIsDoNotPutADebouncedSaveOff() throws {
        let saver = makeSaver(timing: .debounce(.seconds(1)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Kept"))
        // A ticking timer's actions, twice per interval, that never touch the preferences.
        for _ in 0..<4 {
            clock.advance(by: .milliseconds(500))
            store.send(.scribble)
        }
        #expect(saver.writeCount == 1)
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "Kept")
        for _ in 0..<10 {
            clock.advance(by: .milliseconds(500))
            store.send(.scribble)
        }
        #expect(saver.writeCount == 1)
        #expect(!saver.hasPendingSave)
    }

    @Test func anActionBetweenACheckReadingTheStateAndEncodingItIsSavedLater() async throws {
        let saver = makeSaver(timing: .debounce(.seconds(1)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Kept"))
        clock.advance(by: .seconds(1))
        #expect(saver.writeCount == 1)
        // The part changes and comes back to what the file holds: the second action is one
        // that skips the saver's lock (the part is dirty and the timer armed).
        store.send(.rename("Changed"))
        clock.advance(by: .milliseconds(500))
        store.send(.rename("Kept"))
        // The timer fires off the main actor, so it asks the store for its state and waits:
        // the main actor hands it over, the timer's check (does the part differ from the
        // file, did an action come since the read) waits on the scheduler, and an action
        // comes between the two.
        let clock = clock
        await Task.detached { clock.advance(by: .milliseconds(500)) }.value
        var turns = 0
        while !scheduler.hasPendingJobs, turns < 10_000 {
            await Task.yield()  // lets the main actor hand the state over
            turns += 1
        }
        #expect(scheduler.hasPendingJobs, "the check waits on the scheduler")
        store.send(.rename("New"))
        clock.advance(by: .seconds(2))
        // The check found the part as the file holds it, but an action came since the read:
        // the part stays dirty, and the timer saves it once the actions settle.
        #expect(saver.writeCount == 2)
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "New")
    }

    @Test func theSaverLetsEachUpdateWriteThePartInPlace() throws {
        let saver = StateSaver(
            file: folder.file, part: Lens(\Shelf.books), version: 1,
            timing: .debounce(.seconds(1)), clock: clock, executor: scheduler, migrate: nil,
            onError: reports.handler, atomicFile: AtomicFile())
        let store = Store(
            state: try saver.load(into: Shelf()), environment: (), program: Shelf.self,
            middleware: [saver.middleware()])
        store.send(0)  // the first write copies: the initial array is shared
        let books = address(of: store.state.books)
        for index in 1..<100 { store.send(index) }
        #expect(address(of: store.state.books) == books, "the saver's copy made the update copy")
        clock.advance(by: .seconds(1))
        #expect(saver.writeCount == 1)
        #expect(try saver.load(into: Shelf()).books.prefix(3) == [1, 1, 1])
    }

    @Test func tearingDownTheStoreFlushesAPendingSave() throws {
        let saver = makeSaver(timing: .debounce(.seconds(60)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Before teardown"))
        #expect(saver.writeCount == 0)
        store.tearDown()
        #expect(saver.writeCount == 1)
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "Before teardown")
        clock.advance(by: .seconds(60))
        #expect(saver.writeCount == 1)
    }

    @Test func aStoreThatGoesAwayFlushesAPendingSave() throws {
        let saver = makeSaver(timing: .debounce(.seconds(60)))
        let initial = try saver.load(into: Workspace())
        weak var weakStore: Store<Workspace, WorkspaceAction, Void>?
        do {
            let store = makeStore(saver, state: initial)
            weakStore = store
            store.send(.resize(20))
            #expect(saver.writeCount == 0)
        }
        #expect(weakStore == nil)
        #expect(saver.writeCount == 1)
        #expect(try makeSaver().load(into: Workspace()).preferences.fontSize == 20)
        scheduler.run()  // lets the cancelled timer end, on the scheduler it prefers
        #expect(clock.sleeperCount == 0)
    }

    @Test func flushWritesAtOnceAndCancelsTheTimer() throws {
        let saver = makeSaver(timing: .debounce(.seconds(1)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Now"))
        saver.flush()
        #expect(saver.writeCount == 1)
        clock.advance(by: .seconds(1))
        #expect(saver.writeCount == 1)
    }

    @Test func aSaveWhileTheStoreShowsAPastStateWritesThePresentOne() throws {
        let saver = makeSaver(timing: .debounce(.seconds(1)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        let machine = TimeMachine(store: store)
        store.send(.rename("Past"))
        store.send(.rename("Present"))
        machine.jump(to: 1)
        #expect(store.state.preferences.title == "Past")
        clock.advance(by: .seconds(1))
        #expect(saver.writeCount == 1)
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "Present")
        store.tearDown()
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "Present")
    }

    @Test func aFlushFromAnotherThreadWaitsForTheMainActorToHandTheStateOver() async throws {
        let saver = makeSaver(timing: .debounce(.seconds(60)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Off the main actor"))
        // The detached task cannot read the store's state: it asks the main actor, which is
        // free while this test awaits.
        await Task.detached { saver.flush() }.value
        #expect(saver.writeCount == 1)
        #expect(
            try makeSaver().load(into: Workspace()).preferences.title == "Off the main actor")
        let pending = await Task.detached { saver.hasPendingSave }.value
        #expect(!pending)
        store.tearDown()
        #expect(saver.writeCount == 1)
    }

    @Test func aFlushFromABlockOnTheMainQueueReadsTheStateThere() async throws {
        let saver = makeSaver(timing: .debounce(.seconds(60)))
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("From the main queue"))
        // Code that reaches the main actor through Dispatch, not through a task.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                saver.flush()
                done.resume()
            }
        }
        #expect(saver.writeCount == 1)
        #expect(
            try makeSaver().load(into: Workspace()).preferences.title == "From the main queue")
        store.tearDown()
    }

    @Test func aSaverUsedAgainForANewStoreSavesTheNewStoresState() throws {
        let saver = makeSaver(timing: .debounce(.seconds(1)))
        let first = makeStore(saver, state: try saver.load(into: Workspace()))
        first.send(.rename("First"))
        first.tearDown()
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "First")
        let second = makeStore(saver, state: try saver.load(into: Workspace()))
        second.send(.rename("Second"))
        clock.advance(by: .seconds(1))
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "Second")
        second.send(.rename("Second, flushed"))
        saver.flush()
        #expect(
            try makeSaver().load(into: Workspace()).preferences.title == "Second, flushed")
        second.tearDown()
        #expect(saver.writeCount == 3)
    }

    /// On the main actor or off it: once the store is gone, its source hands out the last
    /// state on any thread.
    @Test(arguments: [false, true])
    func aSaverRemovedFromAStoreThatWentAwayStillFlushesItsLastChange(offMain: Bool) async throws {
        let saver = makeSaver(timing: .debounce(.seconds(60)))
        let initial = try saver.load(into: Workspace())
        weak var weakStore: Store<Workspace, WorkspaceAction, Void>?
        do {
            let store = Store(state: initial, environment: (), update: Workspace.update)
            weakStore = store
            let token = store.addMiddleware(saver.middleware())
            store.send(.rename("Removed"))
            store.removeMiddleware(token)  // the saver is not told of the teardown
        }
        #expect(weakStore == nil)
        // Reads the last state the store left with the saver's source.
        if offMain { await Task.detached { saver.flush() }.value } else { saver.flush() }
        #expect(saver.writeCount == 1)
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "Removed")
    }

    /// A task of the saver that waits for a store's state holds nothing of the saver: once
    /// a flush returned and the store was torn down, the saver goes away with its last
    /// reference, even before the task learns that the store will never answer (a tool that
    /// exits then leaves nothing of the saver behind).
    @Test(arguments: [SaveTiming.immediate, .debounce(.seconds(1))])
    func aTaskWaitingForTheStateDoesNotKeepTheSaver(timing: SaveTiming) async throws {
        weak var weakSaver: StateSaver<Workspace, Preferences>?
        do {
            let saver = makeSaver(timing: timing)
            weakSaver = saver
            let store = makeStore(saver)
            store.send(.rename("Waiting"))
            // The writer, or the timer once due, runs off the main actor: it asks the store
            // for its state and waits for the main actor to hand it over.
            let (scheduler, clock) = (scheduler, clock)
            await Task.detached {
                if case .immediate = timing {
                    scheduler.run()
                } else {
                    clock.advance(by: .seconds(1))
                }
            }.value
            #expect(saver.writeCount == 0)
            saver.flush()
            #expect(saver.writeCount == 1)
            store.tearDown()
        }
        #expect(weakSaver == nil)
        scheduler.run()  // the task learns that the store will not answer, and ends
        #expect(try makeSaver().load(into: Workspace()).preferences.title == "Waiting")
        #expect(reports.all.isEmpty)
    }

    @Test func aCorruptFileIsReportedAndKeptAsideNeverOverwritten() throws {
        folder.write("this is not json")
        let saver = makeSaver(timing: .immediate)
        #expect(throws: PersistenceError.self) { try saver.load(into: Workspace()) }
        do {
            _ = try saver.load(into: Workspace())
        } catch {
            Issue.record("the corrupt file should be gone from its place: \(error)")
        }
        #expect(folder.contents("preferences.json.corrupt") == "this is not json")

        // The program goes on from its initial state; saving starts a new file.
        let store = makeStore(saver)
        store.send(.rename("Fresh"))
        scheduler.run()  // the write runs on the saver's executor
        #expect(folder.contents("preferences.json.corrupt") == "this is not json")
        #expect(folder.contents()?.contains("Fresh") == true)

        // A second corrupt file does not replace the first one kept aside.
        folder.write("{\"format\": \"substate-state\", \"version\": 1, \"state\": {\"title\": 3}}")
        do {
            _ = try makeSaver().load(into: Workspace())
            Issue.record("expected an error")
        } catch {
            guard case .corrupted(_, let keptAt, let reason) = error else {
                Issue.record("expected .corrupted, got \(error)")
                return
            }
            #expect(keptAt.lastPathComponent == "preferences.json.corrupt-2")
            #expect(reason.contains("title"))
            #expect(error.description.contains("preferences.json.corrupt-2"))
        }
        #expect(folder.contents("preferences.json.corrupt") == "this is not json")
    }

    /// A file the saver wrote loads without a write after unchanged actions; one written by
    /// hand, in another form, is written once in the saver's form, then no more.
    @Test func aFileWrittenByHandIsWrittenOnceInTheSaversForm() throws {
        folder.write(
            #"{ "version": 1, "format": "substate-state", "state": { "title": "Hand", "fontSize": 12 } }"#
        )
        let saver = makeSaver(timing: .immediate)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        #expect(store.state.preferences.title == "Hand")
        store.send(.resize(12))
        scheduler.run()
        #expect(saver.writeCount == 1)
        #expect(folder.contents()?.hasPrefix(#"{"format":"substate-state","version":1"#) == true)
        store.send(.resize(12))
        scheduler.run()
        let reloaded = makeSaver(timing: .immediate)
        let again = makeStore(reloaded, state: try reloaded.load(into: Workspace()))
        again.send(.resize(12))
        scheduler.run()
        #expect(saver.writeCount == 1)
        #expect(reloaded.writeCount == 0)
        #expect(reports.all.isEmpty)
    }

    @Test func aTruncatedFileIsCorrupt() throws {
        let saver = makeSaver(timing: .immediate)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Complete"))
        scheduler.run()  // the write runs on the saver's executor
        let complete = try #require(folder.contents())
        folder.write(String(complete.prefix(complete.count / 2)))
        #expect {
            try makeSaver().load(into: Workspace())
        } throws: { error in
            guard case .corrupted(_, let keptAt, _) = error as? PersistenceError else {
                return false
            }
            return keptAt.lastPathComponent == "preferences.json.corrupt"
        }
    }

    @Test func aNewerVersionIsRefusedAndNeverOverwritten() throws {
        let newer = #"{"format":"substate-state","version":3,"state":{"theme":"dark"}}"#
        folder.write(newer)
        let saver = makeSaver(timing: .immediate, version: 2)
        #expect(throws: PersistenceError.newerVersion(file: folder.file, found: 3, supported: 2)) {
            try saver.load(into: Workspace())
        }
        let store = makeStore(saver)
        store.send(.rename("Older program"))
        scheduler.run()  // the write runs on the saver's executor
        #expect(folder.contents() == newer)
        #expect(reports.all == [.writeRefused(file: folder.file)])
        #expect(folder.names == ["preferences.json"])
    }

    @Test func anOlderVersionIsMigrated() throws {
        folder.write(#"{"format":"substate-state","version":1,"state":{"name":"Old title"}}"#)
        let saver = makeSaver(version: 2) { version, data in
            #expect(version == 1)
            var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            object["title"] = object.removeValue(forKey: "name")
            object["fontSize"] = 12
            return try JSONSerialization.data(withJSONObject: object)
        }
        let state = try saver.load(into: Workspace())
        #expect(state.preferences == Preferences(title: "Old title", fontSize: 12))
    }

    @Test func anOlderVersionWithoutMigrationIsKeptAside() throws {
        let old = #"{"format":"substate-state","version":1,"state":{"name":"Old"}}"#
        folder.write(old)
        #expect {
            try makeSaver(version: 2).load(into: Workspace())
        } throws: { error in
            guard case .migrationFailed(_, 1, let keptAt, _) = error as? PersistenceError else {
                return false
            }
            return keptAt.lastPathComponent == "preferences.json.corrupt"
        }
        #expect(folder.contents("preferences.json.corrupt") == old)
    }

    @Test func aSavedStateOfRandomBytesIsCorruptAndKept() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: folder.file)
        #expect {
            try makeSaver().load(into: Workspace())
        } throws: { error in
            guard case .corrupted = error as? PersistenceError else { return false }
            return true
        }
        let kept = try Data(
            contentsOf: folder.url.appendingPathComponent("preferences.json.corrupt"))
        #expect(kept == bytes)
    }

    @Test func aDirectoryThatDisappearsFailsTheSaveUntilItIsBack() throws {
        let saver = makeSaver(timing: .immediate)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        try FileManager.default.removeItem(at: folder.url)
        store.send(.rename("Nowhere to go"))
        scheduler.run()  // the write runs on the saver's executor
        #expect(saver.hasPendingSave)
        guard case .writeFailed(let file, _)? = reports.all.first else {
            Issue.record("expected a write failure, got \(reports.all)")
            return
        }
        #expect(file == folder.file)

        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        saver.flush()
        #expect(!saver.hasPendingSave)
        #expect(folder.contents()?.contains("Nowhere to go") == true)
    }

    @Test func aWriterThatHadNotRunWhenAFlushCameDoesNothing() throws {
        let saver = makeSaver(timing: .immediate)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        try FileManager.default.removeItem(at: folder.url)
        store.send(.rename("Nowhere to go"))  // starts a writer on the scheduler, not run yet
        saver.flush()
        #expect(reports.all.count == 1)
        // The writer runs now: the flush wrote (and failed) for it, so it does not try again
        // behind the caller's back (a tool that reported the failure may be exiting).
        scheduler.run()
        #expect(reports.all.count == 1)
        #expect(saver.hasPendingSave)

        // Later actions start writers of their own.
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        store.send(.rename("Home"))
        scheduler.run()
        #expect(folder.contents()?.contains("Home") == true)
        #expect(!saver.hasPendingSave)
    }

    @Test func aFlushWaitsForTheWriteUnderWayToEnd() async throws {
        let writing = Mutex(0)
        let atomicFile = AtomicFile { handle, data in
            writing.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: 0.05)
            try handle.write(contentsOf: data)
            writing.withLock { $0 -= 1 }
        }
        let saver = StateSaver(
            file: folder.file, part: Lens(\Workspace.preferences), version: 1,
            timing: .immediate, clock: clock, executor: nil, migrate: nil,
            onError: reports.handler, atomicFile: atomicFile)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Slow"))  // a writer on the global executor
        // The writer asks the main actor for the state: yield it until the write is under way.
        while writing.withLock({ $0 }) == 0, saver.writeCount == 0 {
            await Task.yield()
        }
        saver.flush()
        #expect(writing.withLock { $0 } == 0)
        #expect(saver.writeCount == 1)
        #expect(folder.contents()?.contains("Slow") == true)
    }

    @Test func aDirectoryInPlaceOfTheFileIsUnreadable() throws {
        try FileManager.default.createDirectory(at: folder.file, withIntermediateDirectories: false)
        #expect(throws: PersistenceError.unreadable(file: folder.file, reason: "it is a directory"))
        {
            try makeSaver().load(into: Workspace())
        }
    }

    @Test func aWriteThatFailsHalfWayLeavesThePreviousFileIntact() throws {
        let failing = Mutex(false)
        let atomicFile = AtomicFile { handle, data in
            guard failing.withLock({ $0 }) else { return try handle.write(contentsOf: data) }
            try handle.write(contentsOf: data.prefix(data.count / 2))
            throw CocoaError(.fileWriteOutOfSpace)
        }
        let saver = makeSaver(timing: .immediate, atomicFile: atomicFile)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Good"))
        scheduler.run()  // the write runs on the saver's executor
        let good = try #require(folder.contents())

        failing.withLock { $0 = true }
        store.send(.rename("Lost in the crash"))
        scheduler.run()  // the write runs on the saver's executor
        #expect(folder.contents() == good)
        #expect(folder.names == ["preferences.json"])  // no temporary file left
        #expect(saver.hasPendingSave)
        guard case .writeFailed(let file, _)? = reports.all.first else {
            Issue.record("expected a write failure, got \(reports.all)")
            return
        }
        #expect(file == folder.file)

        // The change is still pending: the next flush saves it.
        failing.withLock { $0 = false }
        saver.flush()
        #expect(folder.contents()?.contains("Lost in the crash") == true)
    }

    @Test func aReadOnlyDirectoryFailsTheSaveAndKeepsTheFile() throws {
        let saver = makeSaver(timing: .immediate)
        let store = makeStore(saver, state: try saver.load(into: Workspace()))
        store.send(.rename("Saved"))
        scheduler.run()  // the write runs on the saver's executor
        let saved = try #require(folder.contents())
        try makeReadOnly(folder.url)
        defer { makeWritable(folder.url) }

        store.send(.rename("Not saved"))

        scheduler.run()  // the write runs on the saver's executor
        #expect(folder.contents() == saved)
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.description.contains("Could not save the state") == true)
        #expect(saver.hasPendingSave)
    }
}

@MainActor
@Suite struct StateSaverFileTests {
    let folder = Folder()
    let reports = Reports()
    /// Where the saver writes: `run()` it after a send to have the file written.
    let scheduler = TestScheduler()

    func makeSaver(
        filePermissions: Int = 0o600, atomicFile: AtomicFile = AtomicFile()
    ) -> StateSaver<Workspace, Preferences> {
        StateSaver(
            file: folder.file, part: Lens(\Workspace.preferences), version: 1,
            timing: .immediate, clock: TestClock(), executor: scheduler,
            filePermissions: filePermissions, migrate: nil, onError: reports.handler,
            atomicFile: atomicFile)
    }

    func makeStore(_ saver: StateSaver<Workspace, Preferences>) -> Store<
        Workspace, WorkspaceAction, Void
    > {
        Store(
            state: Workspace(), environment: (), update: Workspace.update,
            middleware: [saver.middleware()])
    }

    func permissions(_ name: String = "preferences.json") throws -> Int {
        let path = folder.url.appendingPathComponent(name).path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    func setPermissions(_ mode: Int) throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: mode], ofItemAtPath: folder.file.path)
    }

    @Test(arguments: [0o600, 0o640, 0o604])
    func savingKeepsTheFilesPermissions(mode: Int) throws {
        let saver = makeSaver()
        let store = makeStore(saver)
        store.send(.rename("First"))
        scheduler.run()
        try setPermissions(mode)
        store.send(.rename("Second"))
        scheduler.run()
        #expect(folder.contents()?.contains("Second") == true)
        #expect(try permissions() == mode)
    }

    @Test func aNewFileIsPrivateToItsOwner() throws {
        makeStore(makeSaver()).send(.rename("Secret"))
        scheduler.run()
        #expect(try permissions() == 0o600)
    }

    @Test func aNewFileTakesThePermissionsTheSaverWasGiven() throws {
        makeStore(makeSaver(filePermissions: 0o644)).send(.rename("Shared"))
        scheduler.run()
        #expect(try permissions() == 0o644)
    }

    /// A temporary file as a write killed half-way leaves it, last changed `age` ago:
    /// `.tmp` after its writer locked it, `.new` before.
    func leftover(age: TimeInterval, suffix: String = ".tmp") throws -> URL {
        let url = folder.url.appendingPathComponent(
            ".preferences.json.\(UUID().uuidString)\(suffix)")
        try Data("{\"format\":\"subst".utf8).write(to: url)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: url.path)
        return url
    }

    @Test func loadingRemovesTheLeftoversOfKilledWrites() throws {
        let old = try leftover(age: 3_600)
        let other = folder.url.appendingPathComponent(".other.json.\(UUID().uuidString).tmp")
        try Data().write(to: other)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3_600)], ofItemAtPath: other.path)
        _ = try makeSaver().load(into: Workspace())
        #expect(!FileManager.default.fileExists(atPath: old.path))
        // Another file's temporary files are not this saver's to remove.
        #expect(FileManager.default.fileExists(atPath: other.path))
    }

    @Test func theFirstSaveRemovesTheLeftoversOfKilledWrites() throws {
        let old = try leftover(age: 3_600)
        let store = makeStore(makeSaver())
        #expect(FileManager.default.fileExists(atPath: old.path))
        store.send(.rename("Saved"))
        scheduler.run()
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(folder.names == ["preferences.json"])
    }

    @Test func theLeftoverOfAWriteKilledJustNowIsRemoved() throws {
        // A `.tmp` file that nobody holds locked lost its writer, whatever its age.
        let fresh = try leftover(age: 0)
        _ = try makeSaver().load(into: Workspace())
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }

    @Test func aStagingFileIsRemovedOnlyWhenOld() throws {
        // Created and not locked yet: its writer may be about to lock it.
        let fresh = try leftover(age: 0, suffix: ".new")
        let old = try leftover(age: 3_600, suffix: ".new")
        _ = try makeSaver().load(into: Workspace())
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(!FileManager.default.fileExists(atPath: old.path))
    }

    @Test func aTemporaryFileBeingWrittenIsNeverRemoved() throws {
        // Old and locked: a writer is at work, in this process or another.
        let locked = try leftover(age: 3_600)
        let descriptor = open(locked.path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        let lockedStaging = try leftover(age: 3_600, suffix: ".new")
        let stagingDescriptor = open(lockedStaging.path, O_RDONLY)
        defer { close(stagingDescriptor) }
        #expect(flock(stagingDescriptor, LOCK_EX) == 0)

        _ = try makeSaver().load(into: Workspace())
        #expect(FileManager.default.fileExists(atPath: locked.path))
        #expect(FileManager.default.fileExists(atPath: lockedStaging.path))
    }

    @Test func aTemporaryFileAnotherProcessHoldsLockedIsNeverRemoved() throws {
        let busy = try leftover(age: 3_600)
        // Another process holds the file's lock, as a writer in another process does.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = [
            "-c", "exec 3<\"$0\"; flock -x 3 || exit 1; echo locked; read line", busy.path,
        ]
        let output = Pipe()
        let input = Pipe()
        holder.standardOutput = output
        holder.standardInput = input
        try holder.run()
        // Waits until the shell holds the lock.
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(said == "locked\n", "the shell could not lock the file (no flock(1)?)")
        _ = try makeSaver().load(into: Workspace())
        let keptWhileLocked = FileManager.default.fileExists(atPath: busy.path)
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(keptWhileLocked)
        // Once its holder is gone, it is a leftover.
        _ = try makeSaver().load(into: Workspace())
        #expect(!FileManager.default.fileExists(atPath: busy.path))
    }

    @Test func twoSweepsAtOnceRaiseNoSignal() throws {
        // Two loads of the same file after a crash (two instances of the app), here on two
        // threads: each opens the leftovers the other is removing. A sweep that held a lease
        // on a file would make the kernel signal it (SIGIO, whose default action ends the
        // process) when the other opened that file. Counted here instead.
        leaseBreakSignals.store(0, ordering: .relaxed)
        let previous = signal(SIGIO, { _ in leaseBreakSignals.add(1, ordering: .relaxed) })
        defer { signal(SIGIO, previous) }
        let target = folder.url.appendingPathComponent("preferences.json")
        var leftovers: [URL] = []
        for _ in 0..<20 {
            leftovers += try (0..<200).map { _ in try leftover(age: 3_600) }
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                AtomicFile().sweepLeftovers(of: target)
            }
        }
        #expect(leaseBreakSignals.load(ordering: .relaxed) == 0)
        #expect(leftovers.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test func aBadFileThatCannotBeMovedAsideIsKeptInPlaceAndSaysSo() throws {
        folder.write("this is not json")
        let atomicFile = AtomicFile(moveItem: { _, _ in throw CocoaError(.fileWriteNoPermission) })
        let saver = makeSaver(atomicFile: atomicFile)
        do {
            _ = try saver.load(into: Workspace())
            Issue.record("expected an error")
        } catch {
            guard case .keptInPlace(let file, _, _) = error else {
                Issue.record("expected .keptInPlace, got \(error)")
                return
            }
            #expect(file == folder.file)
            #expect(error.description.contains("could not be moved aside"))
        }
        let store = makeStore(saver)
        store.send(.rename("Not over the bad file"))
        scheduler.run()
        #expect(folder.contents() == "this is not json")
        #expect(reports.all.count == 1)
        let report = reports.all.first?.description ?? ""
        #expect(report.contains("could not be moved aside"))
        #expect(!report.contains("newer version"), "\(report)")
    }

    @Test func aBadFileInAReadOnlyDirectoryIsKeptInPlace() throws {
        folder.write("this is not json")
        try makeReadOnly(folder.url)
        defer { makeWritable(folder.url) }
        let saver = makeSaver()
        #expect {
            try saver.load(into: Workspace())
        } throws: { error in
            guard case .keptInPlace = error as? PersistenceError else { return false }
            return true
        }
        makeStore(saver).send(.rename("Not saved"))
        scheduler.run()
        #expect(folder.contents() == "this is not json")
        #expect(reports.all.first?.description.contains("newer version") == false)
    }

    @Test func aDanglingLinkWhereTheBadFileWouldGoIsSteppedOver() throws {
        folder.write("this is not json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("preferences.json.corrupt").path,
            withDestinationPath: "/nonexistent/target")
        #expect {
            try makeSaver().load(into: Workspace())
        } throws: { error in
            guard case .corrupted(_, let keptAt, _) = error as? PersistenceError else {
                return false
            }
            return keptAt.lastPathComponent == "preferences.json.corrupt-2"
        }
        #expect(folder.contents("preferences.json.corrupt-2") == "this is not json")
    }

    @Test(arguments: ["true", "1.5", "\"1\"", "null"])
    func aVersionThatIsNotAnIntegerIsCorrupt(version: String) throws {
        folder.write(#"{"format":"substate-state","version":"# + version + #","state":{}}"#)
        #expect {
            try makeSaver().load(into: Workspace())
        } throws: { error in
            guard case .corrupted = error as? PersistenceError else { return false }
            return true
        }
    }
}

/// Makes a directory read-only, for this process too: `chmod` first; as root, which `chmod`
/// does not stop, also the immutable attribute.
func makeReadOnly(_ directory: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
    let probe = directory.appendingPathComponent(".probe")
    guard FileManager.default.createFile(atPath: probe.path, contents: nil) else { return }
    try FileManager.default.removeItem(at: probe)
    let chattr = Process()
    chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    chattr.arguments = ["+i", directory.path]
    try chattr.run()
    chattr.waitUntilExit()
    #expect(
        !FileManager.default.createFile(atPath: probe.path, contents: nil),
        "could not make \(directory.path) read-only")
}

func makeWritable(_ directory: URL) {
    let chattr = Process()
    chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    chattr.arguments = ["-i", directory.path]
    if (try? chattr.run()) != nil { chattr.waitUntilExit() }
    _ = try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.path)
}
