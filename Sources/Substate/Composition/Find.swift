/// Finds parts of a state tree by their type.
///
/// For tests, debugging and escape hatches — not for program logic, which reaches its parts
/// through lenses:
///
/// ```swift
/// let counter = Find.first(SubCounter.self, in: store.state)
/// let everyTracker = Find.all(Tracker<NewsScreen>.self, in: store.state)
/// ```
///
/// The search goes depth first through stored properties, enum payloads, optionals and
/// collection elements, in declaration order; a match is not searched further. Dictionaries
/// are searched in their (unspecified) iteration order.
/// - Complexity: O(*n*) in the number of values in the tree: it reflects on all of them.
public enum Find {
    /// The first part of a value, or the value itself, of a type.
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - value: The value to search.
    /// - Returns: The first match, or `nil`.
    public static func first<Target>(_ type: Target.Type, in value: Any) -> Target? {
        var found: Target?
        var visited: Set<ObjectIdentifier> = []
        search(value, visited: &visited) { match in
            found = match
            return false
        }
        return found
    }

    /// Every part of a value, or the value itself, of a type.
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - value: The value to search.
    /// - Returns: The matches, in search order.
    public static func all<Target>(_ type: Target.Type, in value: Any) -> [Target] {
        var found: [Target] = []
        var visited: Set<ObjectIdentifier> = []
        search(value, visited: &visited) { match in
            found.append(match)
            return true
        }
        return found
    }

    /// Calls `onMatch` for each match until it returns `false`. Returns whether to go on.
    @discardableResult
    private static func search<Target>(
        _ value: Any, visited: inout Set<ObjectIdentifier>, onMatch: (Target) -> Bool
    ) -> Bool {
        if let match = value as? Target { return onMatch(match) }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            let id = ObjectIdentifier(value as AnyObject)
            guard visited.insert(id).inserted else { return true }
        }
        for child in mirror.children {
            guard search(child.value, visited: &visited, onMatch: onMatch) else { return false }
        }
        return true
    }
}

extension Store {
    /// The first part of the state of a type; see ``Find``.
    /// - Parameter type: The type to look for.
    /// - Returns: The first match, or `nil`.
    public func find<Target>(_ type: Target.Type) -> Target? {
        Find.first(type, in: state)
    }

    /// Every part of the state of a type; see ``Find``.
    /// - Parameter type: The type to look for.
    /// - Returns: The matches, in search order.
    public func findAll<Target>(_ type: Target.Type) -> [Target] {
        Find.all(type, in: state)
    }
}
