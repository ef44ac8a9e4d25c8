#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    extension Binding where Value: Sendable {
        /// A binding that reads a store's state and writes by sending an action; see
        /// `StateBinding`.
        ///
        /// SwiftUI reads and writes bindings on the main thread, where a store lives.
        /// - Parameter binding: The store's binding.
        @MainActor
        public init(_ binding: StateBinding<Value>) {
            self.init(
                get: { MainActor.assumeIsolated { binding.value } },
                set: { value in MainActor.assumeIsolated { binding.value = value } }
            )
        }
    }
#endif
