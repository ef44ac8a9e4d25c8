extension Effect {
    /// Delays the effect: it starts once `duration` has passed on `clock`.
    /// - Parameters:
    ///   - duration: How long to wait.
    ///   - clock: The clock to wait on: the environment's, so that tests control it.
    /// - Returns: An effect that waits, then runs this one.
    public func delay<C: Clock>(for duration: Duration, clock: C) -> Effect
    where C.Duration == Duration {
        .concatenate(.run { _ in try await clock.sleep(for: duration) }, self)
    }

    /// Debounces the effect: it starts once `duration` has passed without another effect
    /// debounced with the same id starting.
    ///
    /// Each debounced effect cancels the one before it with the same id, so of a burst of
    /// actions only the last one's effect runs, `duration` after that last action:
    ///
    /// ```swift
    /// case .queryChanged(let query):
    ///     state.query = query
    ///     return Update(state: state, effect: .run { send in
    ///         await send(.results(try await environment.search(query)))
    ///     }
    ///     .debounce(id: "search", for: .milliseconds(300), clock: environment.clock))
    /// ```
    /// - Parameters:
    ///   - id: The id that groups the effects to debounce; ``cancel(id:)`` cancels it too.
    ///   - duration: How long the input must be quiet.
    ///   - clock: The clock to wait on: the environment's, so that tests control it.
    /// - Returns: An effect that waits, then runs this one, unless superseded first.
    public func debounce<C: Clock>(
        id: some Hashable & Sendable, for duration: Duration, clock: C
    ) -> Effect where C.Duration == Duration {
        delay(for: duration, clock: clock).cancellable(id: id, cancelInFlight: true)
    }

    /// Throttles the effect: with the same id, at most one starts per `duration`.
    ///
    /// The first effect starts at once (leading edge) and opens a window of `duration`.
    /// Effects throttled with the same id during the window do not start then; when the window
    /// closes, one of them starts (trailing edge) — the latest if `latest` is `true`, the first
    /// otherwise — and opens the next window. Without effects in a window, nothing happens at
    /// its end.
    ///
    /// ```swift
    /// case .scrolled(let offset):
    ///     return Update(state: state, effect: .send(.saveOffset(offset))
    ///         .throttle(id: "save", for: .seconds(1), clock: environment.clock, latest: true))
    /// ```
    /// - Parameters:
    ///   - id: The id that groups the effects to throttle; ``cancel(id:)`` cancels a pending
    ///     trailing effect.
    ///   - duration: The length of a window.
    ///   - clock: The clock to measure windows on: the environment's.
    ///   - latest: Whether the trailing effect is the latest of the window (`true`) or the
    ///     first (`false`).
    /// - Returns: An effect that starts this one now, later, or not at all.
    public func throttle<C: Clock>(
        id: some Hashable & Sendable, for duration: Duration, clock: C, latest: Bool
    ) -> Effect where C.Duration == Duration {
        throttle(EffectID(id), for: duration, clock: clock, latest: latest, trailing: true)
    }

    /// Throttles the effect, with or without a trailing effect: with the same id, at most one
    /// starts per `duration`.
    ///
    /// The first effect starts at once (leading edge) and opens a window of `duration`. With
    /// `trailing: false`, effects throttled with the same id during the window are dropped
    /// and the window ends with nothing (a leading-edge throttle). With `trailing: true`, the
    /// latest of them starts when the window closes, as
    /// ``throttle(id:for:clock:latest:)`` does with `latest: true`.
    ///
    /// ```swift
    /// case .refreshTapped:
    ///     return Update(state: state, effect: .send(.refresh)
    ///         .throttle(id: "refresh", for: .seconds(2), clock: environment.clock,
    ///                   trailing: false))
    /// ```
    /// - Parameters:
    ///   - id: The id that groups the effects to throttle.
    ///   - duration: The length of a window.
    ///   - clock: The clock to measure windows on: the environment's.
    ///   - trailing: Whether the latest effect of a window starts when it closes (`true`), or
    ///     effects inside a window are dropped (`false`).
    /// - Returns: An effect that starts this one now, later, or not at all.
    public func throttle<C: Clock>(
        id: some Hashable & Sendable, for duration: Duration, clock: C, trailing: Bool
    ) -> Effect where C.Duration == Duration {
        throttle(EffectID(id), for: duration, clock: clock, latest: true, trailing: trailing)
    }

    private func throttle<C: Clock>(
        _ id: EffectID, for duration: Duration, clock: C, latest: Bool, trailing: Bool
    ) -> Effect where C.Duration == Duration {
        let effect = self
        return Effect(
            operation: .deferred { registry, place in
                // The gate belongs to this id in the place of the program that throttles.
                let gate = registry.gate(for: place.id(id)) { ThrottleGate<Action, C.Instant>() }
                let admission = gate.admit(
                    effect, at: clock.now, window: duration, latest: latest, trailing: trailing)
                switch admission {
                case .now:
                    return effect
                case .dropped:
                    return .none
                case .trailing(let deadline):
                    return Effect(
                        operation: .work(nil) { send, context, report in
                            do {
                                try await clock.sleep(until: deadline, tolerance: nil)
                            } catch {
                                gate.abandon()
                                return
                            }
                            let pending = gate.release(at: clock.now)
                            await pending.perform(send: send, context: context, report: report)
                        }
                    )
                    .cancellable(id)
                }
            })
    }

    /// An effect that produces a tick every `interval` on `clock`: 1, 2, 3, …
    ///
    /// Ticks are scheduled from the start, so they do not drift. The timer never ends by
    /// itself: make it cancellable and cancel it.
    ///
    /// ```swift
    /// case .startTimer:
    ///     return Update(state: state, effect: .timer(every: .seconds(1), clock: environment.clock)
    ///         .map { _ in .tick }
    ///         .cancellable(id: "timer", cancelInFlight: true))
    /// case .stopTimer:
    ///     return Update(state: state, effect: .cancel(id: "timer"))
    /// ```
    /// - Parameters:
    ///   - interval: The time between ticks.
    ///   - clock: The clock to tick on: the environment's.
    /// - Returns: An effect producing the number of each tick.
    public static func timer<C: Clock>(every interval: Duration, clock: C) -> Effect<Int>
    where C.Duration == Duration {
        .run { send in
            var deadline = clock.now.advanced(by: interval)
            var tick = 0
            while true {
                try await clock.sleep(until: deadline, tolerance: nil)
                tick += 1
                await send(tick)
                deadline = deadline.advanced(by: interval)
            }
        }
    }

    /// Gives the effect a time limit: if it has not ended after `duration`, it is cancelled
    /// and `fallback` is sent instead of whatever it would have sent later.
    ///
    /// Actions the effect sent before the deadline are kept.
    /// - Parameters:
    ///   - duration: The time the effect may take.
    ///   - clock: The clock to measure it on: the environment's.
    ///   - fallback: The action to send when the effect is too slow.
    /// - Returns: An effect that runs this one, or sends `fallback` when time is up.
    public func timeout<C: Clock>(
        after duration: Duration, clock: C, fallback: Action
    ) -> Effect where C.Duration == Duration {
        let effect = self
        return Effect(
            operation: .work(priority) { send, context, report in
                let deadline = clock.now.advanced(by: duration)
                let timedOut = await withTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        await effect.perform(send: send, context: context, report: report)
                        return false
                    }
                    group.addTask {
                        do {
                            try await clock.sleep(until: deadline, tolerance: nil)
                            return true
                        } catch {
                            return false
                        }
                    }
                    let first = await group.next() ?? false
                    group.cancelAll()
                    return first
                }
                if timedOut, !Task.isCancelled { await send(fallback) }
            })
    }
}

extension Effect where Action == Int {
    /// An effect that produces a tick every `interval` on `clock`, named with its type:
    /// `Effect.timer(every: .seconds(1), clock: clock)`, an `Effect<Int>` to map into actions.
    ///
    /// The same timer as the leading-dot form (`.timer(every:clock:)` where an action's effect
    /// is expected); this one lets Swift infer the type of the ticks when nothing else says it.
    /// - Parameters:
    ///   - interval: The time between ticks.
    ///   - clock: The clock to tick on: the environment's.
    /// - Returns: An effect producing the number of each tick.
    public static func timer<C: Clock>(every interval: Duration, clock: C) -> Effect<Int>
    where C.Duration == Duration {
        Effect<Never>.timer(every: interval, clock: clock)
    }
}
