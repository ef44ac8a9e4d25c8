extension Middleware {
    /// A middleware that prints each action the store processes.
    ///
    /// ```swift
    /// Store(state: App(), environment: .live, update: App.update,
    ///       middleware: [.actionLogger(.marked)])
    /// // action todo(id: 3, TodoAction.toggle)
    /// ```
    ///
    /// Each action is printed with ``Dump``, one entry per call of `sink`, after the update
    /// ran. To send the lines to `os.Logger` or swift-log, pass a sink:
    /// `.actionLogger(sink: { logger.debug("\($0)") })`.
    /// - Parameters:
    ///   - filter: Which actions to print.
    ///   - sink: Where each entry goes; standard error by default.
    /// - Returns: The middleware.
    public static func actionLogger(
        _ filter: LogFilter<Action> = .all,
        sink: (@Sendable (String) -> Void)? = nil
    ) -> Middleware {
        let sink = sink ?? { writeToStandardError($0) }
        return Middleware(
            name: "action logger",
            didProcess: { action, _ in
                switch filter {
                case .all: break
                case .marked: guard LogMarks.isMarked(action) else { return }
                case .matching(let isIncluded): guard isIncluded(action) else { return }
                }
                sink("action " + Dump.text(of: action))
            })
    }

    /// A middleware that prints how each action changed the state, as a diff.
    ///
    /// ```swift
    /// // state after increment:
    /// //   Counter(
    /// // -   count: 0
    /// // +   count: 1
    /// //   )
    /// ```
    ///
    /// Nothing is printed for an action that left the state equal. With ``LogFilter/marked``
    /// only the parts marked with ``LoggedState`` are compared. It keeps the state from
    /// before each update, which costs the store a copy per action (see ``Middleware``).
    /// - Parameters:
    ///   - filter: Which changes to print.
    ///   - sink: Where each entry goes; standard error by default.
    /// - Returns: The middleware.
    public static func stateLogger(
        _ filter: LogFilter<State> = .all,
        sink: (@Sendable (String) -> Void)? = nil
    ) -> Middleware where State: Equatable {
        let sink = sink ?? { writeToStandardError($0) }
        return Middleware(
            name: "state logger",
            didChange: { action, before, after in
                guard before != after else { return }
                let diff: String?
                switch filter {
                case .all:
                    diff = Diff.values(before, after)
                case .marked:
                    diff = Diff.values(
                        Find.all(LoggedState.self, in: before),
                        Find.all(LoggedState.self, in: after))
                case .matching(let isIncluded):
                    diff = isIncluded(after) ? Diff.values(before, after) : nil
                }
                guard let diff else { return }
                sink("state after \(LogMarks.caseName(of: action)):\n" + diff)
            })
    }
}

/// How loggers read actions.
enum LogMarks {
    /// Whether an action, or an action it carries, is a ``LoggedAction``.
    static func isMarked(_ value: Any, depth: Int = 0) -> Bool {
        if value is any LoggedAction { return true }
        guard depth < 8 else { return false }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum || mirror.displayStyle == .tuple else { return false }
        return mirror.children.contains { isMarked($0.value, depth: depth + 1) }
    }

    /// The case path of an action: `todo.toggle` for `.todo(id: 3, .toggle)`. Payloads that
    /// are not enums are left out, so that all actions of one kind share a name.
    static func caseName(of value: Any) -> String {
        var names: [String] = []
        var current: Any = value
        for _ in 0..<8 {
            let mirror = Mirror(reflecting: current)
            guard mirror.displayStyle == .enum else { break }
            guard let child = mirror.children.first, let label = child.label else {
                names.append(String(describing: current))
                break
            }
            names.append(label)
            // The payload: a lone value, or the last element of a tuple (the child action
            // of `.todo(id:, action)`).
            let payload = Mirror(reflecting: child.value)
            if payload.displayStyle == .tuple, let last = Array(payload.children).last {
                current = last.value
            } else {
                current = child.value
            }
        }
        return names.isEmpty ? String(describing: type(of: value)) : names.joined(separator: ".")
    }
}
