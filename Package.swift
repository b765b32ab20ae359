// swift-tools-version: 6.0
// swift-lock-lint: a static reviewer for Swift concurrency. No package dependencies by design.
import PackageDescription

let package = Package(
    name: "swift-lock-lint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "swift-lock-lint", targets: ["swift-lock-lint"]),
        .library(name: "LockLintCore", targets: ["LockLintCore"]),
    ],
    targets: [
        // The engine: sources and line tables, lexer, structure, rule API, diagnostics,
        // suppressions, configuration, reporters and the pipeline that ties them together.
        .target(name: "LockLintCore", path: "Sources/LockLintCore"),
        // One file per rule, plus the registry.
        .target(name: "LockLintRules", dependencies: ["LockLintCore"], path: "Rules"),
        // Argument parsing and the run loop; `main` only calls `CLI.run`.
        .target(name: "LockLintCLI", dependencies: ["LockLintCore", "LockLintRules"], path: "Sources/LockLintCLI"),
        .executableTarget(name: "swift-lock-lint", dependencies: ["LockLintCLI"], path: "Sources/swift-lock-lint"),
        .testTarget(
            name: "LockLintTests",
            dependencies: ["LockLintCore", "LockLintRules", "LockLintCLI"],
            path: "Tests/LockLintTests",
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
