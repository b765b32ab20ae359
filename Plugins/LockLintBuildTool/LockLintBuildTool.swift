import Foundation
import PackagePlugin

/// A build-tool plugin: every build of a target that uses it runs swift-lock-lint on the target's
/// Swift files, and the findings appear as compiler diagnostics (warnings; errors fail the build).
/// The command is rerun only when one of the target's Swift files, or a configuration file that
/// governs them (`.swift-lock-lint.json` in their folder or any folder above), changes.
@main
struct LockLintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let source = target as? SourceModuleTarget else { return [] }
        let files = source.sourceFiles(withSuffix: "swift").map(\.url)
        guard !files.isEmpty else { return [] }
        return [command(tool: try context.tool(named: "swift-lock-lint").url, name: target.name, files: files,
                        work: context.pluginWorkDirectoryURL, root: context.package.directoryURL)]
    }

    func command(tool: URL, name: String, files: [URL], work: URL, root: URL) -> Command {
        let stamp = work.appendingPathComponent("swift-lock-lint-\(name).stamp")
        return .buildCommand(
            displayName: "swift-lock-lint \(name)",
            executable: tool,
            arguments: ["--quiet", "--build-log", "--fail-on", "error", "--stamp", stamp.path] + files.map(\.path),
            inputFiles: files + configurations(governing: files, within: root),
            outputFiles: [stamp])
    }

    /// The configuration files the tool discovers for these files: `.swift-lock-lint.json` in
    /// each file's folder and in every folder above it, up to the package (or project) folder.
    /// Folders above it are not watched: a file that comes and goes in a shared folder such as
    /// the temporary folder would otherwise fail the build as a missing input.
    func configurations(governing files: [URL], within root: URL) -> [URL] {
        var found: [URL] = []
        var visited = Set<String>()
        let top = root.standardizedFileURL.path
        for file in files {
            var folder = file.deletingLastPathComponent().standardizedFileURL.path
            while !folder.isEmpty && (folder == top || folder.hasPrefix(top + "/")) && visited.insert(folder).inserted {
                let candidate = URL(fileURLWithPath: folder).appendingPathComponent(".swift-lock-lint.json")
                if FileManager.default.fileExists(atPath: candidate.path) { found.append(candidate) }
                folder = (folder as NSString).deletingLastPathComponent  // "/" stays "/", which is then visited
            }
        }
        return found
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LockLintBuildTool: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard !files.isEmpty else { return [] }
        return [command(tool: try context.tool(named: "swift-lock-lint").url, name: target.displayName, files: files,
                        work: context.pluginWorkDirectoryURL, root: context.xcodeProject.directoryURL)]
    }
}
#endif
