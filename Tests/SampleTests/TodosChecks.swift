import Substate
import SubstateTesting
import Testing
import TodosCore

/// Random use of the to-do app: adding, removing, toggling, editing, renaming, going to the
/// background. The list keeps unique ids, numbers new to-dos past every id used, and agrees
/// with a dictionary model of what was done.
@MainActor
@Suite struct TodosChecks {
    static func actions(_ app: App) -> Gen<App.Action> {
        let ids = app.todos.list.map(\.id)
        let text = Gen.string(of: "ab ", length: 0...3)
        let row: Gen<Todo.Action> = Gen.oneOf(
            .constant(.toggle), Gen.bool.map(Todo.Action.setDone), text.map(Todo.Action.edit))
        // Ids that exist, and one that does not (removed, or never made).
        let anyID = Gen.oneOf(ids.isEmpty ? nil : Gen.element(of: ids), .int(in: 0...3))
        return Gen.weighted([
            (3, text.map { .todos(.create($0)) }),
            (2, anyID.map { .todos(.destroy(id: $0)) }),
            (3, anyID.flatMap { id in row.map { .todos(.todo(id: id, $0)) } }),
            (1, text.map { .settings(.changeTitle($0)) }),
            (1, .constant(app.isActive ? .didEnterBackground : .didEnterForeground)),
        ])
    }

    /// What a user did, by to-do id: what to do, and whether it is done.
    struct Model {
        var todos: [Int: (body: String, isDone: Bool)] = [:]
        var order: [Int] = []
        var next = 1
    }

    static func check() -> ProgramCheck<App> {
        let check = ProgramCheck(state: App(), program: App.self, actions: actions)
        check.invariant("ids are unique") { app in
            Set(app.todos.list.map(\.id)).count == app.todos.list.count
        }
        check.invariant("the next id is past every id") { app in
            app.todos.list.allSatisfy { $0.id < app.todos.nextID }
        }
        check.runningEffects(atMost: { _ in 0 })
        check.model(
            Model(),
            next: { model, step in
                guard case .send(.todos(let action)) = step else { return }
                switch action {
                case .create(let body):
                    model.todos[model.next] = (body, false)
                    model.order.append(model.next)
                    model.next += 1
                case .destroy(let id):
                    model.todos[id] = nil
                    model.order.removeAll { $0 == id }
                case .todo(let id, let action):
                    guard var todo = model.todos[id] else { return }
                    switch action {
                    case .toggle: todo.isDone.toggle()
                    case .setDone(let isDone): todo.isDone = isDone
                    case .edit(let body): todo.body = body
                    }
                    model.todos[id] = todo
                }
            },
            agrees: { model, app in
                app.todos.list.map(\.id) == model.order
                    && app.todos.list.allSatisfy {
                        model.todos[$0.id]?.body == $0.body
                            && model.todos[$0.id]?.isDone == $0.isDone
                    }
            })
        return check
    }

    @Test func randomUseKeepsTheListConsistent() {
        Self.check().run(seed: 1, sequences: 100, steps: 30)
    }
}
