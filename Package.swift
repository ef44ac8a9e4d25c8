// swift-tools-version: 6.2
// 6.2: the library uses `isolated deinit` (SE-0371).
import PackageDescription

// The library's internal invariant checks (see `_isInternalCheckingEnabled`): on when the
// environment variable SUBSTATE_INTERNAL_CHECKS is set, as in CI's sanitizer runs; off in
// every other build, so an app's debug build does not pay for them.
let internalChecks: [SwiftSetting] =
    Context.environment["SUBSTATE_INTERNAL_CHECKS"] == nil
    ? [] : [.define("SUBSTATE_INTERNAL_CHECKS")]

let package = Package(
    name: "Substate",
    platforms: [
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "Substate", targets: ["Substate"]),
        .library(name: "SubstateTesting", targets: ["SubstateTesting"]),
        // SwiftUI glue; an empty module where SwiftUI is not available (Linux).
        .library(name: "SubstateUI", targets: ["SubstateUI"]),
        .executable(name: "countdown", targets: ["CountdownSample"]),
        .executable(name: "todos", targets: ["TodosSample"]),
        .executable(name: "search", targets: ["SearchSample"]),
        .executable(name: "stopwatch", targets: ["StopwatchSample"]),
        .executable(name: "inbox", targets: ["InboxSample"]),
        .executable(name: "contacts", targets: ["ContactsSample"]),
        .executable(name: "substate-benchmark", targets: ["SubstateBenchmark"]),
        .executable(name: "substate-inspect", targets: ["substate-inspect"]),
    ],
    targets: [
        .target(name: "Substate", swiftSettings: internalChecks),
        .target(name: "SubstateTesting", dependencies: ["Substate"]),
        .target(name: "SubstateUI", dependencies: ["Substate"]),
        .target(name: "SubstateInspector", dependencies: ["Substate"]),
        .executableTarget(name: "substate-inspect", dependencies: ["SubstateInspector"]),
        .executableTarget(
            name: "CountdownSample",
            dependencies: ["Substate"],
            path: "Samples/Countdown"
        ),
        .target(
            name: "TodosCore",
            dependencies: ["Substate"],
            path: "Samples/Todos/TodosCore"
        ),
        .executableTarget(
            name: "TodosSample",
            dependencies: ["Substate", "TodosCore"],
            path: "Samples/Todos/CLI"
        ),
        .target(name: "SearchCore", dependencies: ["Substate"], path: "Samples/Search/SearchCore"),
        .executableTarget(
            name: "SearchSample",
            dependencies: ["Substate", "SearchCore"],
            path: "Samples/Search/CLI"
        ),
        .target(
            name: "StopwatchCore", dependencies: ["Substate"],
            path: "Samples/Stopwatch/StopwatchCore"
        ),
        .executableTarget(
            name: "StopwatchSample",
            dependencies: ["Substate", "StopwatchCore"],
            path: "Samples/Stopwatch/CLI"
        ),
        .target(name: "InboxCore", dependencies: ["Substate"], path: "Samples/Inbox/InboxCore"),
        .executableTarget(
            name: "InboxSample",
            dependencies: ["Substate", "InboxCore"],
            path: "Samples/Inbox/CLI"
        ),
        .target(
            name: "ContactsCore", dependencies: ["Substate"],
            path: "Samples/Contacts/ContactsCore"
        ),
        .executableTarget(
            name: "ContactsSample",
            dependencies: ["Substate", "ContactsCore"],
            path: "Samples/Contacts/CLI"
        ),
        // The SwiftUI front end: empty where SwiftUI is not available (Linux), where CI
        // type-checks it against the stand-in SwiftUI instead (.ci/typecheck-swiftui).
        .target(
            name: "ContactsUI", dependencies: ["Substate", "SubstateUI", "ContactsCore"],
            path: "Samples/Contacts/ContactsUI"
        ),
        .executableTarget(
            name: "SubstateBenchmark",
            dependencies: ["Substate", "SubstateTesting"],
            path: "Benchmarks/SubstateBenchmark"
        ),
        // Helpers that more than one test target uses (a seeded generator, a signal).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // An enum built without reflection metadata, for the tests of what case lenses do then.
        .target(
            name: "NoReflectionFixture", path: "Tests/NoReflectionFixture",
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]
        ),
        .testTarget(
            name: "SubstateTests",
            dependencies: ["Substate", "TestSupport", "NoReflectionFixture"]
        ),
        .testTarget(
            name: "SubstateTestingTests",
            dependencies: ["Substate", "SubstateTesting", "TestSupport"]
        ),
        .testTarget(
            name: "SampleTests",
            dependencies: [
                "Substate", "SubstateTesting", "TodosCore", "TodosSample", "SearchCore",
                "SearchSample", "StopwatchCore", "StopwatchSample", "InboxCore", "InboxSample",
                "ContactsCore", "ContactsSample",
                "substate-inspect",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "SubstateInspectorTests",
            dependencies: [
                "Substate", "SubstateInspector", "substate-inspect", "TestSupport", "TodosCore",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
