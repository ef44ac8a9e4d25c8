extension AlertState {
    /// A button of an ``AlertState`` or a ``ConfirmationDialogState``: its label, its role, and
    /// the action it sends when tapped (none for a button that only dismisses).
    public struct Button: Sendable {
        /// What a button does, as the platform shows it.
        public enum Role: String, Sendable, Hashable, Codable {
            /// Dismisses without doing anything; shown apart from the others.
            case cancel
            /// Deletes or loses data; shown as a warning.
            case destructive
        }

        /// The label.
        public var label: String
        /// The role, if any.
        public var role: Role?
        /// The action the button sends (wrapped in `.presented`), or `nil` for a button that only
        /// dismisses.
        public var action: Action?

        /// A button.
        /// - Parameters:
        ///   - label: The label.
        ///   - role: The role, if any.
        ///   - action: The action it sends, or `nil` to only dismiss.
        public init(_ label: String, role: Role? = nil, action: Action? = nil) {
            self.label = label
            self.role = role
            self.action = action
        }

        /// A button that cancels: it dismisses, and sends an action only if given one.
        /// - Parameters:
        ///   - label: The label; "Cancel" by default.
        ///   - action: The action it sends, if any.
        /// - Returns: The button.
        public static func cancel(_ label: String = "Cancel", action: Action? = nil) -> Button {
            Button(label, role: .cancel, action: action)
        }

        /// A button that deletes or loses data.
        /// - Parameters:
        ///   - label: The label.
        ///   - action: The action it sends.
        /// - Returns: The button.
        public static func destructive(_ label: String, action: Action) -> Button {
            Button(label, role: .destructive, action: action)
        }
    }
}

extension AlertState.Button: Equatable where Action: Equatable {}

extension AlertState.Button: Hashable where Action: Hashable {}

extension AlertState.Button: Codable where Action: Codable {}
