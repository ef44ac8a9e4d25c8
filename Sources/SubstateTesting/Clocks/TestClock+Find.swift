extension TestClock {
    /// The test clocks stored in a value, found through its stored properties.
    /// - Parameters:
    ///   - value: A value, such as an environment.
    ///   - depth: How many levels of properties to search.
    /// - Returns: The clocks, each once, in the order found.
    static func find(in value: Any, depth: Int = 4) -> [TestClock] {
        var found: [TestClock] = []
        search(value, depth: depth, into: &found)
        return found
    }

    private static func search(_ value: Any, depth: Int, into found: inout [TestClock]) {
        if let clock = value as? TestClock {
            if !found.contains(where: { $0 === clock }) { found.append(clock) }
            return
        }
        guard depth > 0 else { return }
        for child in Mirror(reflecting: value).children {
            search(child.value, depth: depth - 1, into: &found)
        }
    }
}
