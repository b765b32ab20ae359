import Foundation
import PackagePlugin

/// `swift package lock-lint [options] [PATH…]`: lints the package's source targets (or the paths
/// given) with swift-lock-lint. Options are passed through (`--format sarif`, `--only-rule …`)
/// and parsed by the tool itself, so an option's value is never taken for a path; the targets
/// are handed over as the paths to lint when no path is named (`--default-path`).
@main
struct LockLintCommand: CommandPlugin {
    struct PluginError: Error, CustomStringConvertible {
        var description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (targetNames, passThrough) = try Self.extractTargets(arguments)
        let sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        for name in targetNames where !sources.contains(where: { $0.name == name }) {
            let known = sources.map(\.name).sorted().joined(separator: ", ")
            let what = context.package.targets.contains(where: { $0.name == name }) ? "has no Swift sources" : "is not a target of this package"
            throw PluginError(description: "'\(name)' \(what) (source targets: \(known.isEmpty ? "none" : known))")
        }
        // No paths named: the package's source targets without its tests, or the ones named with --target.
        let chosen = sources.filter { targetNames.isEmpty ? $0.kind != .test : targetNames.contains($0.name) }
        let defaults = chosen.flatMap { ["--default-path", $0.directoryURL.path] }
        if defaults.isEmpty {
            throw PluginError(description: "this package has no Swift source targets to lint; name the paths to lint")
        }
        try run(tool: context.tool(named: "swift-lock-lint").url, arguments: passThrough + defaults, in: context.package.directoryURL,
                work: context.pluginWorkDirectoryURL)
    }

    /// Takes `--target NAME` and `--target=NAME` out of the arguments (not after `--`).
    static func extractTargets(_ arguments: [String]) throws -> (targets: [String], rest: [String]) {
        var targets: [String] = []
        var rest: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" {
                rest += arguments[i...]
                break
            }
            if a == "--target" {
                guard i + 1 < arguments.count else { throw PluginError(description: "--target needs a target name") }
                targets.append(arguments[i + 1])
                i += 2
                continue
            }
            if a.hasPrefix("--target=") {
                targets.append(String(a.dropFirst("--target=".count)))
            } else {
                rest.append(a)
            }
            i += 1
        }
        return (targets, rest)
    }

    /// Runs the tool and relays what it printed, then ends as it did. SwiftPM prints a command
    /// plugin's output (both of its streams) on its standard output, after any diagnostic, so the
    /// tool's standard error (its summary) becomes remarks on SwiftPM's standard error, and a
    /// failure is the exit status alone: no diagnostic ahead of the findings in a redirected log.
    func run(tool: URL, arguments: [String], in directory: URL, work: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errFile = work.appendingPathComponent("swift-lock-lint-stderr.txt")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)  // an unwritable folder fails in the next line
        let errHandle = try FileHandle(forWritingTo: errFile)
        defer { try? errHandle.close() }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errHandle
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        FileHandle.standardOutput.write(data)
        let errText = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        for line in errText.split(separator: "\n") { Diagnostics.progress(String(line)) }
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            exit(process.terminationReason == .exit ? process.terminationStatus : 2)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LockLintCommand: XcodeCommandPlugin {
    /// In Xcode: File ▸ Packages… or the project's context menu runs it on the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let (_, passThrough) = try Self.extractTargets(arguments)
        try run(tool: context.tool(named: "swift-lock-lint").url,
                arguments: passThrough + ["--default-path", context.xcodeProject.directoryURL.path],
                in: context.xcodeProject.directoryURL, work: context.pluginWorkDirectoryURL)
    }
}
#endif
