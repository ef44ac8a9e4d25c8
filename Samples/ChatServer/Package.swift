// swift-tools-version:6.0
import PackageDescription

// A sample outside the library's package graph: a WebSocket chat server on Hummingbird in
// which every connection runs its own program on an `ActorStore`, and a load test for it.
// The library itself declares no dependency; this package does.
let package = Package(
    name: "ChatServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "chat-server", targets: ["ChatServer"]),
        .executable(name: "chat-load", targets: ["ChatLoad"]),
    ],
    dependencies: [
        .package(name: "Substate", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(
            url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    ],
    targets: [
        .target(name: "ChatCore", dependencies: [.product(name: "Substate", package: "Substate")]),
        .executableTarget(
            name: "ChatServer",
            dependencies: [
                "ChatCore",
                .product(name: "Substate", package: "Substate"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]),
        .executableTarget(
            name: "ChatLoad",
            dependencies: [
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket")
            ]),
        .testTarget(
            name: "ChatCoreTests",
            dependencies: [
                "ChatCore",
                .product(name: "Substate", package: "Substate"),
                .product(name: "SubstateTesting", package: "Substate"),
            ]),
    ]
)
