// swift-tools-version: 6.1
// A package that uses swift-lock-lint's plugins, to demonstrate and test them:
//   swift package --package-path TestFixtures/packages/PluginDemo lock-lint
//   swift build --package-path TestFixtures/packages/PluginDemo
import PackageDescription

let package = Package(
    name: "PluginDemo",
    dependencies: [.package(name: "swift-lock-lint", path: "../../..")],
    targets: [
        .target(
            name: "Demo",
            plugins: [.plugin(name: "LockLintBuildTool", package: "swift-lock-lint")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
