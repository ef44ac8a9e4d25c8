/// Compares two texts, or two values' ``Dump``s, line by line.
///
/// The result marks lines of the expected value with `-` and lines of the actual value with
/// `+`, shows a few unchanged lines around each change for context, and replaces longer
/// unchanged stretches with `…`:
///
/// ```swift
/// if let difference = Diff.values(expected, actual) {
///     Issue.record("State differs (- expected, + actual):\n\(difference)")
/// }
/// ```
/// ```
///   Log(
///     entries: [
///       [0]: "a"
///     ],
/// -   count: 2
/// +   count: 1
///   )
/// ```
public enum Diff {
    /// The differences between two values' dumps.
    /// - Parameters:
    ///   - expected: The value a test expected.
    ///   - actual: The value it got.
    ///   - context: How many unchanged lines to show around each change.
    /// - Returns: The marked-up difference, or `nil` if the dumps are the same.
    public static func values(_ expected: Any, _ actual: Any, context: Int = 2) -> String? {
        lines(Dump.text(of: expected), Dump.text(of: actual), context: context)
    }

    /// The differences between two texts, line by line.
    /// - Parameters:
    ///   - expected: The text a test expected.
    ///   - actual: The text it got.
    ///   - context: How many unchanged lines to show around each change.
    /// - Returns: The marked-up difference, or `nil` if the texts are the same.
    /// - Complexity: O(*n* + *d*²) for texts of *n* lines that differ in a stretch of *d*
    ///   lines; stretches longer than 2,000 lines are shown as removed and added whole.
    public static func lines(_ expected: String, _ actual: String, context: Int = 2) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let edits = script(old, new)
        return render(edits, context: max(0, context))
    }

    enum Edit {
        case same(Substring)
        case removed(Substring)
        case added(Substring)

        var isSame: Bool {
            if case .same = self { return true }
            return false
        }
    }

    /// An edit script: common prefix and suffix, and the longest common subsequence between.
    static func script(_ old: [Substring], _ new: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        var edits = old[..<prefix].map(Edit.same)
        edits += middle(oldMiddle, newMiddle)
        edits += old[(old.count - suffix)...].map(Edit.same)
        return edits
    }

    private static func middle(_ old: [Substring], _ new: [Substring]) -> [Edit] {
        guard old.count <= 2_000, new.count <= 2_000 else {
            return old.map(Edit.removed) + new.map(Edit.added)
        }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    old[i] == new[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(.same(old[i]))
                i += 1
                j += 1
            } else if j < new.count,
                i == old.count || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j]
            {
                edits.append(.added(new[j]))
                j += 1
            } else {
                edits.append(.removed(old[i]))
                i += 1
            }
        }
        // Show removals before additions within each run of changes.
        var ordered: [Edit] = []
        var removed: [Edit] = []
        var added: [Edit] = []
        for edit in edits {
            switch edit {
            case .same:
                ordered += removed + added
                removed = []
                added = []
                ordered.append(edit)
            case .removed: removed.append(edit)
            case .added: added.append(edit)
            }
        }
        return ordered + removed + added
    }

    private static func render(_ edits: [Edit], context: Int) -> String {
        let changed = edits.indices.filter { !edits[$0].isSame }
        var visible = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(edits.count - 1, index + context) {
                visible.insert(near)
            }
        }
        var output: [String] = []
        var skipping = false
        for (index, edit) in edits.enumerated() {
            guard visible.contains(index) else {
                if !skipping { output.append("  …") }
                skipping = true
                continue
            }
            skipping = false
            switch edit {
            case .same(let line): output.append("  " + line)
            case .removed(let line): output.append("- " + line)
            case .added(let line): output.append("+ " + line)
            }
        }
        return output.joined(separator: "\n")
    }
}
