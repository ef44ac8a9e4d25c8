import Substate

/// How the test store follows the real store's work: each action processed, where the work it
/// belongs to was started, the effect tasks started, their errors and the animations asked
/// for. Everything comes on the main actor, inside the store's processing.
extension TestStore: @MainActor StoreStepDelegate {
    package func willProcess(_ action: Action, in group: EffectGroup?) {
        stepAnimation = nil
        if group == nil, let sending {
            current = sending
        } else {
            let origin =
                group.flatMap { origins[$0.identity] } ?? current?.origin ?? sending?.origin
            current = Step(origin: origin ?? unknownOrigin, name: .action(action))
        }
    }

    package func didProcess(_ action: Action, in group: EffectGroup?, joined: EffectGroup?) {
        processed.value += 1
        let origin = current?.origin ?? unknownOrigin
        if let joined, origins[joined.identity] == nil { origins[joined.identity] = origin }
        if group == nil, sending != nil {
            sent = (engine.state, stepAnimation)
        } else {
            received.append(
                Received(
                    action: action, stateAfter: engine.state, origin: origin,
                    animation: stepAnimation))
        }
        stepAnimation = nil
    }

    package func didAsk(toAnimate animation: any UpdateAnimation) {
        stepAnimation = animation
    }

    package func effectFailed(_ error: any Error, of running: RunningEffect) {
        let effect = started.first { $0.running === running }
        fail(
            "An effect started by \(effect.map { label($0.name) } ?? "the store") threw an error that no handler "
                + "caught: \(error)",
            at: effect?.origin ?? unknownOrigin
        )
    }

    /// Notes an effect task the store started, with the step that started it.
    package func didStart(_ running: RunningEffect) {
        let step = current ?? sending
        started.append(
            StartedEffect(
                running: running, origin: step?.origin ?? unknownOrigin,
                name: step?.name ?? .text("the store")))
    }

    /// The effects still running, oldest first. Forgets those that ended.
    var runningEffects: [StartedEffect] {
        started.removeAll { !engine.isRunning($0.running) }
        return started
    }

    /// Where to report what cannot be traced to a step (never expected).
    var unknownOrigin: Location {
        Location(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    }
}
