import InboxCore
import Substate
import SubstateTesting
import Testing

@MainActor
@Suite struct InboxSampleTests {
    @Test func onlyTheRowThatChangedRendersAgain() {
        let demo = InboxDemo(count: 3_000)
        #expect(demo.rows.count == 3_000)
        #expect(demo.send(.open, toRow: 42) == .init(list: false, rows: [42]))
        #expect(demo.send(.open, toRow: 42) == .init(list: false, rows: []))
        #expect(demo.send(.toggleStar, toRow: 2_999) == .init(list: false, rows: [2_999]))
        #expect(demo.send(.message(id: 7, .rename("Lunch?"))) == .init(list: false, rows: [7]))
        #expect(demo.store.state.messages[id: 7]?.subject == "Lunch?")
    }

    @Test func theListRendersWhenRowsComeGoOrMoveAndNoRowDoes() {
        let demo = InboxDemo(count: 100)
        #expect(demo.send(.archive(id: 3)) == .init(list: true, rows: []))
        #expect(demo.rows[3] == nil)
        #expect(demo.send(.sort(newestFirst: true)) == .init(list: true, rows: []))
        #expect(demo.store.state.messages.first?.id == 99)
        #expect(demo.send(.toggleStar, toRow: 50) == .init(list: false, rows: [50]))
    }

    @Test func markingAllReadRendersEveryUnreadRow() {
        let demo = InboxDemo(count: 200)
        _ = demo.send(.open, toRow: 10)
        let renders = demo.send(.markAllRead)
        #expect(!renders.list)
        #expect(renders.rows == (0..<200).filter { $0 != 10 })
    }

    @Test func theProgramUnderATestStore() {
        let store = TestStore(state: Inbox(count: 3), environment: (), program: Inbox.self)
        store.send(.message(id: 1, .open)) { $0.messages[id: 1]?.isRead = true }
        store.send(.archive(id: 0)) { $0.messages.remove(id: 0) }
        store.send(.sort(newestFirst: true)) {
            $0.newestFirst = true
            $0.messages.reverse()
        }
    }
}
