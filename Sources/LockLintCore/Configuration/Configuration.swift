/// The settings of a run, from `.swift-lock-lint.json` and the command line.
public struct Configuration: Sendable, Equatable {
    public struct RuleSetting: Sendable, Equatable {
        public var enabled: Bool?
        public var severity: Severity?
        /// Overrides the rule's own test-code policy.
        public var inTests: TestCodeSetting?
        /// `"strict": true`: report every case the rule covers, not only those where the code shows
        /// a hazard (only for the rules in `Configuration.strictRules`).
        public var strict: Bool?
        public init(enabled: Bool? = nil, severity: Severity? = nil, inTests: TestCodeSetting? = nil, strict: Bool? = nil) {
            self.enabled = enabled
            self.severity = severity
            self.inTests = inTests
            self.strict = strict
        }
    }

    /// `"inTests"` in a rule's settings: what to report in test code.
    public enum TestCodeSetting: String, Sendable, Equatable, CaseIterable {
        /// Everything, as in other code.
        case all
        /// Nothing.
        case none
        /// The rule's own policy (its `--explain` says what).
        case `default`
    }

    /// The rules that take `"strict"`.
    public static let strictRules: Set<String> = ["nonisolated_unsafe"]

    /// Per rule id: on/off and severity.
    public var rules: [String: RuleSetting] = [:]
    /// Glob patterns (relative to the config file's folder) of files to lint; empty means all.
    public var include: [String] = []
    /// Glob patterns of files to skip.
    public var exclude: [String] = []
    /// Extra lock types (e.g. a project's own `UnfairLock`).
    public var lockTypes: [String] = []
    /// Extra methods whose closure runs with the receiver's lock held: method name → the label
    /// of that closure argument ("" for a trailing or unlabelled closure).
    public var lockScopedMethods: [String: String] = [:]
    /// Extra acquire → release method pairs.
    public var acquireRelease: [String: String] = [:]
    /// Suppression comments must give a reason after ` -- `.
    public var requireSuppressionReason = false
    /// Where it was read from (empty for the defaults); globs are relative to its folder.
    public var path: String = ""

    public init() {}

    public var vocabulary: LockVocabulary {
        LockVocabulary(extraLockTypes: lockTypes, extraLockScopedMethods: lockScopedMethods, extraAcquireRelease: acquireRelease)
    }
}
