/// What reporters need besides the findings: the tool's version, the rules that ran (for SARIF's
/// rule table), each finding's stable identity, and how to make paths relative.
public struct ReportContext: Sendable {
    public struct RuleInfo: Sendable {
        public var id: String
        public var name: String
        public var summary: String
        public var rationale: String
        public var fix: String
        public var severity: Severity
        public init(id: String, name: String, summary: String, rationale: String, fix: String, severity: Severity) {
            self.id = id
            self.name = name
            self.summary = summary
            self.rationale = rationale
            self.fix = fix
            self.severity = severity
        }

        /// The descriptor of `file_error` results, which no rule produces: a file that could not be
        /// read or decoded.
        public static let fileError = RuleInfo(
            id: Linter.fileErrorRuleID, name: "File error",
            summary: "A file that could not be read, or is not valid UTF-8, so it was not (fully) linted",
            rationale: "Findings in a file the tool could not read are missing from the report, so the run does not pass.",
            fix: "Make the file readable and save it as UTF-8, or exclude it from linting.", severity: .error)
    }

    public var toolVersion: String
    public var rules: [RuleInfo]
    /// One identity per diagnostic, in the same order.
    public var identities: [FindingIdentity]
    /// Prefix stripped from paths to make them relative (the current directory), with a trailing `/`.
    public var basePath: String
    public var filesLinted: Int
    /// UTF-16 columns for the reported lines (SARIF), from the files' text.
    public var utf16Columns = UTF16Columns()

    public init(toolVersion: String, rules: [RuleInfo], identities: [FindingIdentity], basePath: String, filesLinted: Int) {
        self.toolVersion = toolVersion
        self.rules = rules
        self.identities = identities
        self.basePath = basePath
        self.filesLinted = filesLinted
    }

    /// A path relative to the base path, without a leading `./`.
    public func relative(_ path: String) -> String {
        var p = path
        if !basePath.isEmpty && p.hasPrefix(basePath) { p.removeFirst(basePath.count) }
        while p.hasPrefix("./") { p.removeFirst(2) }
        return p
    }
}
