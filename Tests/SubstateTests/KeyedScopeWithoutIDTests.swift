import Testing

@testable import Substate

/// A keyed collection scoped without `id:` stops with a message that says to add it.
@Suite struct KeyedScopeWithoutIDTests {
    struct Row: Identifiable, Equatable, Sendable {
        var id: Int
        enum Action: Sendable { case tap }
    }

    struct Table: Equatable, Sendable {
        var rows: KeyedArray<Row> = [Row(id: 1)]
        var list: [Row] = [Row(id: 1)]
        var byName: [String: Row] = ["a": Row(id: 1)]
        var pair = Pair()
        enum Action: Sendable {
            case row(Int, Row.Action)
            case item(String, Row.Action)
            case pair(Int, String)
        }

        static func update(state: consuming Table, environment: Void, action: Action) -> Update<
            Table, Action
        > { Update(state: state) }
    }

    /// Not keyed: a struct whose actions happen to be pairs.
    struct Pair: Equatable, Sendable {}

    @MainActor
    @Test func aKeyedArrayScopedWithoutIDStops() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let store = Store(state: Table(), environment: (), update: Table.update)
                _ = store.scope(at: \.rows, as: Table.Action.row)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Add id:"), "\(message)")
    }

    @MainActor
    @Test func otherPartsWithPairActionsAreScopedAsBefore() {
        let store = Store(state: Table(), environment: (), update: Table.update)
        _ = store.scope(at: \.pair, as: Table.Action.pair)
        _ = store.scope(at: \.rows, id: 1, as: Table.Action.row)
    }
}
