// A stand-in for the parts of SwiftUI that SubstateUI and a list–detail app's views use, with
// the signatures of Apple's SDK (iOS 18 / macOS 15), so that `.ci/typecheck-swiftui` can
// type-check SubstateUI and the samples' views on Linux.
// It checks our code against these declarations, not against SwiftUI itself: keep each one
// as Apple documents it.
import Foundation
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
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> {
        TupleView((c0, c1))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
}

public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init(_ content: String) {}
    public init(verbatim content: String) {}
    public var body: Never { fatalError() }
}

public struct Toggle: View {
    public init(_ title: String, isOn: Binding<Bool>) {}
    public var body: Never { fatalError() }
}

public struct Button: View {
    public init(_ title: String, action: @escaping @MainActor () -> Void) {}
    public init<S: StringProtocol>(
        _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {}
    public var body: Never { fatalError() }
}

public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {}
    public var body: Never { fatalError() }
}

public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

public struct ModifiedContent<Content, Modifier> {
    public init(content: Content, modifier: Modifier) {}
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

public struct NavigationStack<Data, Root: View>: View {
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection,
        Data: RangeReplaceableCollection, Data.Element: Hashable
    {}
    public var body: Never { fatalError() }
}

public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing
}

extension View {
    public func id<ID: Hashable>(_ id: ID) -> some View { self }

    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }

    public func navigationDestination<V: View>(
        isPresented: Binding<Bool>, @ViewBuilder destination: () -> V
    ) -> some View { self }

    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }

    @available(macOS, unavailable)
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }

    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public func popover<Content: View>(
        isPresented: Binding<Bool>, arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }

    public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { self }

    public func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { self }
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
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}
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

// What a list–detail app's own views use beyond SubstateUI: stacks, forms, lifecycle,
// search, toolbars and titles.

public struct NavigationPath {
    public init() {}
}

extension NavigationStack where Data == NavigationPath {
    public init(@ViewBuilder root: () -> Root) {}
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
}

public struct VStack<Content: View>: View {
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { fatalError() }
}

public struct HStack<Content: View>: View {
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { fatalError() }
}

public struct Form<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct Section<Parent, Content, Footer>: View {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content)
    where Parent == Text, Content: View, Footer == EmptyView {}
    public init(@ViewBuilder content: () -> Content) where Parent == EmptyView, Content: View,
        Footer == EmptyView
    {}
    public var body: Never { fatalError() }
}

public struct SearchFieldPlacement: Sendable {
    public static let automatic = SearchFieldPlacement()
}

public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement()
    public static let primaryAction = ToolbarItemPlacement()
    public static let confirmationAction = ToolbarItemPlacement()
    public static let cancellationAction = ToolbarItemPlacement()
}

@MainActor @preconcurrency
public protocol ToolbarContent {}

public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content)
    where ID == Void {}
}

public struct _ToolbarPair<C0: ToolbarContent, C1: ToolbarContent>: ToolbarContent {}

@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content {
        content
    }
    public static func buildBlock<C0: ToolbarContent, C1: ToolbarContent>(_ c0: C0, _ c1: C1)
        -> _ToolbarPair<C0, C1>
    { fatalError() }
}

extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    public func task(
        priority: TaskPriority = .userInitiated,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }

    public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> some View { self }

    public func searchable<S: StringProtocol>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View { self }

    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }

    public func toolbar<Content: ToolbarContent>(
        @ToolbarContentBuilder content: () -> Content
    ) -> some View { self }

    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }
}
