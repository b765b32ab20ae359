import LockLintCore

struct UsageError: Error {
    var message: String
}

enum FailOn: String {
    case error, warning, never
}

enum OutputFormat: String, CaseIterable {
    case text, json, sarif, github, checkstyle
}

struct Options {
    /// Dependency folders the walk skipped (set by the run, not by an argument), for the summary.
    var skippedDependencyFolders: [String] = []
    /// Files the walk found in a generated folder (see `FileWalker.Result.generated`).
    var inGeneratedFolders: Set<String> = []
    enum Mode: Equatable {
        case lint, help, version, listRules
        case explain(String)
        case dumpTokens(String)
        /// Hidden: read and lex the named paths, print throughput (Benchmarks/corpus.sh).
        case benchmarkLexer
        /// Hidden: the README's rule table, generated from the rule descriptions.
        case markdownRules
        /// A language server on standard input and output.
        case lsp
        /// Hidden: the language server's lint worker (`LintWorker`), on standard input and output.
        case lspWorker
    }

    var mode: Mode = .lint
    var paths: [String] = []
    var stdinPath: String?
    var enableAll = false
    var onlyRules: [String] = []
    var includeGenerated = false
    var jobs = 0
    var quiet = false
    var failOn: FailOn = .warning
    var colorSetting: String = "auto"
    var format: OutputFormat = .text
    var output: String?
    var configPath: String?
    var excludes: [String] = []
    var baseline: String?
    var writeBaseline: String?
    var fix = false
    var stamp: String?
    var unsafeFixes = false
    var diff = false
    /// Hidden: paths to lint when none is named (the command plugin's targets).
    var defaultPaths: [String] = []
    /// Hidden: the report goes into a build log, where `--fix` cannot be run, so fix-it notes
    /// do not mention it (the build-tool plugin).
    var buildLog = false

    /// The options that take a value, as `--flag VALUE`, `--flag=VALUE` or (short ones) `-jVALUE`.
    static let valueOptions: Set<String> = [
        "--explain", "--dump-tokens", "--stdin-path", "--only-rule", "-j", "--jobs", "--fail-on", "--color", "--format",
        "-o", "--output", "--config", "--exclude", "--baseline", "--write-baseline", "--stamp", "--default-path",
    ]

    func color(isTerminal: Bool) -> Bool {
        switch colorSetting {
        case "always": return true
        case "never": return false
        default: return isTerminal && Environment.get("NO_COLOR") == nil && Environment.get("TERM") != "dumb"
        }
    }

    static func parse(_ args: [String]) throws -> Options {
        var o = Options()
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError(message: "\(flag) needs a value") }
            return args[i]
        }
        var onlyPaths = false
        while i < args.count {
            let a = args[i]
            if onlyPaths || !a.hasPrefix("-") || a == "-" {
                o.paths.append(a)
                i += 1
                continue
            }
            // `--flag=value` is the same as `--flag value`.
            // Short options take their value attached too: `-j2` is `-j 2`.
            var flag = a
            var inline: String? = nil
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                flag = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            } else if !a.hasPrefix("--"), a.count > 2, valueOptions.contains(String(a.prefix(2))) {
                flag = String(a.prefix(2))
                inline = String(a.dropFirst(2))
            }
            func arg() throws -> String {
                if let inline { return inline }
                return try value(flag)
            }
            switch flag {
            case "--": onlyPaths = true
            case "-h", "--help": o.mode = .help
            case "--version": o.mode = .version
            case "--list-rules": o.mode = .listRules
            case "--explain": o.mode = .explain(try arg())
            case "--dump-tokens": o.mode = .dumpTokens(try arg())
            case "--stdin-path": o.stdinPath = try arg()
            case "--benchmark-lexer": o.mode = .benchmarkLexer
            case "--markdown-rules": o.mode = .markdownRules
            case "--lsp": o.mode = .lsp
            case "--lsp-worker": o.mode = .lspWorker
            case "--enable-all-rules": o.enableAll = true
            case "--only-rule":
                // `--only-rule a,b` is `--only-rule a --only-rule b`.
                let ids = try arg().split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                guard !ids.isEmpty else { throw UsageError(message: "--only-rule needs a rule id") }
                o.onlyRules.append(contentsOf: ids)
            case "--include-generated": o.includeGenerated = true
            case "-q", "--quiet": o.quiet = true
            case "-j", "--jobs":
                let v = try arg()
                guard let n = Int(v), n >= 1 else { throw UsageError(message: "--jobs takes a whole number of at least 1, not '\(v)'") }
                o.jobs = n
            case "--fail-on":
                let v = try arg()
                guard let f = FailOn(rawValue: v) else { throw UsageError(message: "--fail-on takes error, warning or never, not '\(v)'") }
                o.failOn = f
            case "--color":
                let v = try arg()
                guard ["auto", "always", "never"].contains(v) else { throw UsageError(message: "--color takes auto, always or never, not '\(v)'") }
                o.colorSetting = v
            case "--format":
                let v = try arg()
                guard let f = OutputFormat(rawValue: v) else {
                    throw UsageError(message: "unknown format '\(v)' (\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                o.format = f
            case "-o", "--output": o.output = try arg()
            case "--config": o.configPath = try arg()
            case "--exclude": o.excludes.append(try arg())
            case "--baseline": o.baseline = try arg()
            case "--write-baseline": o.writeBaseline = try arg()
            case "--fix": o.fix = true
            case "--stamp": o.stamp = try arg()
            case "--unsafe-fixes": o.unsafeFixes = true
            case "--diff": o.diff = true
            case "--default-path": o.defaultPaths.append(try arg())
            case "--build-log": o.buildLog = true
            default:
                throw UsageError(message: "unknown option '\(a)'")
            }
            i += 1
        }
        if case .dumpTokens = o.mode, !o.paths.isEmpty {
            throw UsageError(message: "--dump-tokens takes exactly one file")
        }
        if o.unsafeFixes && !o.fix && !o.diff {
            throw UsageError(message: "--unsafe-fixes goes with --fix or --diff")
        }
        if o.stdinPath != nil && !o.paths.isEmpty {
            throw UsageError(message: "--stdin-path lints standard input; do not also name paths")
        }
        return o
    }

    static let helpText = """
        swift-lock-lint: a static reviewer for Swift concurrency (locks, actors, @unchecked Sendable)

        USAGE
          swift-lock-lint [options] [PATH ...]        lint files and directories (default: .)
          swift-lock-lint --stdin-path PATH [options] lint standard input as if it were PATH (editors)
          swift-lock-lint --list-rules                every rule: id, severity, on/off by default, summary
          swift-lock-lint --explain RULE_ID           a rule's documentation: why, examples, fix
          swift-lock-lint --dump-tokens FILE          the lexer's tokens, one JSON object per line
          swift-lock-lint --lsp                       a language server (LSP) on standard input and output

        OPTIONS
          --format FORMAT         text (default), json, sarif, github, checkstyle
          -o, --output FILE       write the report to FILE (atomically) instead of standard output
          --config FILE           use this configuration instead of discovering .swift-lock-lint.json
          --exclude GLOB          skip matching files (repeatable; relative to the current folder)
          --fix                   apply the fixes that cannot change behaviour, then report what is left
          --unsafe-fixes          with --fix or --diff, also apply fixes that need review
          --diff                  print the fixes as a unified diff instead of writing them (exit 1 if any)
          --baseline FILE         report only findings that are not in the baseline FILE
          --write-baseline FILE   record the current findings as the baseline FILE
          --enable-all-rules      also run the rules that are off by default
          --only-rule RULE_ID     run just that rule (repeatable, or several ids with commas)
          --include-generated     also lint generated files (DO NOT EDIT / @generated in the first 10 lines,
                                  *.generated.swift, or inside a folder named Generated)
          --fail-on LEVEL         exit 1 on findings of at least: error | warning (default) | never
          --color WHEN            auto (default: on a terminal, unless NO_COLOR is set) | always | never
          -j, --jobs N            files linted in parallel (default: all cores)
          --stamp FILE            write FILE when done (an output for build systems and plugins)
          -q, --quiet             no summary on standard error
          --version, --help

        EXIT CODES
          0  no findings (or only findings below --fail-on)
          1  findings, or a file that could not be read
          2  usage error, unreadable config, or a path that does not exist

        """
}

/// Standard streams, injectable for tests.
public struct IO: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    public var readStdin: @Sendable () -> [UInt8]
    public var stdoutIsTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                readStdin: @escaping @Sendable () -> [UInt8] = { [] }, stdoutIsTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.readStdin = readStdin
        self.stdoutIsTerminal = stdoutIsTerminal
    }

    public static var standard: IO {
        IO(out: { StandardStreams.write(1, $0) }, err: { StandardStreams.write(2, $0) },
           readStdin: { StandardStreams.readAll(0) }, stdoutIsTerminal: StandardStreams.isTerminal(1))
    }
}
