import Foundation
import LockLintCore
import LockLintRules

/// `swift-lock-lint --lsp-worker` (hidden): lints the documents the language server sends over
/// standard input, one at a time, and answers each on standard output (`WorkerProtocol`).
///
/// A document is linted as the server itself once did: alone, with the rules and severities of
/// the configuration file the server found for it (the file's bytes come with the request),
/// generated files included, and the file's context (test code, deployment, isolation) worked
/// out from the package around its path, as on the command line. A cancel stops the lint
/// between rules. When standard input closes (the server exited, or died) the worker ends at
/// once, even in the middle of a lint.
enum LintWorker {
    /// Test hook, read only in worker mode: `SWIFT_LOCK_LINT_WORKER_TEST_HOOK=crash:MARKER` makes
    /// the worker trap, and `hang:MARKER` loop forever, on a document whose text contains MARKER
    /// (the language server's tests use it to play a crash or a hang in the analysis).
    static let testHookVariable = "SWIFT_LOCK_LINT_WORKER_TEST_HOOK"

    static func run() async -> Int32 {
        #if os(Linux)
        // Started as /proc/self/exe, the worker would be listed as `exe` by ps and top. (A
        // kernel setting, not a file: written in place.)
        let comm = open("/proc/self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 {
            _ = StandardStreams.write(comm, Array("swift-lock-lint".utf8))
            close(comm)
        }
        #endif
        let (requests, continuation) = AsyncStream.makeStream(of: WorkerRequest.self)
        // Standard input is read on a thread of its own, so a cancel is seen while a lint runs.
        let reader = Thread {
            let problem = WireFrameReader.readFrames(0) { payload in
                do throws(WireError) {
                    continuation.yield(try WorkerRequest(decoding: payload))
                    return true
                } catch {
                    StandardStreams.write(2, "swift-lock-lint --lsp-worker: malformed request (\(error.what))\n")
                    return false
                }
            }
            // The server is gone (or spoke nonsense): nothing is left to answer.
            _exit(problem == nil ? 0 : 3)
        }
        reader.start()
        let hook = Environment.get(testHookVariable).map(TestHook.init)
        var profiles = Profiles()
        var current: (id: Int, task: Task<Void, Never>)? = nil
        for await request in requests {
            switch request {
            case .lint(let job):
                // The server sends one lint at a time; should it not, the answers still go out
                // one after the other.
                await current?.task.value
                let settings = profiles.settings(path: job.configurationPath, bytes: job.configuration)
                current = (job.id, Task {
                    hook?.apply(to: job.text)
                    let report = await Linter.lint([LintInput(path: job.path, bytes: job.text)], settings: settings)
                    let reply: WorkerReply = Task.isCancelled ? .cancelled(id: job.id) : .result(id: job.id, diagnostics: report.diagnostics)
                    guard StandardStreams.write(1, reply.frame) else { _exit(0) }  // the server is gone
                })
            case .cancel(let id):
                if let running = current, running.id == id { running.task.cancel() }
            }
        }
        return CLI.ExitCode.clean
    }

    /// The lint settings of each configuration file, parsed once per contents.
    struct Profiles {
        private var cache: [String: (bytes: [UInt8], settings: LintSettings)] = [:]
        private var defaults: LintSettings?

        mutating func settings(path: String?, bytes: [UInt8]) -> LintSettings {
            guard let path else {
                if let defaults { return defaults }
                let made = LintWorker.settings(Configuration())
                defaults = made
                return made
            }
            if let cached = cache[path], cached.bytes == bytes { return cached.settings }
            // The server sends only a configuration it could parse; should this one not parse
            // after all, the defaults apply.
            let configuration = (try? ConfigurationLoader.parse(bytes, path: path, knownRules: Set(RuleRegistry.ids))) ?? Configuration()
            let made = LintWorker.settings(configuration)
            cache[path] = (bytes, made)
            return made
        }
    }

    /// The settings the language server lints with: every rule the configuration turns on,
    /// generated files included (a document open in an editor is linted), one file at a time.
    static func settings(_ configuration: Configuration) -> LintSettings {
        let profile = CLI.profile(for: configuration, options: Options())
        return LintSettings(profiles: [profile], includeGenerated: true, jobs: 1, knownRuleIDs: Set(RuleRegistry.ids))
    }

    struct TestHook: Sendable {
        var crash: Bool
        var marker: [UInt8]

        init(_ value: String) {
            crash = value.hasPrefix("crash:")
            marker = Array(value.drop { $0 != ":" }.dropFirst().utf8)
        }

        func apply(to text: [UInt8]) {
            guard !marker.isEmpty, text.count >= marker.count else { return }
            for start in 0...(text.count - marker.count) where text[start..<(start + marker.count)].elementsEqual(marker) {
                if crash { fatalError("test hook: trapped on the marker") }
                while true { sleep(1) }
            }
        }
    }
}
