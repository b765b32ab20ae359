import LockLintCore

/// `nonisolated_unsafe`: every `nonisolated(unsafe)` modifier.
public struct NonisolatedUnsafeRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "nonisolated_unsafe",
        name: "nonisolated(unsafe)",
        summary: "nonisolated(unsafe) switches off isolation checking without adding any synchronization",
        rationale: """
            `nonisolated(unsafe)` tells the compiler to stop checking a declaration; it does not protect it. A \
            mutable value marked this way can be written by one thread while another reads it, and a shared \
            instance of a non-Sendable class can be used from several threads at once. The compiler will not \
            warn again, so the race is found in production.
            """,
        fix: """
            Protect the value (Mutex, or Atomic for a counter or flag), isolate it to an actor or @MainActor, or \
            make it an immutable `let` of a Sendable type. A `let` of a Sendable type needs no modifier at all.
            """,
        knownLimits: """
            Every use is reported, because each is a claim the compiler cannot check; the message says what kind of \
            declaration it is (global or static, instance, local; `let` or `var`; Sendable type or not), so a \
            reviewer can tell an unnecessary modifier from an unprotected shared value. A reviewed, documented use \
            can be suppressed with a reason: `// swift-lock-lint:disable:next nonisolated_unsafe -- why`.
            """,
        triggeringExamples: [
            "↓nonisolated(unsafe) var cache: [String: Data] = [:]",
            "enum Config { ↓nonisolated(unsafe) static let formatter = DateFormatter() }",
            "↓nonisolated(unsafe) let name = \"service\"",
            """
            final class Box {
                @usableFromInline
                ↓nonisolated(unsafe) var value: Int = 0
            }
            """,
            """
            func f() {
                ↓nonisolated(unsafe) let box = NonSendableBox()
                Task { box.use() }
            }
            """,
        ],
        nonTriggeringExamples: [
            "nonisolated func describe() -> String { \"\" }",
            "// nonisolated(unsafe) var old = 0",
            "let text = \"nonisolated(unsafe) var x\"",
            "nonisolated let id: UUID",
            "actor A { nonisolated var description: String { \"A\" } }",
        ]
    )

    static let sendableTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Bool",
        "Double", "Float", "Character", "Substring", "StaticString", "URL", "UUID", "Date", "Data", "Decimal",
        "TimeInterval", "Duration", "ContinuousClock", "SuspendingClock",
    ]

    /// The uses of the names of this file's `nonisolated(unsafe)` variables, gathered in one pass
    /// over the tokens, and the common lock found for each (name, scope): asking per variable
    /// with a scan of the whole file would be quadratic.
    struct Uses {
        var byName: [String: [Int]] = [:]
        var declaredNames = Set<Int>()
        var lockByKey: [String: String?] = [:]

        init(_ s: FileStructure, _ context: RuleContext) {
            guard !context.lockRegions.regions.isEmpty else { return }
            var names = Set<String>()
            for k in s.nonisolatedTokens {
                if let d = s.declaration(modifiedAt: Int(k)), s.decls[d].kind == .variable, !s.decls[d].nameText.isEmpty {
                    names.insert(s.decls[d].nameText)
                    declaredNames.insert(s.decls[d].name)
                }
            }
            guard !names.isEmpty else { return }
            let set = NameSet(names)
            for i in 0..<s.code.count where s.code[i].kind == .identifier && set.contains(s, i) {
                byName[s.text(i), default: []].append(i)
            }
        }
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        var uses = Uses(s, context)
        for k in s.nonisolatedTokens {
            let i = Int(k)
            let t = s.code[i]
            guard t.isWord, t.word == .nonisolated, !t.flags.contains(.escaped), s.isChar(i + 1, UInt8(ascii: "(")),
                  s.is(i + 2, "unsafe"), s.isChar(i + 3, UInt8(ascii: ")")) else { continue }
            let decl = s.declaration(modifiedAt: i)
            let (message, fix) = describe(s, decl: decl, context: context, uses: &uses)
            var fixIt = FixIt(fix)
            if message.contains("is already Sendable"), i + 4 < s.code.count {
                // Removing the modifier from a `let` of a Sendable type cannot change behaviour.
                fixIt = FixIt(fix, edits: [Edit(range: Int(s.code[i].start)..<Int(s.code[i + 4].start), replacement: "")], applicability: .safe)
            }
            out.append(context.diagnostic(description, at: i, message: message, fixIt: fixIt))
        }
        return out
    }

    func describe(_ s: FileStructure, decl: Int?, context: RuleContext, uses: inout Uses) -> (String, String) {
        guard let di = decl else {
            return ("nonisolated(unsafe) turns off isolation checking here and adds no synchronization",
                    "protect the value with Mutex or Atomic, or isolate it to an actor or @MainActor")
        }
        let d = s.decls[di]
        guard d.kind == .variable else {
            return ("nonisolated(unsafe) on \(d.kind.keyword) '\(d.nameText)' turns off isolation checking and adds no synchronization",
                    "isolate the declaration properly, or protect what it touches with a lock")
        }
        let type = typeName(s, d)
        let typeText = type.map { " of type '\($0)'" } ?? ""
        let owner = s.owningType(of: di).map { s.decls[$0] }
        // A pointer to a lock: sharing it is the point, and the lock synchronizes itself.
        if let type, type.hasPrefix("Unsafe"), type.contains("Pointer<"),
           context.vocabulary.lockTypes.contains(where: { type.contains("<\($0)>") }) {
            return ("'\(d.nameText)'\(typeText) shares a lock by pointer; the compiler cannot check that it is initialized before use and outlives every user",
                    "prefer Mutex or OSAllocatedUnfairLock, which own their storage; otherwise document who allocates and frees this lock")
        }
        // Every use in this file holds a lock: the lock is the protection the compiler cannot see.
        if !d.isLet, let lock = commonLock(s, d, context, &uses) {
            return ("'\(d.nameText)'\(typeText) is only used with '\(lock)' held in this file, but the compiler cannot see that protection",
                    "move the value inside the lock (Mutex<\(type ?? "Value")> or OSAllocatedUnfairLock(initialState:)) so the compiler checks every access, then drop nonisolated(unsafe)")
        }
        if let o = owner, o.kind == .struct || o.kind == .enum, !d.isStaticMember {
            return ("'\(d.nameText)'\(typeText) is left out of \(o.kind.keyword) '\(o.nameText)''s Sendable checking: if it holds a reference, every copy of '\(o.nameText)' shares it across threads",
                    "store a Sendable value (or wrap the reference in Mutex), or do not declare '\(o.nameText)' Sendable")
        }
        let isLocal = d.parent >= 0 && s.decls[d.parent].kind.isFunctionLike
        let isGlobalLike = d.parent < 0 || d.isStaticMember
        let scope: String
        if isLocal {
            scope = "local"
        } else if d.parent < 0 {
            scope = "global"
        } else if d.isStaticMember {
            scope = "static"
        } else {
            scope = "instance property"
        }
        if d.isLet {
            if let type, Self.sendableTypes.contains(type) || context.vocabulary.lockTypes.contains(type) && type != "os_unfair_lock" && type != "pthread_mutex_t" {
                return ("\(scope) let '\(d.nameText)'\(typeText) is already Sendable: nonisolated(unsafe) is unnecessary here",
                        "remove nonisolated(unsafe); an immutable value of a Sendable type can be shared as it is")
            }
            if isLocal {
                return ("local let '\(d.nameText)'\(typeText) is exempted from sending checks: the compiler no longer proves it is not used from two tasks at once",
                        "make the value Sendable, or transfer it with 'sending' instead of sharing it; keep each non-Sendable instance in one task")
            }
            return ("\(scope) let '\(d.nameText)'\(typeText) shares one \(type.map { "'\($0)' " } ?? "")instance across threads without any check that its type is safe to share",
                    "make the type Sendable (or wrap the instance in Mutex and use withLock), or give each thread or actor its own instance")
        }
        if isGlobalLike {
            let decl = d.parent < 0 ? "let \(d.nameText) = Mutex(…)" : "static let \(d.nameText) = Mutex(…)"
            return ("\(scope) var '\(d.nameText)'\(typeText) can be read and written from any thread, and nothing synchronizes it",
                    "wrap it in Mutex (`\(decl)`), use Atomic for a counter or flag, or isolate it with @MainActor")
        }
        if isLocal && !capturedByClosure(s, d, di) {
            return ("local var '\(d.nameText)'\(typeText) is exempted from sending checks: the compiler no longer proves the value stays in one task",
                    "make the value Sendable, or pass it with 'sending'; keep each non-Sendable value in one task")
        }
        if isLocal {
            return ("local var '\(d.nameText)'\(typeText) is exempted from isolation checking: closures that capture it may write it concurrently",
                    "collect results in a Mutex-protected value or return them from the tasks instead of capturing a shared var")
        }
        let ownerName = owner.map { "'\($0.nameText)'" } ?? "its type"
        return ("instance var '\(d.nameText)'\(typeText) of \(ownerName) opts out of isolation: any thread may read and write it unsynchronized",
                "guard every access with a lock owned by \(ownerName) (or keep the state in Mutex<State>), or leave it isolated and access it with await")
    }

    /// The lock held at every use of the variable in this file, if there is one.
    func commonLock(_ s: FileStructure, _ d: Decl, _ context: RuleContext, _ cache: inout Uses) -> String? {
        // A local's uses are in its function; anything else's anywhere in the file.
        var range = 0..<s.count
        if d.parent >= 0, s.decls[d.parent].kind.isFunctionLike, s.decls[d.parent].body >= 0 {
            let body = s.scopes[s.decls[d.parent].body]
            range = s.span(body.open, body.close + 1)
        }
        let key = "\(d.nameText) \(d.isStaticMember) \(range.lowerBound)"
        if let known = cache.lockByKey[key] { return known }
        let lock = commonLock(s, d, in: range, context, cache)
        cache.lockByKey[key] = lock
        return lock
    }

    func commonLock(_ s: FileStructure, _ d: Decl, in range: Range<Int>, _ context: RuleContext, _ cache: Uses) -> String? {
        let all = cache.byName[d.nameText] ?? []
        // The first occurrence in `range` (binary search: occurrences are in token order).
        var lo = 0
        var hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid] < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var uses: [Int] = []
        for i in all[lo...] {
            if i >= range.upperBound { break }
            if cache.declaredNames.contains(i) { continue }
            if s.isChar(i - 1, UInt8(ascii: ".")) && !(s.isKeyword(i - 2, .self) || s.isKeyword(i - 2, .Self)) {
                // `Type.name` for statics is a use too; other receivers are other values.
                if !(d.isStaticMember && i >= 2 && s.code[i - 2].kind == .identifier) { continue }
            }
            if s.isChar(i + 1, UInt8(ascii: ":")) { continue }
            uses.append(i)
        }
        guard !uses.isEmpty else { return nil }
        let regions = context.lockRegions
        guard !regions.regions.isEmpty else { return nil }
        var common: Set<String>? = nil
        for u in uses {
            let held = Set(regions.holding(u, in: s, directOnly: false).map { $0.lock.isEmpty ? "self" : $0.lock })
            common = common.map { $0.intersection(held) } ?? held
            if common!.isEmpty { return nil }
        }
        return common?.sorted().first
    }

    /// Whether a closure in the declaring function mentions the local.
    func capturedByClosure(_ s: FileStructure, _ d: Decl, _ di: Int) -> Bool {
        guard d.parent >= 0, s.decls[d.parent].body >= 0 else { return true }
        let body = s.scopes[s.decls[d.parent].body]
        for i in s.span(d.end, body.close) where s.code[i].kind == .identifier && s.is(i, text: d.nameText) {
            if s.enclosingClosure(of: i) != nil, let c = s.enclosingClosure(of: i), s.closures[c].open > body.open { return true }
        }
        return false
    }

    /// The declared type: from the annotation, or from a literal or `Type(…)` initializer.
    func typeName(_ s: FileStructure, _ d: Decl) -> String? {
        if !d.typeAnnotation.isEmpty {
            let text = s.text(d.typeAnnotation)
            return text.isEmpty ? nil : text
        }
        let r = d.initializer
        guard let first = r.first else { return nil }
        switch s.code[first].kind {
        case .string where r.count == 1: return "String"
        case .integer where r.count == 1: return "Int"
        case .float where r.count == 1: return "Double"
        case .keyword where r.count == 1 && (s.code[first].word == .true || s.code[first].word == .false): return "Bool"
        case .identifier:
            var j = first
            while j + 2 < r.upperBound && s.isChar(j + 1, UInt8(ascii: ".")) && s.code[j + 2].kind == .identifier { j += 2 }
            let name = s.text(j)
            if let c = name.first, c.isUppercase, s.isChar(j + 1, UInt8(ascii: "(")) { return name }
            return nil
        default: return nil
        }
    }
}
