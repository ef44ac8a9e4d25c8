/// What can happen to a ``ScreenStack``: a push, a pop, or an action of one of its screens.
///
/// A parent that has a stack has one action case for it, `case path(StackAction<Screen>)`,
/// and hands it to `Update.child` (see ``ScreenStack``). The pops are what SwiftUI's
/// navigation stack sends when the user goes back (``popFrom(_:)``), and what a screen that
/// dismisses itself turns into.
public enum StackAction<Screen: Program>: Sendable where Screen.State == Screen {
    /// Pushes a screen on top.
    case push(Screen)
    /// Pops the screen on top.
    case pop
    /// Pops the screens above the one with this id, which stays on top.
    case popTo(ScreenID)
    /// Pops the screen with this id and every screen above it: going back to the screen below
    /// it. SwiftUI's back button and swipe send this, and so does a screen that returns
    /// ``Update/dismiss(_:)``.
    case popFrom(ScreenID)
    /// Pops every screen.
    case popToRoot
    /// An action of the screen with this id. Dropped if that screen is not on the stack.
    case screen(ScreenID, Screen.Action)
}

extension StackAction: Equatable where Screen.Action: Equatable {}

extension StackAction: Codable where Screen: Codable, Screen.Action: Codable {}
