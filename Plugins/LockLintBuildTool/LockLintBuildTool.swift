import Foundation
import PackagePlugin

/// A build-tool plugin: every build of a target that uses it runs swift-lock-lint on the target's
/// Swift files, and the findings appear as compiler diagnostics (warnings; errors fail the build).
/// The command is rerun only when one of the target's Swift files changes.
@main
struct LockLintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let source = target as? SourceModuleTarget else { return [] }
        let files = source.sourceFiles(withSuffix: "swift").map(\.url)
        guard !files.isEmpty else { return [] }
        return [command(tool: try context.tool(named: "swift-lock-lint").url, name: target.name, files: files,
                        work: context.pluginWorkDirectoryURL)]
    }

    func command(tool: URL, name: String, files: [URL], work: URL) -> Command {
        let stamp = work.appendingPathComponent("swift-lock-lint-\(name).stamp")
        return .buildCommand(
            displayName: "swift-lock-lint \(name)",
            executable: tool,
            arguments: ["--quiet", "--fail-on", "error", "--stamp", stamp.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LockLintBuildTool: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard !files.isEmpty else { return [] }
        return [command(tool: try context.tool(named: "swift-lock-lint").url, name: target.displayName, files: files,
                        work: context.pluginWorkDirectoryURL)]
    }
}
#endif
