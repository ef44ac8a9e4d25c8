import Substate
import SubstateTesting
import Testing

@MainActor @Suite struct PortAppTests {
    @Test func rowsSearchAndADetailWithATimer() {
        let clock = TestClock()
        let store = TestStore(
            state: PortApp(), environment: .init(clock: clock), program: PortApp.self)
        store.send(.add("Milk")) { $0.todos.append(PortRow(id: 1, title: "Milk")) }
        store.send(.add("Eggs")) { $0.todos.append(PortRow(id: 2, title: "Eggs")) }
        store.send(.todo(id: 2, .toggle)) { $0.todos[id: 2]?.isDone = true }
        store.send(.queryChanged("M")) { $0.query = "M" }
        store.send(.queryChanged("Mi")) { $0.query = "Mi" }
        store.advance(by: .milliseconds(300))
        store.receive(.search) { $0.matches = [1] }
        store.send(.open(id: 1)) { $0.detail = PortDetail(todo: PortRow(id: 1, title: "Milk")) }
        store.send(.detail(.appeared))
        store.advance(by: .seconds(2))
        store.receive(.detail(.tick)) { $0.detail?.secondsOpen = 1 }
        store.receive(.detail(.tick)) { $0.detail?.secondsOpen = 2 }
        store.send(.detail(.todo(.rename("Oat milk")))) { $0.detail?.todo.title = "Oat milk" }
        // Closing the detail writes the row back and ends its timer.
        store.send(.close) {
            $0.todos[id: 1]?.title = "Oat milk"
            $0.detail = nil
        }
        store.finish()
    }
}
