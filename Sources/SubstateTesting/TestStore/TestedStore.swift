/// Which store a ``TestStore`` drives: the program is the same, the code that runs it is not.
///
/// An app's program runs in a `Store`; a server's, in an `IsolatedStore` held by an actor of
/// its own, or in an `ActorStore` (which holds one). Test the program with the store it runs
/// in:
///
/// ```swift
/// let store = TestStore(state: Room(), program: Room.self, testing: .isolatedStore)
/// ```
///
/// Either way the test store runs on the main actor, with its ``TestScheduler``: every step is
/// checked the same way, and a test that passes with one passes with the other unless the
/// stores differ (which is what the test is for).
public enum TestedStore: Sendable, CaseIterable {
    /// A `Store`, the main-actor store that SwiftUI observes. The default.
    case store
    /// An `IsolatedStore`, the store that runs a program inside an actor, and that an
    /// `ActorStore` runs. The test store makes it belong to the main actor, and the test
    /// drives it from there: its processing, its effect runtime and its middleware chain are
    /// the ones a server's actors run.
    case isolatedStore
}
