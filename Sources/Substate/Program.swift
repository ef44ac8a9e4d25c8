/// A program's types and its update function, named once: what a store runs.
///
/// Conforming is optional — a store takes an update function directly too — but it is the
/// form that updates in place in debug builds as well as in release builds:
///
/// ```swift
/// struct Checklist: Program, Equatable, Sendable {
///     var items: [Item] = []
///
///     enum Action: Sendable { case toggle(index: Int) }
///
///     static func update(
///         state: consuming Checklist, environment: Void, action: Action
///     ) -> Update<Checklist, Action> {
///         switch action {
///         case .toggle(let index):
///             state.items[index].isDone.toggle()
///             return Update(state: state)
///         }
///     }
/// }
///
/// let store = Store(state: Checklist(), environment: (), program: Checklist.self)
/// ```
///
/// Why it matters in debug builds: passing `update: Checklist.update` to a store makes Swift
/// wrap the function in a closure, and without optimisation that closure keeps a second
/// reference to the state while the update runs, so the update's first write to a collection
/// copies it (a 100,000-element array per action). A store made from a `Program` calls the
/// update function through code that hands the state on (`consume`), so the write happens in
/// place without optimisation too. Release builds update in place either way. See
/// <doc:Performance>.
///
/// The conforming type is usually the state itself, as above, but any type will do, for
/// example an enum that only holds the update function of a program whose state is a type
/// from elsewhere. A store takes such a program as it takes any other; a parent embeds it
/// with the closure form of `child`, given its update
/// (`at: Lens(\.count), as: Action.counter, environment: (), update: Counter.update`), which in
/// a debug build copies the collections in the child's state on their first write in each
/// update (see above); the key-path forms of `child` are for programs that are their state.
public protocol Program {
    /// The program's state.
    associatedtype State: Equatable & Sendable
    /// What can happen to it.
    associatedtype Action: Sendable
    /// The dependencies the update function and its effects use.
    associatedtype Environment

    /// The update function: the new state for an action, and the effect to run.
    /// - Parameters:
    ///   - state: The state, to change in place and return.
    ///   - environment: The dependencies.
    ///   - action: What happened.
    /// - Returns: The new state and an effect.
    static func update(
        state: consuming State, environment: Environment, action: Action
    ) -> Update<State, Action>
}

extension Program {
    /// The update function as a store holds it: it hands the state on with `consume`, so that
    /// even unoptimised code does not keep a second reference to it during the update.
    @inlinable
    public static var _updateFunction:
        (consuming State, Environment, Action) -> Update<
            State, Action
        >
    {
        func update(
            _ state: consuming State, _ environment: Environment, _ action: Action
        ) -> Update<State, Action> {
            Self.update(state: consume state, environment: environment, action: action)
        }
        return update
    }
}
