import Foundation

/// The changes from one JSON value to another, as the inspector page applies and highlights
/// them. Values are what `JSONSerialization` reads: dictionaries, arrays, strings, numbers and
/// null.
///
/// Each change is a JSON array, so that a page with 10,000 steps stays small:
///
/// | change | meaning |
/// |---|---|
/// | `["a", path, value]` | a key was added to an object |
/// | `["c", path, value]` | the value at `path` (a key or an index) was replaced |
/// | `["r", path]` | a key was removed from an object |
/// | `["s", path, index, removed, [values]]` | `removed` elements of the array at `path` were replaced by `values`, from `index` |
///
/// A path is an array of object keys (strings) and array indices (numbers), from the root.
/// Objects are compared key by key. Arrays lose their common prefix and suffix first; a middle
/// of the same length on both sides is compared element by element (so a changed field deep
/// in a row is one `c` at its own path), a middle of different lengths is one `s`. Changes
/// never overlap, so they can be applied in any order.
enum JSONChanges {
    /// The changes that turn `old` into `new`; empty when they are equal.
    static func between(_ old: Any, _ new: Any) -> [Any] {
        var changes: [Any] = []
        diff(old, new, path: [], into: &changes)
        return changes
    }

    private static func diff(_ old: Any, _ new: Any, path: [Any], into changes: inout [Any]) {
        if let old = old as? [String: Any], let new = new as? [String: Any] {
            for key in old.keys.sorted() where new[key] == nil {
                changes.append(["r", path + [key]])
            }
            for key in new.keys.sorted() {
                guard let after = new[key] else { continue }
                if let before = old[key] {
                    if !equal(before, after) {
                        diff(before, after, path: path + [key], into: &changes)
                    }
                } else {
                    changes.append(["a", path + [key], after])
                }
            }
        } else if let old = old as? [Any], let new = new as? [Any] {
            var prefix = 0
            while prefix < old.count, prefix < new.count, equal(old[prefix], new[prefix]) {
                prefix += 1
            }
            var suffix = 0
            while suffix < old.count - prefix, suffix < new.count - prefix,
                equal(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
            {
                suffix += 1
            }
            let oldMiddle = old[prefix..<(old.count - suffix)]
            let newMiddle = new[prefix..<(new.count - suffix)]
            if oldMiddle.count == newMiddle.count {
                for index in oldMiddle.indices {
                    diff(old[index], new[index], path: path + [index], into: &changes)
                }
            } else {
                changes.append(["s", path, prefix, oldMiddle.count, Array(newMiddle)])
            }
        } else if !equal(old, new) {
            changes.append(["c", path, new])
        }
    }

    /// Whether two JSON values are equal: objects by their keys, arrays element by element.
    static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case (let lhs as [String: Any], let rhs as [String: Any]):
            guard lhs.count == rhs.count else { return false }
            for (key, value) in lhs {
                guard let other = rhs[key], equal(value, other) else { return false }
            }
            return true
        case (let lhs as [Any], let rhs as [Any]):
            guard lhs.count == rhs.count else { return false }
            return zip(lhs, rhs).allSatisfy { equal($0, $1) }
        case (let lhs as String, let rhs as String):
            return lhs == rhs
        case (is NSNull, is NSNull):
            return true
        case (let lhs as NSNumber, let rhs as NSNumber):
            return isBool(lhs) == isBool(rhs) && lhs == rhs
        default:
            return false
        }
    }

    /// Whether a number read from JSON was `true` or `false`.
    static func isBool(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
