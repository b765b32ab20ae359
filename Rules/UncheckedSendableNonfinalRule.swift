import LockLintCore

/// `unchecked_sendable_nonfinal`: `@unchecked Sendable` on a class that is not `final`, and
/// generic lock wrappers that claim Sendable for any payload.
public struct UncheckedSendableNonfinalRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unchecked_sendable_nonfinal",
        name: "@unchecked Sendable on a non-final class or a generic lock wrapper",
        summary: "@unchecked Sendable on a class that can be subclassed, or on a generic wrapper that hides what its lock protects",
        rationale: """
            `@unchecked Sendable` is a promise about every stored property of every instance. A subclass inherits \
            the conformance and can add state nobody synchronizes, and the compiler checks neither. A generic \
            `Locked<Value>: @unchecked Sendable` makes the promise for every Value, including non-Sendable ones: a \
            class instance put in it can still be shared and mutated outside the lock, and the type no longer says \
            what the lock protects.
            """,
        fix: """
            Make the class `final`. Instead of a generic wrapper, keep the protected state inside the primitive \
            (Mutex<State> on iOS 18 / macOS 15, OSAllocatedUnfairLock(initialState:) on iOS 16), or at least \
            require `Value: Sendable`.
            """,
        knownLimits: """
            A private or fileprivate class with no subclass in its file cannot be subclassed anywhere else, so it is \
            not reported. A conformance added by an extension is reported at the extension when the class (declared \
            anywhere in the run) is not final. A generic class is reported as a wrapper when one of its generic \
            parameters has no Sendable requirement and it stores a value of that parameter.
            """,
        enabledByDefault: false,
        inTests: .skipped("whether a test double can be subclassed does not change what the test checks; test code is not reported"),
        triggeringExamples: [
            """
            class ↓Cache: @unchecked Sendable {
                private let lock = NSLock()
                private var items: [String: Int] = [:]
            }
            """,
            """
            public final class ↓Locked<Value>: @unchecked Sendable {
                private let lock = NSLock()
                private var value: Value
                public init(_ value: Value) { self.value = value }
            }
            """,
            Example("""
            extension ↓Session: @unchecked Sendable {}
            """, otherFiles: ["class Session { let lock = NSLock() }"]),
        ],
        nonTriggeringExamples: [
            "final class Cache: @unchecked Sendable { private let lock = NSLock() }",
            """
            public final class Locked<Value: Sendable>: @unchecked Sendable {
                private let lock = NSLock()
                private var value: Value
                public init(_ value: Value) { self.value = value }
            }
            """,
            "private class Helper: @unchecked Sendable { let id = 1 }",
            "class Plain { var x = 0 }",
            "struct Box: @unchecked Sendable { var x = 0 }",
            Example("extension Session: @unchecked Sendable {}", otherFiles: ["final class Session {}"]),
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        // Classes by the first type they inherit from, gathered once (not per class checked).
        var subclassesByParent: [String: [Int]] = [:]
        for (k, d) in s.decls.enumerated() where d.kind == .class && !d.inheritance.isEmpty {
            if let first = s.inheritedTypes(of: k).first { subclassesByParent[first.name, default: []].append(k) }
        }
        for (di, d) in s.decls.enumerated() where (d.kind == .class || d.kind == .extension) && d.name >= 0 {
            guard s.inheritedTypes(of: di).contains(where: { $0.unchecked && $0.name == "Sendable" }) else { continue }
            if d.kind == .extension {
                // The class may be declared in this file or another one.
                if let local = s.typeDecls(named: d.nameText).first(where: { s.decls[$0].kind == .class }) {
                    if let diag = nonFinal(local, at: d.name, subclassesByParent: subclassesByParent, context: context) { out.append(diag) }
                } else if let facts = context.classFacts(d.nameText), !facts.isFinal {
                    out.append(context.diagnostic(
                        description, at: d.name,
                        message: "class '\(d.nameText)' is made @unchecked Sendable here but is not final: a subclass can add state the promise does not cover, and nothing checks it",
                        fixIt: FixIt("declare class '\(d.nameText)' final where it is declared")))
                }
                continue
            }
            if let diag = genericWrapper(di, context: context) {
                out.append(diag)
            } else if let diag = nonFinal(di, at: d.name, subclassesByParent: subclassesByParent, context: context) {
                out.append(diag)
            }
        }
        return out
    }

    func nonFinal(_ di: Int, at token: Int, subclassesByParent: [String: [Int]], context: RuleContext) -> Diagnostic? {
        let s = context.structure
        let d = s.decls[di]
        guard d.kind == .class, !d.modifiers.contains(.final) else { return nil }
        // A class declared inside a function cannot be subclassed outside it.
        if d.parent >= 0 && s.decls[d.parent].kind.isFunctionLike { return nil }
        // A private class with no subclass in its file is final in effect.
        let subclasses = subclassesByParent[d.nameText] ?? []
        if (d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)) && subclasses.isEmpty { return nil }
        // Subclasses that restate `@unchecked Sendable` (Swift 6 requires it) made their own,
        // reviewed promise; only a subclass that inherits it silently, or an `open` class that
        // other modules may subclass, is a problem.
        let facts = context.classFacts(d.nameText)
        let restated = subclasses.allSatisfy { k in s.inheritedTypes(of: k).contains { $0.unchecked && $0.name == "Sendable" } }
        if !subclasses.isEmpty || facts?.hasRestatingSubclass == true {
            if restated && facts?.hasSilentSubclass != true && !d.modifiers.contains(.open) { return nil }
        }
        var notes: [Note] = []
        if let sub = subclasses.first(where: { k in !s.inheritedTypes(of: k).contains { $0.unchecked && $0.name == "Sendable" } }),
           s.decls[sub].name >= 0 {
            notes.append(context.note(at: s.decls[sub].name, "'\(s.decls[sub].nameText)' subclasses it here and inherits the unchecked conformance without restating it"))
        }
        let open = d.modifiers.contains(.open) ? "open " : ""
        var fixIt = FixIt("make '\(d.nameText)' final and compose instead of subclassing, or give each subclass its own reviewed conformance")
        if subclasses.isEmpty && !d.modifiers.contains(.open) {
            // Needs review: a subclass in another file of the module would stop compiling.
            fixIt = FixIt("declare it `final class \(d.nameText)`",
                          edits: [Edit(range: Int(s.code[d.keyword].start)..<Int(s.code[d.keyword].start), replacement: "final ")],
                          applicability: .unsafe)
        }
        return context.diagnostic(
            description, at: token,
            message: "\(open)class '\(d.nameText)' is @unchecked Sendable but not final: a subclass can add state the promise does not cover, and nothing checks it",
            notes: notes, fixIt: fixIt)
    }

    /// `class Locked<Value>: @unchecked Sendable` storing a `Value` with no Sendable requirement.
    func genericWrapper(_ di: Int, context: RuleContext) -> Diagnostic? {
        let s = context.structure
        let d = s.decls[di]
        guard d.name >= 0, s.isChar(d.name + 1, UInt8(ascii: "<")) || (d.name + 1 < s.code.count && s.code[d.name + 1].kind == .operator && s.file.bytes[Int(s.code[d.name + 1].start)] == UInt8(ascii: "<")) else { return nil }
        // Generic parameters and whether each is constrained to Sendable (inline or in `where`).
        var params: [String] = []
        var sendable = Set<String>()
        var j = d.name + 2
        var last = ""
        while j < s.code.count && !(s.code[j].kind == .operator && s.file.bytes[Int(s.code[j].start)] == UInt8(ascii: ">")) && j < d.name + 40 {
            if s.code[j].kind == .identifier {
                if s.isChar(j - 1, UInt8(ascii: "<")) || s.isChar(j - 1, UInt8(ascii: ",")) || (j == d.name + 2) {
                    params.append(s.text(j))
                    last = s.text(j)
                } else if s.is(j, "Sendable") {
                    sendable.insert(last)
                }
            }
            j += 1
        }
        guard !params.isEmpty, d.body >= 0 else { return nil }
        // `where Value: Sendable` between the generic list and the body.
        let body = s.scopes[d.body]
        var k = j
        while k < body.open {
            if s.code[k].kind == .identifier, params.contains(s.text(k)), s.isChar(k + 1, UInt8(ascii: ":")), s.is(k + 2, "Sendable") {
                sendable.insert(s.text(k))
            }
            k += 1
        }
        let open = params.filter { !sendable.contains($0) }
        guard !open.isEmpty else { return nil }
        // A wrapper: it conforms to nothing but Sendable, owns a lock, and stores little besides
        // values of an unconstrained parameter (not a channel, observer or handler that happens
        // to be generic).
        guard s.inheritedTypes(of: di).allSatisfy({ $0.name == "Sendable" }) else { return nil }
        var storesParam = false
        var hasLock = false
        var stored = 0
        for m in s.children[di] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isComputed {
            let v = s.decls[m]
            stored += 1
            if context.vocabulary.lockType(of: v, in: s, strict: false) != nil { hasLock = true }
            for t in v.typeAnnotation where s.code[t].kind == .identifier && open.contains(s.text(t)) { storesParam = true }
        }
        guard storesParam && hasLock && stored <= 3 else { return nil }
        // A wrapper whose closures are all @Sendable keeps its values inside (LockIsolated).
        let classBody = s.scopes[d.body]
        let takesSendableClosures = s.span(classBody.open, classBody.close).contains { s.code[$0].kind == .attribute && s.is($0, "@Sendable") }
        if takesSendableClosures { return nil }
        let generic = "\(d.nameText)<\(params.joined(separator: ", "))>"
        return context.diagnostic(
            description, at: d.name,
            message: "generic lock wrapper '\(generic)' claims Sendable for any \(open.joined(separator: ", ")), including non-Sendable classes that can still be shared outside the lock",
            fixIt: FixIt("\(LockAdvice.protect("the protected state", context.deployment, usesWithLock: context.moduleCallsWithLock(on:))), or require `\(open[0]): Sendable`"))
    }
}
