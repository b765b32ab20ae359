import LockLintCore

/// `unsafe_os_lock`: a raw `os_unfair_lock` / `pthread_mutex_t` / `pthread_rwlock_t` stored in a
/// Swift property and locked through `&`, and any `OSSpinLock`.
public struct UnsafeOsLockRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unsafe_os_lock",
        name: "Unsafe OS lock",
        summary: "A C lock stored inline in a Swift property (or extended with methods on '&self') and passed with '&', an OSSpinLock, or objc_sync_enter on a value",
        rationale: """
            `os_unfair_lock`, `pthread_mutex_t` and `pthread_rwlock_t` must stay at one address for their whole \
            life: the kernel and other threads identify the lock by where it is. A Swift property gives no such \
            address. `&self.lock` is an inout access: the compiler may pass the address of a temporary copy, \
            a struct holding the lock is copied on assignment, and two threads taking the lock at once are two \
            overlapping modifying accesses, which exclusivity checking may trap on. The lock then protects \
            nothing, or corrupts memory. `OSSpinLock` is deprecated: a low-priority thread holding it can be \
            starved by high-priority threads spinning on it (priority inversion). An extension of `os_unfair_lock` \
            whose mutating methods pass `&self` has the same flaw: `self` is an inout access of the caller's \
            variable. `objc_sync_enter` locks an object: a value (a String, an Array, a Dictionary, a struct or \
            enum) is bridged to an object for each call, a new box or storage that changes with the value, so two \
            callers do not lock the same object.
            """,
        fix: """
            Use `OSAllocatedUnfairLock` (iOS 16 / macOS 13) or `Mutex` (iOS 18 / macOS 15), which keep the lock at \
            a stable address for you, or NSLock. If a raw C lock is needed, allocate it once \
            (`UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)`, or the element of a `ManagedBuffer`), \
            keep the pointer in a `let`, and deinitialize and deallocate it in `deinit`.
            """,
        knownLimits: """
            Reported at the property's name when a stored property (instance or static, of a class, struct, enum \
            or actor) or a global is declared with the raw lock type (also through a typealias declared in the \
            same file; a typealias per `#if` branch names the raw locks of the branches compiled with the property) and \
            the same file passes it with `&` in code compiled with it (a twin in another branch of an `#if` is \
            another property) (`&lock`, `&self.lock`, `&Self.lock`, \
            `withUnsafeMutablePointer(to: &lock)`). A property never passed with `&` in its file is not \
            reported, and neither is a local variable (its address is only needed for the calls of one function), \
            including a local of a closure that sets up a heap-allocated lock in a static, `lazy` or global \
            initializer (`var seed = os_unfair_lock()` copied into the allocated pointer). Heap-allocated locks \
            (a pointer, `os_unfair_lock_t`, `ManagedBuffer`) stay quiet. `OSSpinLock` is \
            reported at the type or `OS_SPINLOCK_INIT` in a declaration, and at `OSSpinLockLock`/`Try`/`Unlock` \
            calls on locks not declared in the file; calls on a spin lock declared in the file (passed with `&`, \
            or the pointer that holds it) are notes on its finding. Not in a declaration the code marks \
            `@available(…, deprecated…)` or `obsoleted:`: that is the legacy path kept for older systems, and \
            the code already says so. An extension of a raw lock type (or a typealias of one in the same file) is reported at its \
            type name when its methods pass `&self`. `objc_sync_enter(x)` is reported when `x` is a literal, \
            `self` of a struct or enum, or a name whose declaration (property, local, parameter) gives a value type: \
            an annotation such as `[K: V]`, `[T]`, String, Array, Dictionary, Set, Data, a number type, or a struct \
            or enum declared in the run; or an initializer such as `[:]`, `[]`, a string literal or `Foo()` of such a \
            type. A class instance, `self` of a class, and names of unknown type are not reported.
            """,
        triggeringExamples: [
            """
            final class Cache {
                private var ↓lock = os_unfair_lock()
                private var items: [String: Int] = [:]
                func set(_ key: String, _ value: Int) {
                    os_unfair_lock_lock(&lock)
                    defer { os_unfair_lock_unlock(&lock) }
                    items[key] = value
                }
            }
            """,
            """
            struct Guarded {
                var ↓mutex: pthread_mutex_t = pthread_mutex_t()
                mutating func run(_ body: () -> Void) {
                    pthread_mutex_lock(&self.mutex)
                    body()
                    pthread_mutex_unlock(&self.mutex)
                }
            }
            """,
            """
            var ↓globalLock = os_unfair_lock_s()
            func withGlobalLock<T>(_ body: () -> T) -> T {
                os_unfair_lock_lock(&globalLock); defer { os_unfair_lock_unlock(&globalLock) }
                return body()
            }
            """,
            """
            final class Legacy {
                private var spin: ↓OSSpinLock = OS_SPINLOCK_INIT
                func run() { OSSpinLockLock(&spin); OSSpinLockUnlock(&spin) }
            }
            """,
            """
            extension ↓os_unfair_lock {
                mutating func lock() { os_unfair_lock_lock(&self) }
                mutating func unlock() { os_unfair_lock_unlock(&self) }
            }
            """,
            """
            final class Store {
                private var items: [String: Int] = [:]
                func set(_ key: String, _ value: Int) {
                    ↓objc_sync_enter(items)
                    items[key] = value
                    objc_sync_exit(items)
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Cache {
                private let lock: UnsafeMutablePointer<os_unfair_lock> = {
                    let p = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
                    p.initialize(to: os_unfair_lock())
                    return p
                }()
                func run() { os_unfair_lock_lock(lock); os_unfair_lock_unlock(lock) }
                deinit { lock.deinitialize(count: 1); lock.deallocate() }
            }
            """,
            """
            enum Registry {
                static let lock: os_unfair_lock_t = {
                    var seed = os_unfair_lock()
                    let pointer = os_unfair_lock_t.allocate(capacity: 1)
                    pointer.initialize(from: &seed, count: 1)
                    return pointer
                }()
                static func run() { os_unfair_lock_lock(lock); os_unfair_lock_unlock(lock) }
            }
            """,
            """
            final class LockStorage<Value>: ManagedBuffer<Value, os_unfair_lock> {
                func lock() { withUnsafeMutablePointerToElements { os_unfair_lock_lock($0) } }
            }
            """,
            "let state = OSAllocatedUnfairLock(initialState: 0)",
            """
            func once() {
                var lock = os_unfair_lock()
                os_unfair_lock_lock(&lock)
                os_unfair_lock_unlock(&lock)
            }
            """,
            "struct S { var lock = os_unfair_lock() }",
            "// var spin = OS_SPINLOCK_INIT; OSSpinLockLock(&spin)",
            """
            final class Store {
                private var items: [String: Int] = [:]
                func set(_ key: String, _ value: Int) {
                    objc_sync_enter(self)
                    items[key] = value
                    objc_sync_exit(self)
                }
            }
            """,
            """
            extension UnsafeMutablePointer where Pointee == os_unfair_lock {
                func lock() { os_unfair_lock_lock(self) }
            }
            """,
        ]
    )

    static let rawLockNames = NameSet(["os_unfair_lock", "os_unfair_lock_s", "pthread_mutex_t", "pthread_rwlock_t"])
    static let rawInitializers = NameSet(["OS_UNFAIR_LOCK_INIT", "PTHREAD_MUTEX_INITIALIZER", "PTHREAD_RWLOCK_INITIALIZER"])
    static let spinCalls = NameSet(["OSSpinLockLock", "OSSpinLockUnlock", "OSSpinLockTry"])
    static let moduleNames: Set<String> = ["Darwin", "os", "Glibc", "Musl", "Foundation", "Android", "Bionic"]

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        if s.identifiers.mayContain("objc_sync_enter") { checkObjcSync(context, into: &out) }
        guard s.identifiers.mayContainAny(Array(Self.rawLockNames.names) + Array(Self.rawInitializers.names)
                                          + ["OSSpinLock", "OSSpinLockLock", "OSSpinLockUnlock", "OSSpinLockTry", "OS_SPINLOCK_INIT"]) else { return out }
        // Bail out unless the file names a raw lock or a spin lock.
        var mentionsRaw = false
        var spinTokens: [Int] = []
        s.code.withUnsafeBufferPointer { code in
            for i in 0..<code.count where code[i].kind == .identifier && code[i].length >= 10 {
                if Self.rawLockNames.contains(s, i) || Self.rawInitializers.contains(s, i) {
                    mentionsRaw = true
                } else if s.hasPrefix(i, "OSSpinLock") || s.is(i, "OS_SPINLOCK_INIT") {
                    spinTokens.append(i)
                }
            }
        }
        if mentionsRaw {
            checkRawLocks(context, into: &out)
            checkLockExtensions(context, into: &out)
        }
        if !spinTokens.isEmpty { checkSpinLocks(context, spinTokens, into: &out) }
        return out
    }

    // MARK: Raw C locks in properties

    func checkRawLocks(_ context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        let aliases = lockAliases(s)
        var candidates: [(decl: Int, type: String)] = []
        for (di, d) in s.decls.enumerated() where d.kind == .variable && d.name >= 0 && !d.isLet && !d.isComputed {
            // A stored property or a global, not a local (of a function, or of a closure that
            // sets up a heap-allocated lock in a property's initializer).
            if d.parent >= 0 && !s.decls[d.parent].kind.isType || s.isClosureLocal(di) { continue }
            if let t = rawLockType(s, d, aliases) { candidates.append((di, t)) }
        }
        guard !candidates.isEmpty else { return }
        let uses = addressUses(s)
        for (di, type) in candidates {
            let d = s.decls[di]
            let sameName = candidates.filter { s.decls[$0.decl].nameText == d.nameText }.count
            // A use in another branch of an `#if` than the declaration is of its twin.
            guard let passes = uses[d.nameText]?.filter({ s.compatible(di, with: $0) && refers(s, use: $0, to: di, unique: sameName == 1) }),
                  let first = passes.first else { continue }
            let owner = d.parent >= 0 ? s.decls[d.parent] : nil
            let place: String
            if let o = owner {
                place = "\(d.isStaticMember ? "static property" : "property") '\(d.nameText)' of \(o.kind == .extension ? "extension of" : o.kind.keyword) '\(o.nameText)'"
            } else {
                place = "global '\(d.nameText)'"
            }
            let pass = s.text(s.span(first, addressEnd(s, first)))
            var notes = [context.note(at: first, "'\(d.nameText)' is passed as '\(pass)' here: the pointer is only valid for this call")]
            if passes.count > 1 {
                notes.append(context.note(at: passes[passes.count - 1], "and \(passes.count - 1) more time\(passes.count == 2 ? "" : "s") in this file"))
            }
            // Locked through a mutating method of a struct: each caller's copy, through an inout access.
            if let o = owner, o.kind == .struct, let fn = passes.lazy.compactMap({ s.enclosingFunction(of: $0) }).first(where: { s.decls[$0].modifiers.contains(.mutating) }) {
                notes.append(context.note(at: s.decls[fn].name >= 0 ? s.decls[fn].name : first,
                                          "'\(s.decls[fn].nameText)' is mutating: it reaches the lock through an inout access to the caller's copy of '\(o.nameText)'"))
            }
            let replacement: String
            // One raw lock per platform behind an alias: the pointer is to the alias.
            let pointee = type.split(separator: " ").first.map(String.init) ?? type
            if !type.contains("pthread") {
                replacement = "replace '\(d.nameText)' with \(LockAdvice.lock(context.deployment)); if a raw lock must stay, allocate it once with UnsafeMutablePointer<\(pointee == "os_unfair_lock_s" ? "os_unfair_lock" : pointee)>.allocate(capacity: 1), keep the pointer in a let and deallocate it in deinit"
            } else {
                let allocate = "allocate it once with UnsafeMutablePointer<\(pointee)>.allocate(capacity: 1), keep the pointer in a let and destroy and deallocate it in deinit"
                let roles = pointee == "pthread_mutex_t" ? mutexRoles(s, passes: passes) : (recursive: false, condition: false)
                if roles.condition {
                    // A condition variable waits on the mutex itself: no lock object replaces that pair.
                    replacement = "keep the raw \(pointee), which a condition variable waits on\(roles.recursive ? " and which is recursive" : ""), but \(allocate); pass the pointer where '&' is passed today"
                } else if roles.recursive {
                    // Locked again by its holder: Mutex, OSAllocatedUnfairLock and NSLock are not recursive.
                    replacement = "replace '\(d.nameText)' with NSRecursiveLock (it is initialised as a recursive mutex, and Mutex, OSAllocatedUnfairLock and NSLock are not recursive); if a raw \(pointee) must stay, \(allocate)"
                } else {
                    replacement = "replace '\(d.nameText)' with \(LockAdvice.lock(context.deployment)); if a raw \(pointee) must stay, \(allocate)"
                }
            }
            let shape = owner?.kind == .struct && !d.isStaticMember ? "every copy of '\(owner!.nameText)' copies the lock, and " : ""
            out.append(context.diagnostic(
                description, at: d.name,
                message: "\(place) holds its \(type) inline and is locked through '&': \(shape)Swift does not give the lock a stable address",
                notes: notes, fixIt: FixIt(replacement)))
        }
    }

    /// What a raw mutex is used for beyond exclusion, seen at the calls it is passed to: initialised
    /// (`pthread_mutex_init`) in a function that sets the recursive type, or waited on by a
    /// condition variable (`pthread_cond_wait`/`pthread_cond_timedwait`).
    func mutexRoles(_ s: FileStructure, passes: [Int]) -> (recursive: Bool, condition: Bool) {
        var recursive = false
        var condition = false
        for amp in passes {
            guard let open = s.argumentListOpen(holding: amp), open > 0, s.code[open - 1].kind == .identifier else { continue }
            let callee = open - 1
            if s.hasPrefix(callee, "pthread_cond_") {
                condition = true
            } else if s.is(callee, "pthread_mutex_init"), let scope = s.enclosingExecutable(of: amp) {
                let body = s.scopes[scope]
                recursive = recursive || s.span(body.open + 1, body.close).contains { s.code[$0].kind == .identifier && s.is($0, "PTHREAD_MUTEX_RECURSIVE") }
            }
        }
        return (recursive, condition)
    }

    /// Typealiases in this file that name a raw lock type (`typealias Primitive = os_unfair_lock`),
    /// each with its declaration: one per `#if` branch is common, and a branch may name another
    /// kind of lock (`SRWLOCK` on Windows) or none.
    struct Aliases {
        var byName: [String: [(decl: Int, type: String)]] = [:]
        /// Every typealias declaration of a name, raw lock or not.
        var all: [String: [Int]] = [:]

        /// What `name` stands for where token `i` is compiled: the raw lock, when the aliases of
        /// that name compiled there name one; `Name (os_unfair_lock or pthread_mutex_t)` when they
        /// name one raw lock per platform; nil when none of them is a raw lock.
        func type(_ name: String, at i: Int, _ s: FileStructure) -> String? {
            guard let raw = byName[name] else { return nil }
            let compiled = (all[name] ?? []).filter { s.compatible($0, with: i) }
            let types = Set(raw.filter { compiled.contains($0.decl) }.map(\.type)).sorted()
            guard let first = types.first else { return nil }
            return types.count == 1 ? first : "\(name) (\(types.joined(separator: " or ")))"
        }
    }

    func lockAliases(_ s: FileStructure) -> Aliases {
        var out = Aliases()
        for (di, d) in s.decls.enumerated() where d.kind == .other && s.isKeyword(d.keyword, .typealias) && d.name >= 0 {
            out.all[d.nameText, default: []].append(di)
            var j = d.name + 1
            guard s.isChar(j, UInt8(ascii: "=")) else { continue }
            j += 1
            while j + 2 < s.count && s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: ".")) && Self.moduleNames.contains(s.text(j)) { j += 2 }
            guard j < s.count, s.code[j].kind == .identifier, Self.rawLockNames.contains(s, j) else { continue }
            out.byName[d.nameText, default: []].append((di, s.text(j)))
        }
        return out
    }

    /// The raw lock type a variable is declared with: from its annotation (exactly the type, maybe
    /// module-qualified or optional) or, without one, from its initializer (`os_unfair_lock()`).
    func rawLockType(_ s: FileStructure, _ d: Decl, _ aliases: Aliases) -> String? {
        if !d.typeAnnotation.isEmpty {
            var j = d.typeAnnotation.lowerBound
            let end = d.typeAnnotation.upperBound
            while j + 2 < end && s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: ".")) && Self.moduleNames.contains(s.text(j)) { j += 2 }
            guard j < end, s.code[j].kind == .identifier else { return nil }
            // Only the type itself (an optional is still inline), not a generic argument or a pointer to it.
            for k in s.span(j + 1, end) where !(s.isChar(k, UInt8(ascii: "?")) || s.isChar(k, UInt8(ascii: "!"))) { return nil }
            if Self.rawLockNames.contains(s, j) { return s.text(j) }
            return aliases.type(s.text(j), at: d.keyword, s)
        }
        var j = d.initializer.lowerBound
        let end = d.initializer.upperBound
        guard j < end else { return nil }
        while j + 2 < end && s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: ".")) && Self.moduleNames.contains(s.text(j)) { j += 2 }
        guard s.code[j].kind == .identifier else { return nil }
        if Self.rawInitializers.contains(s, j) && j + 1 == end {
            return s.hasPrefix(j, "OS_") ? "os_unfair_lock" : s.is(j, "PTHREAD_MUTEX_INITIALIZER") ? "pthread_mutex_t" : "pthread_rwlock_t"
        }
        let name = Self.rawLockNames.contains(s, j) ? s.text(j) : aliases.type(s.text(j), at: d.keyword, s)
        guard let type = name, s.isChar(j + 1, UInt8(ascii: "(")), Int(s.match[j + 1]) == end - 1 else { return nil }
        return type
    }

    /// For each name passed with `&` (`&lock`, `&self.lock`, `&Self.lock`, `&Type.lock`), the
    /// `&` tokens, in order.
    func addressUses(_ s: FileStructure) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for i in 0..<max(0, s.count - 1) where s.code[i].kind == .operator && s.code[i].length == 1 && s.isChar(i, UInt8(ascii: "&")) {
            guard s.code[i + 1].start == s.code[i].end else { continue }  // a prefix `&`, glued to its operand
            let last = addressEnd(s, i) - 1
            guard last > i, s.code[last].kind == .identifier else { continue }
            out[s.text(last), default: []].append(i)
        }
        return out
    }

    /// One past the last token of the operand of the `&` at `amp` (`self.lock` → after `lock`).
    func addressEnd(_ s: FileStructure, _ amp: Int) -> Int {
        var j = amp + 1
        guard j < s.count, s.code[j].isWord else { return j }
        while j + 2 < s.count && s.isChar(j + 1, UInt8(ascii: ".")) && s.code[j + 2].isWord { j += 2 }
        return j + 1
    }

    /// Whether the `&` operand at `use` is property (or global) `property`: a bare name, `self.`/`Self.`
    /// inside its type (or an extension of it), `Type.name`; another receiver only when no other
    /// candidate has the name.
    func refers(_ s: FileStructure, use: Int, to property: Int, unique: Bool) -> Bool {
        let d = s.decls[property]
        let end = addressEnd(s, use)
        let owner = d.parent >= 0 ? s.decls[d.parent].nameText : nil
        let insideOwner = owner.map { o in s.enclosingScopes(of: use).contains { sc in
            let t = s.scopes[sc].decl
            return t >= 0 && s.decls[t].kind.isType && s.decls[t].nameText == o
        } } ?? false
        switch end - use - 1 {
        case 1:
            // A bare name: the property inside its type, or a global not shadowed by a local.
            if owner != nil && !insideOwner { return false }
            return !isShadowed(s, use: use, name: d.nameText, property: property)
        case 3:
            if s.isKeyword(use + 1, .self) || s.isKeyword(use + 1, .Self) { return owner == nil ? unique : insideOwner }
            if let o = owner, s.is(use + 1, text: o) { return true }
            return unique
        default:
            return unique
        }
    }

    /// Whether a bare `&name` at `use` refers to a local or parameter of that name rather than the property.
    func isShadowed(_ s: FileStructure, use: Int, name: String, property: Int) -> Bool {
        guard let fn = s.enclosingFunction(of: use) else { return false }
        if s.decls[fn].parameterNames.contains(name) { return true }
        guard s.decls[fn].body >= 0 else { return false }
        let body = s.scopes[s.decls[fn].body]
        return s.variableDecls(named: name, keywordIn: s.span(body.open + 1, use)).contains { $0 != property }
    }

    // MARK: Methods of the lock type itself

    /// `extension os_unfair_lock { mutating func lock() { os_unfair_lock_lock(&self) } }`: `self`
    /// of a mutating method is an inout copy of the caller's variable, so the C function gets the
    /// address of that access, not of the lock where it is stored.
    func checkLockExtensions(_ context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        let aliases = lockAliases(s)
        for d in s.decls where d.kind == .extension && d.name >= 0 && d.body >= 0 {
            var j = d.name
            while j + 2 < s.count && s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: ".")) && Self.moduleNames.contains(s.text(j)) { j += 2 }
            guard s.code[j].kind == .identifier else { continue }
            let type = Self.rawLockNames.contains(s, j) ? s.text(j) : aliases.type(s.text(j), at: d.keyword, s)
            guard let type else { continue }
            let body = s.scopes[d.body]
            var uses: [Int] = []
            var k = body.open + 1
            while k + 1 < body.close {
                defer { k += 1 }
                guard s.code[k].kind == .operator, s.code[k].length == 1, s.isChar(k, UInt8(ascii: "&")),
                      s.code[k + 1].start == s.code[k].end, s.isKeyword(k + 1, .self), !s.isChar(k + 2, UInt8(ascii: ".")) else { continue }
                uses.append(k)
            }
            guard let first = uses.first else { continue }
            var notes = [context.note(at: first, "'&self' here is the address of the method's inout self, valid only for this call")]
            if uses.count > 1 {
                notes.append(context.note(at: uses[uses.count - 1], "and \(uses.count - 1) more time\(uses.count == 2 ? "" : "s") in this extension"))
            }
            let fix = "remove this extension and keep the lock in \(LockAdvice.lock(context.deployment)); if a raw lock must stay, "
                + "allocate it once with UnsafeMutablePointer<\(type.split(separator: " ").first.map(String.init) ?? type)>.allocate(capacity: 1) and extend the pointer instead, calling the C functions with the pointer"
            out.append(context.diagnostic(
                description, at: j,
                message: "methods of an extension of \(type) pass '&self': a mutating method works on an inout copy of the caller's lock variable, so Swift does not give the lock a stable address",
                notes: notes, fixIt: FixIt(fix)))
        }
    }

    // MARK: objc_sync_enter on a value

    /// Value types of the standard library and Foundation that bridge to a new object each time
    /// they are passed as `Any`.
    static let bridgedValueTypes: Set<String> = [
        "String", "Substring", "Array", "Dictionary", "Set", "Int", "Double", "Float", "Bool", "Data", "Date", "URL", "UUID",
        "ContiguousArray", "Character", "Int64", "Int32", "UInt", "UInt64", "Decimal", "IndexPath",
    ]

    /// `objc_sync_enter(x)` where `x` is a value: the value is boxed into a new object for every
    /// call, so two callers never contend on the same object.
    func checkObjcSync(_ context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        for i in 0..<max(0, s.count - 1) where s.code[i].kind == .identifier && s.isChar(i + 1, UInt8(ascii: "(")) && s.is(i, "objc_sync_enter") {
            guard !s.isChar(i - 1, UInt8(ascii: ".")), !s.isKeyword(i - 1, .func) else { continue }
            let close = Int(s.match[i + 1])
            guard close > i + 2 else { continue }
            guard let what = valueDescription(context, argument: (i + 2)..<close) else { continue }
            let arg = s.text(s.span(i + 2, close))
            out.append(context.diagnostic(
                description, at: i,
                message: "objc_sync_enter on '\(arg)' (\(what), a value type): " + (what.contains("'")
                    ? "each call boxes the value into a new object, so this lock excludes nothing"
                    : "it locks whatever object the value bridges to for this call (a new box, or storage that changes with the value), so it excludes nothing reliably"),
                fixIt: FixIt("guard this state with one lock object that lives as long as the state: \(LockAdvice.lock(context.deployment)) stored in a let of a class that owns the state, "
                             + "or objc_sync_enter on that class instance (and objc_sync_exit on the same one)")))
        }
    }

    /// What the argument is when it is certainly a value of a value type ("a Dictionary literal",
    /// "a value of struct 'S'"), else nil.
    func valueDescription(_ context: RuleContext, argument r: Range<Int>) -> String? {
        let s = context.structure
        let first = r.lowerBound
        let last = r.upperBound - 1
        // Literals.
        if s.code[first].kind == .string && (s.code[last].kind == .string) { return "a String literal" }
        if first == last && (s.code[first].kind == .integer || s.code[first].kind == .float) { return "a number literal" }
        if s.isChar(first, UInt8(ascii: "[")) && Int(s.match[first]) == last { return "a collection literal" }
        if let t = constructedValueType(context, r) { return "a new value of type \(t)" }
        // `self` in a struct or enum.
        if first == last && s.isKeyword(first, .self) {
            guard let t = s.enclosingType(of: first) else { return nil }
            // Not inside a closure or nested function of a class: the nearest type decides.
            let decl = s.decls[t]
            if decl.kind == .struct || decl.kind == .enum { return "\(decl.kind.keyword) '\(decl.nameText)'" }
            if decl.kind == .extension && context.isValueType(decl.nameText) { return "value type '\(decl.nameText)'" }
            return nil
        }
        // A name, `self.name` or `Self.name`.
        var memberOnly = false
        var nameToken = first
        if last == first + 2 && (s.isKeyword(first, .self) || s.isKeyword(first, .Self)) && s.isChar(first + 1, UInt8(ascii: ".")) {
            memberOnly = true
            nameToken = last
        } else if last != first {
            return nil
        }
        guard s.code[nameToken].kind == .identifier else { return nil }
        let name = s.text(nameToken)
        switch s.lookupVariable(name, at: nameToken, memberOnly: memberOnly) {
        case .variable(let d):
            let decl = s.decls[d]
            guard !decl.isComputed else { return nil }
            if !decl.typeAnnotation.isEmpty {
                return valueType(context, annotation: decl.typeAnnotation).map { "type \($0)" }
            }
            let ini = decl.initializer
            guard !ini.isEmpty else { return nil }
            if s.code[ini.lowerBound].kind == .string && s.code[ini.upperBound - 1].kind == .string { return "type String" }
            if ini.count == 1 && (s.code[ini.lowerBound].kind == .integer || s.code[ini.lowerBound].kind == .float) { return "a number" }
            if s.isChar(ini.lowerBound, UInt8(ascii: "[")) && Int(s.match[ini.lowerBound]) == ini.upperBound - 1 { return "a collection" }
            return constructedValueType(context, ini).map { "type \($0)" }
        case .parameter(let f):
            guard let t = s.parameterType(name, of: f) else { return nil }
            return valueType(context, annotation: t).map { "type \($0)" }
        case .unknown:
            return nil
        }
    }

    /// The value type a type annotation names (`[String: Int]`, `Array<T>`, `String?`, a struct
    /// of the run), or nil.
    func valueType(_ context: RuleContext, annotation r: Range<Int>) -> String? {
        let s = context.structure
        var j = r.lowerBound
        // `inout` and attributes say nothing about the type.
        while j < r.upperBound && (s.code[j].kind == .attribute || s.is(j, "inout") || s.is(j, "__owned") || s.is(j, "borrowing") || s.is(j, "consuming")) { j += 1 }
        guard j < r.upperBound else { return nil }
        // A function type is a closure, a reference.
        for k in s.span(j, r.upperBound) where s.is(k, "->") { return nil }
        if s.isChar(j, UInt8(ascii: "[")) {
            let m = Int(s.match[j])
            guard m > j else { return nil }
            for k in s.span(m + 1, r.upperBound) where !(s.isChar(k, UInt8(ascii: "?")) || s.isChar(k, UInt8(ascii: "!"))) { return nil }
            return (j + 1 ..< m).contains { s.isChar($0, UInt8(ascii: ":")) && Int(s.scopeOf[$0]) == Int(s.scopeOf[j]) } ? "Dictionary" : "Array"
        }
        guard s.code[j].kind == .identifier else { return nil }
        let name = s.text(j)
        // Only the type itself, maybe generic or optional: not a member type (`Foo.Bar`) or a composition.
        var k = j + 1
        if k < r.upperBound, s.code[k].kind == .operator, s.code[k].length == 1, s.file.bytes[Int(s.code[k].start)] == UInt8(ascii: "<") {
            var depth = 0
            while k < r.upperBound {
                if s.code[k].kind == .operator {
                    for b in s.file.bytes[Int(s.code[k].start)..<Int(s.code[k].end)] {
                        if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">") { depth -= 1 }
                    }
                }
                k += 1
                if depth <= 0 { break }
            }
        }
        for q in s.span(k, r.upperBound) where !(s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { return nil }
        if Self.bridgedValueTypes.contains(name) { return name }
        if isValueTypeOfRun(context, name, at: j) { return "'\(name)'" }
        return nil
    }

    /// `Foo()` / `[String: Int]()` / `Dictionary<K, V>()` spanning the whole range, of a value type.
    func constructedValueType(_ context: RuleContext, _ r: Range<Int>) -> String? {
        let s = context.structure
        let last = r.upperBound - 1
        guard last > r.lowerBound, s.isChar(last, UInt8(ascii: ")")) else { return nil }
        let open = Int(s.match[last])
        guard open > r.lowerBound, s.isChar(open, UInt8(ascii: "(")) else { return nil }
        return valueType(context, annotation: r.lowerBound..<open)
    }

    /// A struct or enum declared in this file, or in the run (and not a class there).
    func isValueTypeOfRun(_ context: RuleContext, _ name: String, at i: Int) -> Bool {
        let s = context.structure
        let local = s.typeDecls(named: name, compatibleWith: i).map { s.decls[$0].kind }
        if local.contains(where: { $0 == .class || $0 == .actor || $0 == .protocol }) { return false }
        if local.contains(where: { $0 == .struct || $0 == .enum }) { return true }
        return context.isValueType(name)
    }

    // MARK: OSSpinLock

    func checkSpinLocks(_ context: RuleContext, _ allTokens: [Int], into out: inout [Diagnostic]) {
        let s = context.structure
        // A declaration the code itself marks deprecated (`@available(macOS, deprecated: 10.12)`)
        // is the legacy path kept for systems older than its replacement: the code already says so.
        let deprecated = s.deprecatedRanges()
        let tokens = deprecated.isEmpty ? allTokens : allTokens.filter { !deprecated.contains($0) }
        // Spin locks declared in this file: the declaration is the finding, calls on them are notes.
        var declared: [String: Int] = [:]
        var reported = Set<Int>()
        var findings: [(token: Int, name: String?)] = []
        for i in tokens where !Self.spinCalls.contains(s, i) {
            let line = s.line(ofToken: i)
            if let d = s.variableDeclarations(holding: i).first.map({ s.decls[$0] }) {
                if declared[d.nameText] != nil { continue }
                if reported.insert(line).inserted {
                    declared[d.nameText] = findings.count
                    findings.append((i, d.nameText))
                }
            } else if reported.insert(line).inserted {
                findings.append((i, nil))
            }
        }
        var notes: [Int: [Note]] = [:]
        for i in tokens where Self.spinCalls.contains(s, i) {
            // The spin lock passed with `&` (inline) or as the pointer that holds it.
            var operand = s.isChar(i + 1, UInt8(ascii: "(")) && s.isChar(i + 2, UInt8(ascii: "&")) ? addressEnd(s, i + 2) - 1 : -1
            if operand < 0 && s.isChar(i + 1, UInt8(ascii: "(")) && i + 3 < s.code.count && s.code[i + 2].kind == .identifier
                && s.isChar(i + 3, UInt8(ascii: ")")) {
                operand = i + 2
            }
            if operand > i, let f = declared[s.text(operand)] {
                notes[f, default: []].append(context.note(at: i, "\(s.text(i)) on '\(s.text(operand))' here"))
                continue
            }
            if reported.insert(s.line(ofToken: i)).inserted { findings.append((i, nil)) }
        }
        for (k, f) in findings.enumerated() {
            let what: String
            if let name = f.name {
                what = "spin lock '\(name)' is a deprecated OSSpinLock"
            } else if Self.spinCalls.contains(s, f.token) {
                what = "'\(s.text(f.token))' takes a deprecated OSSpinLock"
            } else {
                what = "OSSpinLock is deprecated"
            }
            out.append(context.diagnostic(
                description, at: f.token,
                message: "\(what): a low-priority holder can be starved by higher-priority threads spinning on it",
                notes: notes[k] ?? [],
                fixIt: FixIt("replace \(f.name.map { "'\($0)'" } ?? "the spin lock") with \(LockAdvice.lock(context.deployment)), which block instead of spinning")))
        }
    }
}
