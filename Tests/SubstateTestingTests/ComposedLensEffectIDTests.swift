import Substate
import SubstateTesting
import Testing

// Workers (see ChildEffectIDTests) three levels down, behind an enum case: a house, its hall,
// the room behind the hall's door (when the door is open) and the room's workers. A worker
// can be embedded level by level or through a composed lens, and named through lenses
// composed in any grouping: `cancelEffects(of:)` must find its effects whichever way it was
// embedded and named, and only its.

enum Door: Equatable, Sendable {
    case closed
    case open(Room)
}

struct Room: Equatable, Sendable {
    var workers = [Worker(id: 1), Worker(id: 2)]

    static func worker(_ id: Int) -> OptionalLens<Room, Worker> {
        .element(id: id, in: \Room.workers)
    }
}

enum RoomAction: Equatable, Sendable {
    case worker(Int, WorkerAction)
}

extension Room {
    static func update(
        state: consuming Room, environment: TestClock, action: RoomAction
    ) -> Update<Room, RoomAction> {
        switch action {
        case .worker(let id, let action):
            return .child(
                action, in: state, at: worker(id), as: { .worker(id, $0) },
                environment: environment, update: Worker.update)
        }
    }
}

struct Hall: Equatable, Sendable {
    var door = Door.open(Room())
}

enum HallAction: Equatable, Sendable {
    case room(RoomAction)
    /// Stops the first worker through a lens to it from the hall: two parts, the first a pair
    /// (a key path and an enum case).
    case stopWorker
}

extension Hall {
    static let room = OptionalLens.case(Door.open, in: \Hall.door)

    static func update(
        state: consuming Hall, environment: TestClock, action: HallAction
    ) -> Update<Hall, HallAction> {
        switch action {
        case .room(let action):
            return .child(
                action, in: state, at: room, as: HallAction.room, environment: environment,
                update: Room.update)
        case .stopWorker:
            return Update(
                state: state, effect: .cancelEffects(of: room.appending(Room.worker(1))))
        }
    }
}

/// How the house names its worker's lens.
enum Grouping: CaseIterable, Sendable {
    /// `((hall, door case), worker)`: composed left to right, as a path is read.
    case leftToRight
    /// `(hall, (door case, worker))`.
    case rightToLeft
    /// `(hall, door case)` first, the worker appended to the result in a second step.
    case inTwoSteps

    /// The lens from the house to its first worker.
    var lens: OptionalLens<House, Worker> {
        switch self {
        case .leftToRight:
            Lens(\House.hall).appending(Hall.room).appending(Room.worker(1))
        case .rightToLeft:
            Lens(\House.hall).appending(Hall.room.appending(Room.worker(1)))
        case .inTwoSteps:
            House.room.appending(Room.worker(1))
        }
    }
}

/// How the house embeds the room whose workers start their jobs.
enum Embedding: CaseIterable, Sendable {
    /// House, hall, room, worker: one child at each level.
    case levelByLevel
    /// The room as a child of the house, through a composed lens.
    case skippingTheHall
}

struct House: Equatable, Sendable {
    var hall = Hall()

    static let room = Lens(\House.hall).appending(Hall.room)
}

enum HouseAction: Equatable, Sendable {
    case hall(HallAction)
    case room(RoomAction)
    case stopWorker(Grouping)
    case stopRoom
}

extension House {
    static func update(
        state: consuming House, environment: TestClock, action: HouseAction
    ) -> Update<House, HouseAction> {
        switch action {
        case .hall(let action):
            return .child(
                action, in: state, at: Lens(\.hall), as: HouseAction.hall,
                environment: environment, update: Hall.update)
        case .room(let action):
            return .child(
                action, in: state, at: room, as: HouseAction.room, environment: environment,
                update: Room.update)
        case .stopWorker(let grouping):
            return Update(state: state, effect: .cancelEffects(of: grouping.lens))
        case .stopRoom:
            return Update(state: state, effect: .cancelEffects(of: room))
        }
    }
}

extension Embedding {
    /// Starts the job of the worker with `id`.
    func start(_ id: Int) -> HouseAction {
        switch self {
        case .levelByLevel: .hall(.room(.worker(id, .start)))
        case .skippingTheHall: .room(.worker(id, .start))
        }
    }
}

@MainActor
@Suite struct ComposedLensEffectIDTests {
    @Test(arguments: Embedding.allCases, Grouping.allCases)
    func aWorkerIsCancelledThroughItsLensInAnyGrouping(
        _ embedding: Embedding, _ grouping: Grouping
    ) {
        let store = TestStore(state: House(), environment: TestClock(), update: House.update)
        store.send(embedding.start(1))
        #expect(store.runningEffectCount == 1)
        store.send(.stopWorker(grouping))
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
    }

    @Test(arguments: Embedding.allCases)
    func theHallCancelsTheWorkerItReachesThroughTheRoom(_ embedding: Embedding) {
        let store = TestStore(state: House(), environment: TestClock(), update: House.update)
        store.send(embedding.start(1))
        store.send(.hall(.stopWorker))
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
    }

    @Test(arguments: Embedding.allCases, Grouping.allCases)
    func theLensToTheWorkerSparesItsNeighbour(_ embedding: Embedding, _ grouping: Grouping) {
        let store = TestStore(state: House(), environment: TestClock(), update: House.update)
        store.send(embedding.start(1))
        store.send(embedding.start(2))
        store.send(.stopWorker(grouping))
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        let finished: HouseAction =
            switch embedding {
            case .levelByLevel: .hall(.room(.worker(2, .finished)))
            case .skippingTheHall: .room(.worker(2, .finished))
            }
        store.receive(finished) {
            $0.hall.door = .open(Room(workers: [Worker(id: 1), Worker(id: 2, finished: 1)]))
        }
    }

    @Test(arguments: Embedding.allCases)
    func theLensToTheRoomCancelsItsWorkersJobs(_ embedding: Embedding) {
        let store = TestStore(state: House(), environment: TestClock(), update: House.update)
        store.send(embedding.start(1))
        store.send(embedding.start(2))
        store.send(.stopRoom)
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
    }
}
