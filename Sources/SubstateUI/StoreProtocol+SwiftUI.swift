#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    extension StoreProtocol {
        /// A `Binding` to a value in the state (a scoped store's part) that observes that value alone: a view
        /// using it is rendered again only when the value changes (see
        /// `subscript(dynamicMember:)`), not after every action.
        /// - Parameters:
        ///   - keyPath: Where the value lives.
        ///   - tag: Makes the action to send for a new value.
        /// - Returns: The binding.
        public func binding<Value: Equatable & Sendable>(
            at keyPath: KeyPath<State, Value> & Sendable,
            as tag: @escaping @Sendable (Value) -> Action
        ) -> Binding<Value> {
            Binding(stateBinding(at: keyPath, as: tag))
        }

        /// A `Binding` to a value in the state: it reads through a key path and writes by
        /// sending the action that `tag` makes of the new value.
        ///
        /// ```swift
        /// TextField("Title", text: store.binding(at: \.title, as: EditorAction.titleChanged))
        /// ```
        /// - Parameters:
        ///   - keyPath: Where the value lives in the state.
        ///   - tag: Makes the action to send for a new value.
        /// - Returns: The binding.
        public func binding<Value: Sendable>(
            at keyPath: KeyPath<State, Value> & Sendable,
            as tag: @escaping @Sendable (Value) -> Action
        ) -> Binding<Value> {
            Binding(stateBinding(at: keyPath, as: tag))
        }

        /// A `Binding` to a value in the state: it reads through a lens and writes by sending
        /// the action that `tag` makes of the new value.
        /// - Parameters:
        ///   - lens: Where the value lives in the state.
        ///   - tag: Makes the action to send for a new value.
        /// - Returns: The binding.
        public func binding<Value: Sendable>(
            at lens: Lens<State, Value>, as tag: @escaping @Sendable (Value) -> Action
        ) -> Binding<Value> {
            Binding(stateBinding(at: lens, as: tag))
        }
    }
#endif
