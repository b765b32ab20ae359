public enum Severity: String, Sendable, Comparable, CaseIterable, Codable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// A related place: where the lock was taken, the lock the other accesses use, …
public struct Note: Sendable, Equatable {
    public var path: String
    public var location: SourceLocation
    public var message: String

    public init(path: String, location: SourceLocation, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }
}

/// A text edit, for fixes that can be applied mechanically.
public struct Edit: Sendable, Equatable {
    /// Byte range in the file, replaced by `replacement`.
    public var range: Range<Int>
    public var replacement: String
    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

public enum Applicability: String, Sendable {
    /// Cannot change behaviour.
    case safe
    /// Needs a human to confirm.
    case unsafe
    /// Advice only: no edits.
    case manual
}

public struct FixIt: Sendable, Equatable {
    /// What to write instead, imperative, specific to the case.
    public var message: String
    public var edits: [Edit]
    public var applicability: Applicability

    public init(_ message: String, edits: [Edit] = [], applicability: Applicability = .manual) {
        self.message = message
        self.edits = edits
        self.applicability = applicability
    }
}

/// A finding: plain data, ready for any reporter.
public struct Diagnostic: Sendable, Equatable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var path: String
    public var location: SourceLocation
    /// Byte offset of the reported token (for baselines and fixes).
    public var offset: Int
    public var endLocation: SourceLocation?
    public var notes: [Note]
    public var fixIt: FixIt

    public init(ruleID: String, severity: Severity, message: String, path: String, location: SourceLocation,
                offset: Int = 0, endLocation: SourceLocation? = nil, notes: [Note] = [], fixIt: FixIt) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.location = location
        self.offset = offset
        self.endLocation = endLocation
        self.notes = notes
        self.fixIt = fixIt
    }

    /// Output order: path, line, column, rule id.
    public static func ordered(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.location.line != b.location.line { return a.location.line < b.location.line }
        if a.location.column != b.location.column { return a.location.column < b.location.column }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}
