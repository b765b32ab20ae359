import LockLintCore
import LockLintRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line: parse arguments, run the pipeline, write the report, return the exit code.
public enum CLI {
    public static let version = "0.1.0"

    public enum ExitCode {
        public static let clean: Int32 = 0
        public static let findings: Int32 = 1
        public static let usage: Int32 = 2
    }

    /// Runs the tool. Output goes through `io`, so tests can capture it.
    public static func run(_ args: [String], io: IO = .standard) async -> Int32 {
        let options: Options
        do {
            options = try Options.parse(args)
        } catch let e as UsageError {
            io.err("swift-lock-lint: \(e.message)\n")
            io.err("Run 'swift-lock-lint --help' for usage.\n")
            return ExitCode.usage
        } catch {
            return ExitCode.usage
        }
        switch options.mode {
        case .help:
            io.out(Options.helpText)
            return ExitCode.clean
        case .version:
            io.out("swift-lock-lint \(version)\n")
            return ExitCode.clean
        case .listRules:
            io.out(RuleDocs.list(RuleRegistry.all))
            return ExitCode.clean
        case .explain(let id):
            guard let rule = RuleRegistry.rule(id) else {
                io.err("swift-lock-lint: unknown rule '\(id)'; see --list-rules\n")
                return ExitCode.usage
            }
            io.out(RuleDocs.explain(rule.description))
            return ExitCode.clean
        case .dumpTokens(let path):
            do {
                let bytes = try FileIO.readFile(path)
                let file = SourceFile(path: path, bytes: bytes)
                io.out(TokenDump.render(file, tokens: Lexer.tokenize(bytes)))
                return ExitCode.clean
            } catch let e as FileIOError {
                io.err("swift-lock-lint: cannot read \(e.path): \(e.reason)\n")
                return ExitCode.usage
            } catch {
                return ExitCode.usage
            }
        case .lint:
            return await lint(options, io: io)
        case .benchmarkLexer:
            return await benchmarkLexer(options, io: io)
        case .markdownRules:
            io.out(RuleDocs.markdownTable(RuleRegistry.all))
            return ExitCode.clean
        }
    }

    static func lint(_ options: Options, io: IO) async -> Int32 {
        let clock = ContinuousClock()
        let started = clock.now
        // Which rules run.
        for id in options.onlyRules where RuleRegistry.rule(id) == nil {
            io.err("swift-lock-lint: unknown rule '\(id)' for --only-rule; see --list-rules\n")
            return ExitCode.usage
        }
        let configuration = Configuration()
        var rules: [any Rule] = []
        for rule in RuleRegistry.all {
            let d = rule.description
            var on = d.enabledByDefault
            if let setting = configuration.rules[d.id], let enabled = setting.enabled { on = enabled }
            if options.enableAll { on = true }
            if !options.onlyRules.isEmpty { on = options.onlyRules.contains(d.id) }
            if on { rules.append(rule) }
        }
        var severities: [String: Severity] = [:]
        for rule in rules {
            severities[rule.description.id] = configuration.rules[rule.description.id]?.severity ?? rule.description.defaultSeverity
        }
        let settings = LintSettings(rules: rules, severities: severities, configuration: configuration,
                                    includeGenerated: options.includeGenerated, jobs: options.jobs,
                                    knownRuleIDs: Set(RuleRegistry.ids))
        // Which files.
        var inputs: [LintInput] = []
        if let stdinPath = options.stdinPath {
            inputs.append(LintInput(path: stdinPath, bytes: io.readStdin()))
        } else {
            let walk = FileWalker.walk(options.paths.isEmpty ? ["."] : options.paths)
            if !walk.missing.isEmpty {
                for m in walk.missing { io.err("swift-lock-lint: no such file or directory: \(m)\n") }
                return ExitCode.usage
            }
            for e in walk.errors { io.err("swift-lock-lint: cannot read directory \(e.path): \(e.reason)\n") }
            inputs = walk.files.map { LintInput(path: $0) }
        }
        let report = await Linter.lint(inputs, settings: settings)
        io.out(TextReporter.render(report.diagnostics, style: .init(color: options.color(isTerminal: io.stdoutIsTerminal))))
        let elapsed = clock.now - started
        if !options.quiet {
            io.err(summary(report, elapsed: elapsed))
        }
        let failing = report.diagnostics.contains { d in
            switch options.failOn {
            case .never: return false
            case .warning: return true
            case .error: return d.severity == .error
            }
        }
        return failing ? ExitCode.findings : ExitCode.clean
    }

    /// Reads every file, then lexes them all (no structure, no rules), and prints the lexing
    /// throughput apart from the reading.
    static func benchmarkLexer(_ options: Options, io: IO) async -> Int32 {
        let clock = ContinuousClock()
        let files = FileWalker.walk(options.paths.isEmpty ? ["."] : options.paths).files
        let jobs = options.jobs > 0 ? options.jobs : ProcessorCount.online
        let readStart = clock.now
        let contents = await Linter.parallelMap(files.count, jobs: jobs) { i -> [UInt8] in
            (try? FileIO.readFile(files[i])) ?? []
        }
        let readTime = clock.now - readStart
        let lexStart = clock.now
        let tokens = await Linter.parallelMap(contents.count, jobs: jobs) { i -> Int in
            Lexer.tokenize(contents[i]).count
        }
        let lexTime = clock.now - lexStart
        let bytes = contents.reduce(0) { $0 + $1.count }
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        let lexSeconds = seconds(lexTime)
        io.out("files \(files.count) bytes \(bytes) tokens \(tokens.reduce(0, +)) read_seconds \(formatSeconds(seconds(readTime))) "
               + "lex_seconds \(formatSeconds(lexSeconds)) lex_MB/s \(Int(Double(bytes) / 1e6 / max(lexSeconds, 1e-9)))\n")
        return ExitCode.clean
    }

    static func summary(_ report: LintReport, elapsed: Duration) -> String {
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let warnings = report.diagnostics.count - errors
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var s = "swift-lock-lint: \(report.filesLinted) file\(report.filesLinted == 1 ? "" : "s") linted, "
        s += "\(report.diagnostics.count) finding\(report.diagnostics.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))"
        s += " in \(formatSeconds(seconds))"
        if report.generatedSkipped > 0 {
            s += "; \(report.generatedSkipped) generated file\(report.generatedSkipped == 1 ? "" : "s") skipped (--include-generated to lint them)"
        }
        return s + "\n"
    }

    static func formatSeconds(_ s: Double) -> String {
        let ms = Int((s * 1000).rounded())
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000)s"
    }

    public static func exit(with code: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }
}
