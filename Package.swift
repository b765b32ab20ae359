// swift-tools-version: 6.1
// swift-lock-lint: a static reviewer for Swift concurrency. No package dependencies by design.
import PackageDescription

let package = Package(
    name: "swift-lock-lint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "swift-lock-lint", targets: ["swift-lock-lint"]),
        .library(name: "LockLintCore", targets: ["LockLintCore"]),
        .plugin(name: "LockLintCommand", targets: ["LockLintCommand"]),
        .plugin(name: "LockLintBuildTool", targets: ["LockLintBuildTool"]),
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
        // `swift package lock-lint`: lint the package's targets (or the paths given).
        .plugin(
            name: "LockLintCommand",
            capability: .command(
                intent: .custom(verb: "lock-lint", description: "Lint Swift concurrency (locks, actors, @unchecked Sendable)")
            ),
            dependencies: ["swift-lock-lint"],
            path: "Plugins/LockLintCommand"
        ),
        // Add to a target's `plugins:` to lint it on every build; findings appear as diagnostics.
        .plugin(
            name: "LockLintBuildTool",
            capability: .buildTool(),
            dependencies: ["swift-lock-lint"],
            path: "Plugins/LockLintBuildTool"
        ),
        .testTarget(
            name: "LockLintTests",
            dependencies: ["LockLintCore", "LockLintRules", "LockLintCLI"],
            path: "Tests/LockLintTests",
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
