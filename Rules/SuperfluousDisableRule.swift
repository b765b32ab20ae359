import LockLintCore

/// `superfluous_disable`: a suppression comment that names an unknown rule or suppresses nothing.
/// The findings come from the suppression stage of the pipeline (`Suppressions.apply`); this
/// value carries the rule's documentation and examples.
public struct SuperfluousDisableRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: Suppressions.superfluousRuleID,
        name: "Superfluous disable",
        summary: "A suppression comment names an unknown rule or suppresses nothing",
        rationale: """
            A disable comment that no longer suppresses anything hides the next real finding at that place, and one \
            with a misspelled rule id never worked. Both mislead the next reader about what was reviewed.
            """,
        fix: "Delete the comment, or correct the rule id (see --list-rules).",
        knownLimits: "Only rules that ran are checked for superfluous disables (e.g. not rules left out by --only-rule).",
        triggeringExamples: [
            Example("↓// swift-lock-lint:disable:next dispatch_semaphore\nlet lock = NSLock()", skipWrappingTests: true),
            Example("let x = 1 ↓// swift-lock-lint:disable:this no_such_rule", skipWrappingTests: true),
        ],
        nonTriggeringExamples: [
            "// swift-lock-lint:disable:next dispatch_semaphore\nlet s = DispatchSemaphore(value: 0)",
            "let s = DispatchSemaphore(value: 0) // swift-lock-lint:disable:this dispatch_semaphore -- legacy bridge",
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] { [] }
}
