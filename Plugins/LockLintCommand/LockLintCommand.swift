import Foundation
import PackagePlugin

/// `swift package lock-lint [options] [PATH…]`: lints the package's source targets (or the paths
/// given) with swift-lock-lint. Options are passed through (`--format sarif`, `--only-rule …`).
@main
struct LockLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let rest = extractor.remainingArguments
        var paths: [String] = []
        if rest.allSatisfy({ $0.hasPrefix("-") }) {
            // No paths given: the package's Swift source targets (or the ones named with --target).
            for target in context.package.targets {
                guard let source = target as? SourceModuleTarget, source.kind != .test || !targetNames.isEmpty else { continue }
                if !targetNames.isEmpty && !targetNames.contains(target.name) { continue }
                paths.append(target.directoryURL.path)
            }
        }
        try run(tool: context.tool(named: "swift-lock-lint").url, arguments: rest + paths, in: context.package.directoryURL)
    }

    func run(tool: URL, arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .exit && process.terminationStatus == 1 {
            Diagnostics.error("swift-lock-lint found problems")
        } else if process.terminationStatus != 0 {
            Diagnostics.error("swift-lock-lint exited with status \(process.terminationStatus)")
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LockLintCommand: XcodeCommandPlugin {
    /// In Xcode: File ▸ Packages… or the project's context menu runs it on the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(tool: context.tool(named: "swift-lock-lint").url, arguments: arguments + [context.xcodeProject.directoryURL.path],
                in: context.xcodeProject.directoryURL)
    }
}
#endif
