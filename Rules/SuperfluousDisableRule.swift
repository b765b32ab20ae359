import LockLintCore

/// `superfluous_disable`: a suppression comment that names an unknown rule, suppresses nothing,
/// has `--` without a reason, or misspells its directive.
/// The findings come from the suppression stage of the pipeline (`Suppressions.apply`); this
/// value carries the rule's documentation and examples.
public struct SuperfluousDisableRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: Suppressions.superfluousRuleID,
        name: "Superfluous disable",
        summary: "A suppression comment names an unknown rule, suppresses nothing, or is malformed",
        rationale: """
            A disable comment that no longer suppresses anything hides the next real finding at that place, and one \
            with a misspelled rule id or directive (`disable-next`) never worked. Both mislead the next reader about \
            what was reviewed. A `--` with nothing after it promised a reason and gave none.
            """,
        fix: "Delete the comment, correct the rule id (see --list-rules) or the directive, or write the reason after `--`.",
        knownLimits: "Only rules that ran are checked for superfluous disables (e.g. not rules left out by --only-rule).",
        triggeringExamples: [
            Example("↓// swift-lock-lint:disable:next dispatch_semaphore\nlet lock = NSLock()", skipWrappingTests: true),
            Example("let x = 1 ↓// swift-lock-lint:disable:this no_such_rule", skipWrappingTests: true),
            Example("↓// swift-lock-lint:disable-next nonisolated_unsafe\nnonisolated(unsafe) var x = 0", skipWrappingTests: true),
            Example("nonisolated(unsafe) var x = 0 ↓// swift-lock-lint:disable:this nonisolated_unsafe --", skipWrappingTests: true),
        ],
        nonTriggeringExamples: [
            "// swift-lock-lint:disable:next dispatch_semaphore\nlet s = DispatchSemaphore(value: 0)",
            "let s = DispatchSemaphore(value: 0) // swift-lock-lint:disable:this dispatch_semaphore -- legacy bridge",
            "// swift-lock-lint:disable:next nonisolated_unsafe, dispatch_semaphore -- C callback state\nnonisolated(unsafe) var x = DispatchSemaphore(value: 0)",
            "// swift-lock-lint: prose about the tool is not a directive\nlet x = 1",
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] { [] }
}
