import LockLintCore

/// Rule documentation rendered from the rule descriptions: `--list-rules`, `--explain`, and the
/// README's rule table (a test fails when the committed table is stale).
public enum RuleDocs {
    public static func list(_ rules: [any Rule]) -> String {
        let ds = rules.map { $0.description }
        let w = ds.map { $0.id.count }.max() ?? 10
        var out = ""
        for d in ds {
            let pad = String(repeating: " ", count: w - d.id.count)
            let sev = d.defaultSeverity.rawValue.padding(7)
            out += "\(d.id)\(pad)  \(sev)  \(d.enabledByDefault ? "on " : "off")  \(d.summary)\n"
        }
        return out
    }

    public static func explain(_ d: RuleDescription) -> String {
        var out = "# \(d.id): \(d.name)\n\n"
        out += "\(d.summary).\n\n"
        out += "Default: \(d.defaultSeverity.rawValue), \(d.enabledByDefault ? "on" : "off (enable with --enable-all-rules or the config file)").\n\n"
        out += "## Why this is a problem\n\n\(d.rationale)\n\n"
        out += "## How to fix it\n\n\(d.fix)\n\n"
        if !d.knownLimits.isEmpty { out += "## What it checks, exactly\n\n\(d.knownLimits)\n\n" }
        let inTests: String
        switch d.inTests.kind {
        case .reported: inTests = "Reported"
        case .skipped: inTests = "Not reported"
        case .narrowed: inTests = "Reported narrowly"
        }
        out += "## In test code\n\n\(inTests): \(d.inTests.explanation). Test code is a SwiftPM test target, a test or mock folder "
            + "(`Tests`, `*Tests`, `Mocks`, `Fakes`, `Stubs`, `TestSupport`…), a benchmark or fuzzing folder, a test double's file (`MockX.swift`, `XSpy.swift`), "
            + "or a file that imports XCTest or Testing. Change it with `\"inTests\": \"all\"` or `\"none\"` in the rule's "
            + "configuration.\n\n"
        if !d.triggeringExamples.isEmpty {
            out += "## Reported (↓ marks the finding)\n\n"
            for e in d.triggeringExamples { out += example(e) }
        }
        if !d.nonTriggeringExamples.isEmpty {
            out += "## Not reported\n\n"
            for e in d.nonTriggeringExamples { out += example(e) }
        }
        out += "Suppress one finding with `// swift-lock-lint:disable:next \(d.id) -- reason`.\n"
        return out
    }

    /// One example, with the other files it is linted together with (an example is true
    /// exactly as printed).
    static func example(_ e: Example) -> String {
        var out = "```swift\n\(e.code)\n```\n"
        for (k, other) in e.otherFiles.enumerated() {
            out += "Linted together with \(e.otherFiles.count == 1 ? "another file" : "file \(k + 2)"):\n```swift\n\(other)\n```\n"
        }
        return out + "\n"
    }

    /// The README's rule table.
    public static func markdownTable(_ rules: [any Rule]) -> String {
        var out = "| id | default | in tests | summary |\n|---|---|---|---|\n"
        for r in rules {
            let d = r.description
            let inTests = switch d.inTests.kind {
            case .reported: "yes"
            case .skipped: "no"
            case .narrowed: "narrowed"
            }
            out += "| `\(d.id)` | \(d.enabledByDefault ? d.defaultSeverity.rawValue : "off") | \(inTests) | \(d.summary) |\n"
        }
        return out
    }
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
