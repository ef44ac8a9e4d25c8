import Observation
import Substate

/// Observers of scoped stores, one per key: how many times each was told its scope changed,
/// re-armed after each, as a row view is rendered again.
@MainActor
final class ScopeWatch<Key: Hashable & Sendable, State: Equatable & Sendable, Action: Sendable> {
    private var told: [Key: Int] = [:]
    let scopes: [Key: ScopedStore<State, Action>]

    init(_ scopes: [Key: ScopedStore<State, Action>]) {
        self.scopes = scopes
        for key in scopes.keys { arm(key) }
    }

    private func arm(_ key: Key) {
        withObservationTracking {
            _ = scopes[key]?.state
        } onChange: { [weak self] in
            // Weakly: the scope's registrar holds this closure, and the watch holds the scope.
            MainActor.assumeIsolated {
                self?.told[key, default: 0] += 1
                self?.arm(key)
            }
        }
    }

    /// The keys whose observers were told since the last call, and how often.
    func take() -> [Key: Int] {
        defer { told = [:] }
        return told
    }
}
