import Substate
import Testing

/// A runtime client that logs what it processes and, for actions below `echoUntil`, sends the
/// next number from inside the processing (as a store's observer or error handler might).
final class EchoClient: EffectRuntimeDelegate {
    let runtime = EffectRuntime<EchoClient>(executor: nil, wakeUp: .manual)
    var processed: [Int] = []
    var settled = 0
    let echoUntil: Int
    var drainsWhileProcessing = false

    init(echoUntil: Int = 0) {
        self.echoUntil = echoUntil
        runtime.attach(self)
    }

    deinit { runtime.close() }

    func runtimeProcess(_ action: Int, in group: EffectGroup?) -> EffectGroup? {
        processed.append(action)
        if drainsWhileProcessing { runtime.drain() }
        if action < echoUntil { _ = runtime.send(action + 1) }
        return group
    }

    func runtimeSettle() { settled += 1 }
}

@Suite struct EffectRuntimeTests {
    @Test func aSendWhileProcessingIsQueuedAndProcessedInTheSameTurn() {
        let client = EchoClient(echoUntil: 3)
        _ = client.runtime.send(1)
        #expect(client.processed == [1, 2, 3])
        #expect(client.settled == 1)
        #expect(!client.runtime.isProcessing)
    }

    @Test func heldActionsWaitAndAreReleasedInTheOrderTheyCame() {
        let client = EchoClient()
        client.runtime.startHolding()
        let first = client.runtime.send(1)
        let second = client.runtime.send(2)
        #expect(client.processed.isEmpty)
        #expect(first?.isFinished == false)
        client.runtime.releaseHeld()
        #expect(client.processed == [1, 2])
        #expect(first?.isFinished == true)
        #expect(second?.isFinished == true)
        #expect(!client.runtime.isHolding)
    }

    @Test func aCallPostedToTheInboxRunsOnceAtTheNextDrain() {
        let client = EchoClient()
        let log = Locked<[String]>([])
        client.runtime.inbox.post(
            _InboxCall(
                { log.withLock { $0.append("ran") } },
                dropped: { log.withLock { $0.append("dropped") } }))
        #expect(log.withLock { $0 }.isEmpty)
        #expect(client.runtime.drain())
        #expect(log.withLock { $0 } == ["ran"])
        client.runtime.close()
        #expect(log.withLock { $0 } == ["ran"])
    }

    @Test func aCallThatNeverRunsAnswersThatItWasDropped() {
        let client = EchoClient()
        let log = Locked<[String]>([])
        let call = { (name: String) in
            _InboxCall(
                { log.withLock { $0.append("\(name) ran") } },
                dropped: { log.withLock { $0.append("\(name) dropped") } })
        }
        client.runtime.inbox.post(call("pending"))
        client.runtime.close()  // drops what is waiting
        client.runtime.inbox.post(call("late"))  // a closed inbox drops it at once
        #expect(log.withLock { $0 } == ["pending dropped", "late dropped"])
    }

    @Test func closingDropsHeldActionsAndFinishesTheirWork() {
        let client = EchoClient()
        client.runtime.startHolding()
        let held = client.runtime.send(1)
        client.runtime.close()
        #expect(held?.isFinished == true)
        #expect(client.runtime.outstanding.isFinished)
        client.runtime.releaseHeld()
        #expect(client.processed.isEmpty)
        #expect(client.runtime.send(2) == nil)
        #expect(client.processed.isEmpty)
    }

    @Test func drainingInsideATurnStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let client = EchoClient()
            client.drainsWhileProcessing = true
            _ = client.runtime.send(1)
        }
    }
}
