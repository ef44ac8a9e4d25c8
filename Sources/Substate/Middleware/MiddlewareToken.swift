/// Identifies a middleware added to a running store with ``Store/addMiddleware(_:)``, to
/// remove it with ``Store/removeMiddleware(_:)``.
public struct MiddlewareToken: Hashable, Sendable {
    let id: Int
}
