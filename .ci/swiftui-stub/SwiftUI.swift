// A stand-in for the parts of SwiftUI that SubstateUI uses, with the signatures of Apple's
// SDK (iOS 18 / macOS 15), so that `.ci/typecheck-swiftui` can type-check SubstateUI on Linux.
// It checks our code against these declarations, not against SwiftUI itself: keep each one
// as Apple documents it.
import Observation

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init(_ content: String) {}
    public var body: Never { fatalError() }
}

public struct Toggle: View {
    public init(_ title: String, isOn: Binding<Bool>) {}
    public var body: Never { fatalError() }
}

public struct Button: View {
    public init(_ title: String, action: @escaping @MainActor () -> Void) {}
    public var body: Never { fatalError() }
}

public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    public static let easeInOut = Animation()
}

public func withAnimation<Result>(
    _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
    try body()
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    @preconcurrency
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
        -> Binding<Subject>
    { fatalError() }
}

extension View {
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { self }
}

@propertyWrapper
public struct Environment<Value> {
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    public var wrappedValue: Value { fatalError() }
}

// For the SwiftUI article's examples (.ci/check-doc-snippets).

@propertyWrapper
public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

extension Never: Scene {}

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    @MainActor public static func main() {}
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct List<Content: View>: View {
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == EmptyView, Data.Element: Identifiable {}
    public var body: Never { fatalError() }
}

public struct TextField: View {
    public init(_ titleKey: String, text: Binding<String>) {}
    public var body: Never { fatalError() }
}

public struct Stepper: View {
    public init(
        _ titleKey: String, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?
    ) {}
    public var body: Never { fatalError() }
}
