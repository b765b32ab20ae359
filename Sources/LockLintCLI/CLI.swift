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
                io.err("swift-lock-lint: unknown rule '\(id)'\(Spelling.hint(id, in: RuleRegistry.ids)); see --list-rules\n")
                return ExitCode.usage
            }
            io.out(RuleDocs.explain(rule.description))
            return ExitCode.clean
        case .dumpTokens(let path):
            do {
                let bytes = try FileIO.readFile(path)
                let file = SourceFile(path: path, bytes: bytes)
                io.out(TokenDump.render(file, tokens: Lexer.tokenize(bytes, keepNeverCompiled: true)))
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
        case .lsp:
            return await LSPMain.run(io: io)
        case .lspWorker:
            return await LintWorker.run()
        }
    }

    static func lint(_ options: Options, io: IO) async -> Int32 {
        let clock = ContinuousClock()
        let started = clock.now
        for id in options.onlyRules where RuleRegistry.rule(id) == nil {
            io.err("swift-lock-lint: unknown rule '\(id)' for --only-rule\(Spelling.hint(id, in: RuleRegistry.ids)); see --list-rules\n")
            return ExitCode.usage
        }
        // Which files. A named path that does not exist, or a folder that cannot be read, is
        // reported and the run goes on with the rest; the exit code then says so (2 and at
        // least 1), so a CI gate never passes a tree it could not fully see.
        var candidates: [(path: String, bytes: [UInt8]?)] = []
        var exitFloor = ExitCode.clean
        if let stdinPath = options.stdinPath {
            candidates.append((stdinPath, io.readStdin()))
        } else {
            let walk = FileWalker.walk(!options.paths.isEmpty ? options.paths : !options.defaultPaths.isEmpty ? options.defaultPaths : ["."])
            for m in walk.missing { io.err("swift-lock-lint: no such file or directory: \(m)\n") }
            for e in walk.errors { io.err("swift-lock-lint: cannot read directory \(e.path): \(e.reason)\n") }
            if !walk.errors.isEmpty { exitFloor = ExitCode.findings }
            if !walk.missing.isEmpty {
                exitFloor = ExitCode.usage
                if walk.files.isEmpty { return ExitCode.usage }
            }
            candidates = walk.files.map { ($0, nil) }
            var withSkipped = options
            withSkipped.skippedDependencyFolders = walk.skippedDependencies
            withSkipped.inGeneratedFolders = walk.generated
            return max(exitFloor, await lint(candidates, options: withSkipped, io: io, clock: clock, started: started))
        }
        return max(exitFloor, await lint(candidates, options: options, io: io, clock: clock, started: started))
    }

    /// Lints the files found, with the configuration that applies to each.
    static func lint(_ candidates: [(path: String, bytes: [UInt8]?)], options: Options, io: IO,
                     clock: ContinuousClock, started: ContinuousClock.Instant) async -> Int32 {
        let known = Set(RuleRegistry.ids)
        var configurations: [Configuration] = []
        var configIndex: [String: Int] = [:]  // config path → index
        var byDirectory: [String: Int] = [:]  // folder → index (0: the defaults, `broken`: a broken configuration)
        var discovered: [String: String?] = [:]  // folder → nearest configuration file
        func loadConfig(_ path: String) throws -> Int {
            if let k = configIndex[path] { return k }
            let c = try ConfigurationLoader.load(path: path, knownRules: known)
            configurations.append(c)
            configIndex[path] = configurations.count - 1
            return configurations.count - 1
        }
        var inputs: [LintInput] = []
        var excludedCount = 0
        let cwd = currentDirectory()
        // A configuration given with --config that cannot be read stops the run. A discovered
        // one that cannot be read is reported once; the files it governs are not linted (with
        // the wrong settings their findings would be wrong), the others are, and the exit code is 2.
        var brokenConfigs: Set<String> = []
        var skipped = 0
        func report(_ error: any Error) {
            if let e = error as? ConfigurationError { io.err("\(e.description)\n") } else { io.err("swift-lock-lint: \(error)\n") }
        }
        let fixed: Int?
        do {
            fixed = try options.configPath.map { try loadConfig($0) }
        } catch {
            report(error)
            return ExitCode.usage
        }
        if fixed == nil { configurations.append(Configuration()) }  // index 0: the defaults
        let broken = -1
        for c in candidates {
            let dir = directory(of: c.path)
            var k: Int
            if let fixed {
                k = fixed
            } else if let cached = byDirectory[dir] {
                k = cached
            } else {
                k = 0
                if let found = ConfigurationLoader.discover(from: dir, cache: &discovered) {
                    do {
                        k = brokenConfigs.contains(found) ? broken : try loadConfig(found)
                    } catch {
                        report(error)
                        brokenConfigs.insert(found)
                        k = broken
                    }
                }
                byDirectory[dir] = k
            }
            if k == broken { skipped += 1; continue }
            if excluded(c.path, by: configurations[k], cliExcludes: options.excludes, cwd: cwd) {
                excludedCount += 1
                continue
            }
            inputs.append(LintInput(path: c.path, bytes: c.bytes, profile: k, inGeneratedFolder: options.inGeneratedFolders.contains(c.path)))
        }
        if !brokenConfigs.isEmpty && inputs.isEmpty { return ExitCode.usage }
        let code = await lint(inputs, configurations: configurations, excludedCount: excludedCount, skippedCount: skipped,
                              options: options, io: io, clock: clock, started: started)
        return brokenConfigs.isEmpty ? code : max(ExitCode.usage, code)
    }

    /// Lints and reports the files selected, each with its configuration's profile.
    static func lint(_ inputs: [LintInput], configurations: [Configuration], excludedCount: Int, skippedCount: Int = 0, options: Options, io: IO,
                     clock: ContinuousClock, started: ContinuousClock.Instant) async -> Int32 {
        let known = Set(RuleRegistry.ids)
        let profiles = configurations.map { profile(for: $0, options: options) }
        var settings = LintSettings(profiles: profiles, includeGenerated: options.includeGenerated, jobs: options.jobs, knownRuleIDs: known)
        settings.recordContentHashes = options.fix || options.diff
        var report = await Linter.lint(inputs, settings: settings)
        var fixSummary = ""
        if options.fix || options.diff {
            let outcome = applyFixes(report, inputs: inputs, options: options, io: io)
            if options.diff {
                io.out(outcome.diff)
                return outcome.changedFiles > 0 ? ExitCode.findings : ExitCode.clean
            }
            if options.stdinPath != nil {
                // An editor asked for the fixed buffer: print it, nothing else.
                io.out(String(decoding: outcome.stdinResult ?? inputs.first?.bytes ?? [], as: UTF8.self))
                return ExitCode.clean
            }
            fixSummary = "; fixed \(outcome.appliedEdits) finding\(outcome.appliedEdits == 1 ? "" : "s") in \(outcome.changedFiles) file\(outcome.changedFiles == 1 ? "" : "s")"
            if outcome.changedFiles > 0 {
                // Report what is left, from the files as they are now.
                report = await Linter.lint(inputs.map { LintInput(path: $0.path, bytes: nil, profile: $0.profile, inGeneratedFolder: $0.inGeneratedFolder) },
                                           settings: settings)
            }
        }

        // Identities (for baselines and fingerprints), with paths relative to the current folder.
        let base = currentDirectory()
        let lines = LineTextCache()
        for input in inputs where input.bytes != nil { lines.register(SourceFile(path: input.path, bytes: input.bytes!)) }
        let relative = { (p: String) -> String in
            var r = p
            if !base.isEmpty && r.hasPrefix(base) { r.removeFirst(base.count) }
            while r.hasPrefix("./") { r.removeFirst(2) }
            return r
        }
        var diagnostics = report.diagnostics
        // Identities need each reported line's text: computed only when something uses them.
        let needIdentities = options.baseline != nil || options.writeBaseline != nil || options.format == .json || options.format == .sarif
        var identities = needIdentities ? FindingIdentity.identities(diagnostics) { lines.line($0.path, $0.location.line) } : []
        for k in identities.indices { identities[k].path = relative(identities[k].path) }
        if let path = options.writeBaseline {
            // Recording today's findings is a success. A file that could not be read is not a
            // finding to accept: it is reported, and the exit code says so.
            var recorded: [FindingIdentity] = []
            var fileErrors: [Diagnostic] = []
            let rebase = baselinePaths(for: path, cwd: base)
            for (d, id) in zip(diagnostics, identities) {
                if d.ruleID == Linter.fileErrorRuleID { fileErrors.append(d); continue }
                var id = id
                id.path = rebase(d.path)
                recorded.append(id)
            }
            do {
                try FileIO.writeAtomically(path, Array(Baseline.render(recorded).utf8))
            } catch let e as FileIOError {
                io.err("swift-lock-lint: cannot write baseline \(e.path): \(e.reason)\n")
                return ExitCode.usage
            } catch {
                return ExitCode.usage
            }
            io.out(TextReporter.render(fileErrors))
            if !options.quiet {
                let n = recorded.count
                io.err("swift-lock-lint: recorded \(n) finding\(n == 1 ? "" : "s") in \(path) (\(report.filesLinted) file\(report.filesLinted == 1 ? "" : "s") linted)\n")
            }
            return fileErrors.isEmpty ? ExitCode.clean : ExitCode.findings
        }
        var baselined = 0
        if let path = options.baseline {
            do {
                let accepted = try Baseline.load(path)
                let rebase = baselinePaths(for: path, cwd: base)
                var keptD: [Diagnostic] = []
                var keptI: [FindingIdentity] = []
                for (d, id) in zip(diagnostics, identities) where needIdentities {
                    var key = id
                    key.path = rebase(d.path)
                    if d.ruleID != Linter.fileErrorRuleID && accepted.contains(key) { baselined += 1 } else { keptD.append(d); keptI.append(id) }
                }
                diagnostics = keptD
                identities = keptI
            } catch let e as Baseline.LoadError {
                io.err("\(e.description)\n")
                return ExitCode.usage
            } catch {
                return ExitCode.usage
            }
        }
        // The rules that ran under any configuration, in registry order.
        let ruleInfos = RuleRegistry.all.compactMap { r -> ReportContext.RuleInfo? in
            let d = r.description
            guard let profile = profiles.first(where: { $0.rules.contains { $0.description.id == d.id } }) else { return nil }
            return .init(id: d.id, name: d.name, summary: d.summary, rationale: d.rationale, fix: d.fix,
                         severity: profile.severities[d.id] ?? d.defaultSeverity)
        }
        var context = ReportContext(toolVersion: version, rules: ruleInfos, identities: identities, basePath: base,
                                    filesLinted: report.filesLinted)
        if options.format == .sarif {
            var paths = Set(diagnostics.map(\.path))
            for d in diagnostics { for n in d.notes { paths.insert(n.path) } }
            context.utf16Columns = UTF16Columns(paths.sorted().compactMap { lines.file($0) })
        }
        let rendered: String
        switch options.format {
        case .text:
            let color = options.output == nil && options.color(isTerminal: io.stdoutIsTerminal)
            rendered = TextReporter.render(diagnostics, style: .init(color: color, mentionsFix: !options.buildLog))
        case .json: rendered = JSONReporter.render(diagnostics, context: context)
        case .sarif: rendered = SARIFReporter.render(diagnostics, context: context)
        case .github:
            rendered = GitHubReporter.render(diagnostics, context: context)
            if let summaryPath = Environment.get("GITHUB_STEP_SUMMARY"), !summaryPath.isEmpty {
                appendFile(summaryPath, GitHubReporter.stepSummary(diagnostics, context: context))
            }
        case .checkstyle: rendered = CheckstyleReporter.render(diagnostics, context: context)
        }
        if let out = options.output {
            do {
                try FileIO.writeAtomically(out, Array(rendered.utf8))
            } catch let e as FileIOError {
                io.err("swift-lock-lint: cannot write \(e.path): \(e.reason)\n")
                return ExitCode.usage
            } catch {
                return ExitCode.usage
            }
        } else {
            io.out(rendered)
        }
        let elapsed = clock.now - started
        if Environment.get("SWIFT_LOCK_LINT_TIMING") != nil {
            for (name, d) in report.phaseTimes { io.err("timing: \(name): \(formatSeconds(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18))\n") }
            io.err("timing: total: \(formatSeconds(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))\n")
        }
        if !options.quiet {
            var report = report
            report.diagnostics = diagnostics
            io.err(summary(report, elapsed: elapsed, baselined: baselined, excluded: excludedCount, skipped: skippedCount, extra: fixSummary,
                           dependencies: options.skippedDependencyFolders))
        }
        if let stamp = options.stamp {
            try? FileIO.writeAtomically(stamp, Array("\(diagnostics.count) findings\n".utf8))
        }
        let failing = diagnostics.contains { d in
            switch options.failOn {
            case .never: return false
            case .warning: return true
            case .error: return d.severity == .error
            }
        }
        return failing ? ExitCode.findings : ExitCode.clean
    }

    /// The rules and severities a configuration and the command line select.
    static func profile(for configuration: Configuration, options: Options) -> LintProfile {
        var rules: [any Rule] = []
        var severities: [String: Severity] = [:]
        for rule in RuleRegistry.all {
            let d = rule.description
            var on = d.enabledByDefault
            if let setting = configuration.rules[d.id], let enabled = setting.enabled { on = enabled }
            if options.enableAll { on = true }
            if !options.onlyRules.isEmpty { on = options.onlyRules.contains(d.id) }
            if on {
                rules.append(rule)
                severities[d.id] = configuration.rules[d.id]?.severity ?? d.defaultSeverity
            }
        }
        return LintProfile(rules: rules, severities: severities, configuration: configuration)
    }

    /// Include/exclude globs of the configuration (relative to its folder) and of `--exclude`
    /// (relative to the current folder).
    static func excluded(_ path: String, by configuration: Configuration, cliExcludes: [String], cwd: String) -> Bool {
        let plain = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        for g in cliExcludes where Glob.matches(g, plain) || Glob.matches(g, path) { return true }
        guard !configuration.path.isEmpty, !(configuration.include.isEmpty && configuration.exclude.isEmpty) else { return false }
        let configDir = directory(of: configuration.path)
        let absolute = path.hasPrefix("/") ? path : cwd + plain
        var rel = absolute
        let absDir = configDir.hasPrefix("/") ? configDir : cwd + (configDir == "." ? "" : configDir)
        let prefix = absDir.hasSuffix("/") ? absDir : absDir + "/"
        if rel.hasPrefix(prefix) { rel.removeFirst(prefix.count) }
        if !configuration.include.isEmpty && !configuration.include.contains(where: { Glob.matches($0, rel) }) { return true }
        return configuration.exclude.contains { Glob.matches($0, rel) }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A function that gives a linted file's path relative to the folder of the baseline file
    /// `baseline`, through symbolic links (each folder resolved once).
    static func baselinePaths(for baseline: String, cwd: String) -> (String) -> String {
        func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : cwd + p }
        func resolved(_ folder: String) -> String {
            guard let r = realpath(folder, nil) else { return absolute(folder) }
            defer { free(r) }
            return String(cString: r)
        }
        let folder = resolved(directory(of: absolute(baseline)))
        var folders: [String: String] = [:]
        return { path in
            let dir = directory(of: absolute(path))
            let real: String
            if let known = folders[dir] { real = known } else { real = resolved(dir); folders[dir] = real }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return Baseline.relativePath(real + "/" + name, to: folder)
        }
    }

    /// The current folder with a trailing `/`.
    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "" }
        defer { free(cwd) }
        let s = String(cString: cwd)
        return s.hasSuffix("/") ? s : s + "/"
    }

    static func appendFile(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var t = text
        t.withUTF8 { buf in _ = write(fd, buf.baseAddress!, buf.count) }
    }

    /// Reads every file, then lexes them all (no structure, no rules), and prints the lexing
    /// throughput apart from the reading.
    static func benchmarkLexer(_ options: Options, io: IO) async -> Int32 {
        let clock = ContinuousClock()
        let walkStart = clock.now
        let files = FileWalker.walk(options.paths.isEmpty ? ["."] : options.paths).files
        let walkTime = clock.now - walkStart
        let jobs = options.jobs > 0 ? options.jobs : ProcessorCount.online
        let readStart = clock.now
        let contents = await Linter.parallelMap(files.count, jobs: jobs) { i -> [UInt8] in
            (try? FileIO.readFile(files[i])) ?? []
        }
        let readTime = clock.now - readStart
        let lexStart = clock.now
        let tokens = await Linter.parallelMap(contents.count, jobs: jobs) { i -> Int in
            let (code, comments) = Lexer.lex(contents[i]); return code.count + comments.count
        }
        let lexTime = clock.now - lexStart
        let bytes = contents.reduce(0) { $0 + $1.count }
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        let lexSeconds = seconds(lexTime)
        io.out("files \(files.count) bytes \(bytes) tokens \(tokens.reduce(0, +)) walk_seconds \(formatSeconds(seconds(walkTime))) read_seconds \(formatSeconds(seconds(readTime))) "
               + "lex_seconds \(formatSeconds(lexSeconds)) lex_MB/s \(Int(Double(bytes) / 1e6 / max(lexSeconds, 1e-9)))\n")
        return ExitCode.clean
    }

    struct FixOutcome {
        var diff = ""
        var changedFiles = 0
        var appliedEdits = 0
        var stdinResult: [UInt8]?
    }

    /// Applies the selected fixes file by file: each file is re-read, left alone if it changed
    /// since it was linted, and rewritten atomically (permissions kept).
    static func applyFixes(_ report: LintReport, inputs: [LintInput], options: Options, io: IO) -> FixOutcome {
        var outcome = FixOutcome()
        var byPath: [String: [Edit]] = [:]
        var fixesByPath: [String: [[Edit]]] = [:]
        for d in report.diagnostics where !d.fixIt.edits.isEmpty {
            let ok = d.fixIt.applicability == .safe || (options.unsafeFixes && d.fixIt.applicability == .unsafe)
            if ok {
                byPath[d.path, default: []].append(contentsOf: d.fixIt.edits)
                fixesByPath[d.path, default: []].append(d.fixIt.edits)
            }
        }
        let given = Dictionary(inputs.compactMap { i in i.bytes.map { (i.path, $0) } }, uniquingKeysWith: { a, _ in a })
        for path in byPath.keys.sorted() {
            let current: [UInt8]
            if let b = given[path] {
                current = b
            } else {
                guard let b = try? FileIO.readFile(path) else {
                    io.err("swift-lock-lint: cannot read \(path) to fix it\n")
                    continue
                }
                current = b
            }
            if let h = report.contentHashes[path], h != ContentHash.of(current) {
                io.err("swift-lock-lint: \(path) changed on disk since it was linted; not fixed\n")
                continue
            }
            let result = Fixer.apply(byPath[path]!, to: current)
            guard result.bytes != current else { continue }
            outcome.changedFiles += 1
            // A finding counts as fixed when every one of its edits was applied.
            let applied = result.applied
            outcome.appliedEdits += (fixesByPath[path] ?? []).filter { edits in edits.allSatisfy { applied.contains($0) } }.count
            if options.diff {
                outcome.diff += Fixer.unifiedDiff(path: path, old: current, new: result.bytes)
            } else if given[path] != nil {
                outcome.stdinResult = result.bytes
            } else {
                do {
                    try FileIO.writeAtomically(path, result.bytes)
                } catch let e as FileIOError {
                    io.err("swift-lock-lint: cannot write \(e.path): \(e.reason)\n")
                } catch {}
            }
        }
        return outcome
    }

    static func summary(_ report: LintReport, elapsed: Duration, baselined: Int = 0, excluded: Int = 0, skipped: Int = 0, extra: String = "",
                        dependencies: [String] = []) -> String {
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let warnings = report.diagnostics.count - errors
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var s = "swift-lock-lint: \(report.filesLinted) file\(report.filesLinted == 1 ? "" : "s") linted, "
        s += "\(report.diagnostics.count) finding\(report.diagnostics.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))"
        s += " in \(formatSeconds(seconds))"
        s += extra
        if baselined > 0 { s += "; \(baselined) in the baseline" }
        if excluded > 0 { s += "; \(excluded) file\(excluded == 1 ? "" : "s") excluded" }
        if skipped > 0 { s += "; \(skipped) file\(skipped == 1 ? "" : "s") not linted (broken configuration)" }
        if report.generatedSkipped > 0 {
            s += "; \(report.generatedSkipped) generated file\(report.generatedSkipped == 1 ? "" : "s") skipped (--include-generated to lint them)"
        }
        if !dependencies.isEmpty {
            // Name them (a few), so a user sees at once if their own code was taken for a dependency.
            let shown = dependencies.prefix(3).joined(separator: ", ")
            let more = dependencies.count > 3 ? " and \(dependencies.count - 3) more" : ""
            s += "; \(dependencies.count) dependency folder\(dependencies.count == 1 ? "" : "s") skipped (\(shown)\(more))"
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
