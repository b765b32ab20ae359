/// What a rule is, for `--list-rules`, `--explain`, the README table and the example tests.
public struct RuleDescription: Sendable {
    public enum Kind: String, Sendable { case lint, meta }

    public var id: String
    public var name: String
    /// One line: what it reports.
    public var summary: String
    /// Why it is a problem (several sentences).
    public var rationale: String
    /// What to write instead, in general (each finding's fix-it is specific to its case).
    public var fix: String
    /// Judgement calls and known limits.
    public var knownLimits: String
    public var defaultSeverity: Severity
    public var enabledByDefault: Bool
    /// What the rule reports in test code (shown by `--explain`; configurable per rule).
    public var inTests: TestCodePolicy
    /// Code that must trigger: `↓` marks each expected finding (its line and column).
    public var triggeringExamples: [Example]
    /// Code that must stay quiet.
    public var nonTriggeringExamples: [Example]

    public init(id: String, name: String, summary: String, rationale: String, fix: String, knownLimits: String = "",
                defaultSeverity: Severity = .warning, enabledByDefault: Bool = true,
                inTests: TestCodePolicy = .reported("the same as in other code: the mistake can deadlock, hang or race a test just as it can the product"),
                triggeringExamples: [Example], nonTriggeringExamples: [Example]) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.knownLimits = knownLimits
        self.defaultSeverity = defaultSeverity
        self.enabledByDefault = enabledByDefault
        self.inTests = inTests
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// What a rule reports in test code (SwiftPM test targets, test and mock folders, files that
/// import XCTest or Testing). Tests are reported only for what can make the test itself wrong,
/// flaky or hung; migration and style advice is noise there.
public struct TestCodePolicy: Sendable {
    public enum Kind: String, Sendable {
        /// Reported as anywhere else.
        case reported
        /// Not reported in test code.
        case skipped
        /// The rule reports a narrower set in test code; it reads `RuleContext.isTestCode`.
        case narrowed
    }

    public var kind: Kind
    /// One sentence for `--explain`: what is reported in tests, and why.
    public var explanation: String

    public static func reported(_ why: String) -> TestCodePolicy { TestCodePolicy(kind: .reported, explanation: why) }
    public static func skipped(_ why: String) -> TestCodePolicy { TestCodePolicy(kind: .skipped, explanation: why) }
    public static func narrowed(_ what: String) -> TestCodePolicy { TestCodePolicy(kind: .narrowed, explanation: what) }
}

/// A code example. In triggering examples, `↓` marks where each finding is reported.
public struct Example: Sendable, ExpressibleByStringLiteral {
    public var code: String
    /// Extra files linted together with this one (e.g. an extension in another file).
    public var otherFiles: [String]
    /// Set when the example cannot be re-checked inside a wrapper (a string, a comment).
    public var skipWrappingTests: Bool

    public init(_ code: String, otherFiles: [String] = [], skipWrappingTests: Bool = false) {
        self.code = code
        self.otherFiles = otherFiles
        self.skipWrappingTests = skipWrappingTests
    }

    public init(stringLiteral value: String) { self.init(value) }
}

/// A rule: a stateless value that reads a file's structure and returns findings.
public protocol Rule: Sendable {
    var description: RuleDescription { get }
    /// The rule reads `RuleContext.guardFindings()`: the pipeline records each class's state
    /// uses for the guard inference only when some running rule does.
    var needsGuardInference: Bool { get }
    /// The rule reads what other files write of a file's variables (`RuleContext.externalWrites`):
    /// the pipeline records each file's writes only when some running rule does, and only of the
    /// variables a `nonisolated` modifier marks somewhere in the module (the ones asked about).
    var needsStateWrites: Bool { get }
    func check(_ context: RuleContext) -> [Diagnostic]
}

extension Rule {
    public var needsGuardInference: Bool { false }
    public var needsStateWrites: Bool { false }
}
