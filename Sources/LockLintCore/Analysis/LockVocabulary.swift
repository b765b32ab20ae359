/// The names that mean "lock" to the rules: lock types, methods whose closure runs with a lock
/// held, and acquire/release function pairs. Built from the defaults plus the configuration.
public struct LockVocabulary: Sendable {
    /// Types that are locks (or hold their state behind one).
    public var lockTypes: Set<String>
    /// Types whose state lives inside the lock (`Mutex<State>`), so a fix moves the state out.
    public var stateHoldingLockTypes: Set<String>
    /// Methods whose closure argument runs with the receiver's lock held.
    public var lockScopedMethods: Set<String>
    /// Acquire method or function name → its release.
    public var acquireRelease: [String: String]
    /// Free functions that take the lock as their argument (`pthread_mutex_lock(&m)`).
    public var freeFunctionAcquires: Set<String>
    /// `lockTypes` for byte-level matching against tokens.
    public var lockTypeNames: NameSet
    /// The method and function names above, for byte-level matching (built once per configuration).
    public var lockScopedNames: NameSet
    public var acquireNames: NameSet
    public var releaseNames: NameSet
    /// Every name that can take a lock of the lock graph (acquires, lock-scoped methods, `sync`,
    /// `wait`), for the cheap "may this file take a lock?" test.
    public var graphAcquireNames: [String]

    public static let defaultLockTypes: Set<String> = [
        "Mutex", "NSLock", "NSRecursiveLock", "NSCondition", "NSConditionLock", "OSAllocatedUnfairLock",
        "os_unfair_lock", "os_unfair_lock_s", "os_unfair_lock_t", "pthread_mutex_t", "pthread_rwlock_t", "SRWLOCK", "CRITICAL_SECTION", "DispatchSemaphore",
        "NIOLock", "NIOLockedValueBox", "LockIsolated", "ManagedCriticalState",
    ]

    public static let defaultStateHolding: Set<String> = [
        "Mutex", "OSAllocatedUnfairLock", "NIOLockedValueBox", "LockIsolated", "ManagedCriticalState",
    ]

    public static let defaultLockScopedMethods: Set<String> = [
        "withLock", "withLockIfAvailable", "withLockedValue", "withLockUnchecked", "withCriticalRegion",
    ]

    public static let defaultAcquireRelease: [String: String] = [
        "lock": "unlock",
        "tryLock": "unlock",
        // Reader-writer locks: `lockRead()` / `lockWrite()` (or `readLock()` / `writeLock()`) … `unlock()`.
        "lockRead": "unlock",
        "lockWrite": "unlock",
        "readLock": "unlock",
        "writeLock": "unlock",
        "objc_sync_enter": "objc_sync_exit",
        "pthread_mutex_lock": "pthread_mutex_unlock",
        "os_unfair_lock_lock": "os_unfair_lock_unlock",
        "pthread_rwlock_rdlock": "pthread_rwlock_unlock",
        "pthread_rwlock_wrlock": "pthread_rwlock_unlock",
        // Windows: slim reader-writer locks and critical sections.
        "AcquireSRWLockExclusive": "ReleaseSRWLockExclusive",
        "AcquireSRWLockShared": "ReleaseSRWLockShared",
        "EnterCriticalSection": "LeaveCriticalSection",
    ]

    public static let defaultFreeFunctions: Set<String> = [
        "objc_sync_enter", "pthread_mutex_lock", "os_unfair_lock_lock", "pthread_rwlock_rdlock", "pthread_rwlock_wrlock",
        "AcquireSRWLockExclusive", "AcquireSRWLockShared", "EnterCriticalSection",
    ]

    /// For configured lock-scoped methods, the label of the closure that holds the lock ("" for
    /// the trailing or unlabelled closure).
    public var lockScopedLabels: [String: String]
    /// The file's own acquire and release methods (see `ownLockMethods`): "Type|method" → the
    /// lock the method takes or releases, as written in its body (`__lock`, `mutex`).
    public var ownLockMethods: [String: String] = [:]

    public init(extraLockTypes: [String] = [], extraLockScopedMethods: [String: String] = [:], extraAcquireRelease: [String: String] = [:]) {
        lockTypes = Self.defaultLockTypes.union(extraLockTypes)
        stateHoldingLockTypes = Self.defaultStateHolding
        lockScopedMethods = Self.defaultLockScopedMethods.union(extraLockScopedMethods.keys)
        lockScopedLabels = extraLockScopedMethods.filter { !$0.value.isEmpty }
        acquireRelease = Self.defaultAcquireRelease.merging(extraAcquireRelease) { _, new in new }
        freeFunctionAcquires = Self.defaultFreeFunctions
        lockTypeNames = NameSet(lockTypes)
        lockScopedNames = NameSet(lockScopedMethods)
        acquireNames = NameSet(acquireRelease.keys)
        releaseNames = NameSet(acquireRelease.values)
        graphAcquireNames = Array(acquireRelease.keys) + Array(lockScopedMethods) + ["sync", "asyncAndWait", "wait"]
    }

    public static let `default` = LockVocabulary()

    /// Words of a method's name that say its closure runs under a lock (`withLockVoid`,
    /// `performLocked`, `synchronized`, `withCriticalRegion`), matched as whole camel-case words:
    /// `setCompletionBlock` has no `lock` in it, `synchronizeTerms` syncs data, `unlock` releases.
    public static let lockWords: Set<String> = ["lock", "locked", "locking", "mutex", "synchronized", "critical", "exclusive", "exclusively"]

    /// Whether a closure method's name says its closure runs under a lock, by whole camel-case
    /// words (see `lockWords`).
    public static func namesLock(_ method: String) -> Bool {
        var word = Substring()
        var start = method.startIndex
        for i in method.indices {
            let ch = method[i]
            if ch.isUppercase || ch == "_" {
                word = method[start..<i]
                if lockWords.contains(word.lowercased()) { return true }
                start = ch == "_" ? method.index(after: i) : i
            }
        }
        return lockWords.contains(method[start...].lowercased())
    }

    /// Whether a type name is a lock for guarding purposes: a known lock type, or a name that
    /// says it is one (`Lock`, `UnfairLock`, `ReadWriteLock`, `SomethingMutex`), as projects
    /// often wrap their own.
    public func looksLikeLock(_ name: String) -> Bool {
        // A semaphore has no owner: waiting on it is not holding a lock.
        if name == "DispatchSemaphore" { return false }
        if lockTypes.contains(name) { return true }
        return name.hasSuffix("Lock") || name.hasSuffix("Mutex") || name.hasSuffix("LockedValueBox")
            || name == "Locked" || name.hasPrefix("Locked") || name.hasSuffix("Locked")
    }

    /// The lock type a stored property holds, from its type annotation or its initializer
    /// (`NSLock()`, `Mutex<Int>(0)`, `Synchronization.Mutex(0)`, `.init()` with an annotation).
    /// `strict` accepts only the known (and configured) lock types.
    public func lockType(of decl: Decl, in s: FileStructure, strict: Bool) -> String? {
        let accept: (String) -> Bool = strict ? { lockTypes.contains($0) } : { looksLikeLock($0) }
        // Annotation: any lock type named at the top level of the type (not inside a closure type).
        var i = decl.typeAnnotation.lowerBound
        while i < decl.typeAnnotation.upperBound {
            if s.code[i].kind == .identifier {
                let name = s.text(i)
                if accept(name) && !s.isChar(i + 1, UInt8(ascii: ".")) { return name }
            } else if s.isChar(i, UInt8(ascii: "(")) {
                // A function type's parameters: skip.
                let m = Int(s.match[i])
                if m > i { i = m }
            }
            i += 1
        }
        // Initializer: `Type(`, `Type<…>(`, `Module.Type(`, `Type.init(`, `Type.someFactory(`.
        var j = decl.initializer.lowerBound
        guard j < decl.initializer.upperBound else { return nil }
        if s.code[j].kind == .keyword && (s.code[j].word == .try) { j += 1 }
        guard j < s.code.count, s.code[j].kind == .identifier else { return nil }
        while j + 2 < decl.initializer.upperBound && s.isChar(j + 1, UInt8(ascii: ".")) && s.code[j + 2].kind == .identifier
                && !accept(s.text(j)) {
            j += 2
        }
        let name = s.text(j)
        guard accept(name) else { return nil }
        let next = j + 1
        if s.isChar(next, UInt8(ascii: "(")) || s.isChar(next, UInt8(ascii: ".")) || s.isChar(next, UInt8(ascii: "{")) { return name }
        if next < s.code.count && s.code[next].kind == .operator && s.file.bytes[Int(s.code[next].start)] == UInt8(ascii: "<") { return name }
        return nil
    }

    /// The known lock type of the receiver `name` as declared in this file: a stored property or
    /// local (`let state = Mutex(0)`, `let lock: NSLock`) or a parameter of a function enclosing
    /// token `at` (`_ state: ManagedCriticalState<Int>`). Nil when it is declared elsewhere or
    /// with a type that is not a known lock.
    public func declaredLockType(ofReceiver name: String, at: Int, in s: FileStructure) -> String? {
        guard !name.isEmpty, !name.contains(".") else { return nil }
        for d in s.decls where d.kind == .variable && d.nameText == name {
            if let t = lockType(of: d, in: s, strict: true) { return t }
        }
        var f = s.enclosingFunction(of: at)
        while let fn = f {
            let sig = s.decls[fn].typeAnnotation
            for k in sig where s.code[k].kind == .identifier && s.is(k, text: name) && s.isChar(k + 1, UInt8(ascii: ":")) {
                var j = k + 2
                while j < sig.upperBound && (s.code[j].kind == .attribute || s.code[j].kind == .keyword) { j += 1 }
                if j < sig.upperBound && s.code[j].kind == .identifier && lockTypes.contains(s.text(j)) { return s.text(j) }
            }
            let p = s.decls[fn].parent
            f = p >= 0 && s.decls[p].kind.isFunctionLike ? p : nil
        }
        return nil
    }
}

extension LockVocabulary {
    /// What makes a lock of a project's own recursive when its type wraps it.
    static let recursiveMarks = ["NSRecursiveLock", "PTHREAD_MUTEX_RECURSIVE", "objc_sync_enter"]

    /// Whether type `name`, declared in this file (declaration or extensions), wraps a recursive
    /// lock: its body names `NSRecursiveLock`, `PTHREAD_MUTEX_RECURSIVE` or `objc_sync_enter`.
    /// Taking such a lock again on the same thread neither deadlocks nor traps.
    public static func wrapsRecursiveLock(_ name: String, in s: FileStructure) -> Bool {
        guard s.identifiers.mayContainAny(recursiveMarks) else { return false }
        for t in s.typeDecls(named: name) where s.decls[t].body >= 0 {
            let body = s.scopes[s.decls[t].body]
            for q in s.span(body.open + 1, body.close) where s.code[q].kind == .identifier && recursiveMarks.contains(s.text(q)) { return true }
        }
        return false
    }
}

extension LockVocabulary {
    /// The vocabulary with the file's own acquire/release pairs added, recognised by how the file
    /// uses them: a method whose name ends in `unlock` (any case: `_rawUnlock`, `spinUnlock`) that
    /// the file calls on a receiver after calling the same name ending in `lock` instead on that
    /// receiver (`x._rawLock()` … `x._rawUnlock()`). The pair brackets a region as `lock()` /
    /// `unlock()` does, for every analysis that reads the vocabulary. Also an acquire known by the
    /// deferred release that follows it (see `deferredReleasePair`). Unchanged when the file has
    /// no such pair (the common case: one byte-level pass over the tokens, no text built).
    public func addingPairedAcquires(_ s: FileStructure) -> LockVocabulary {
        var pairs: [String: String] = [:]
        // Release calls with a name ending in `unlock` that the vocabulary does not know: name → the receivers and first token.
        var releases: [String: [(receiver: String, token: Int)]] = [:]
        let bytes = s.file.bytes
        let unlock: [UInt8] = Array("unlock".utf8)
        for k in 0..<s.code.count {
            let t = s.code[k]
            if t.kind == .keyword {
                if s.isKeyword(k, .defer), let (acquire, release) = deferredReleasePair(s, defer: k) { pairs[acquire] = release }
                continue
            }
            guard t.kind == .identifier, t.length > 6, s.isChar(k + 1, UInt8(ascii: "(")), s.isChar(k - 1, UInt8(ascii: ".")) else { continue }
            let end = Int(t.end)
            var suffix = true
            for q in 0..<6 where bytes[end - 6 + q] | 0x20 != unlock[q] { suffix = false; break }
            guard suffix, !releaseNames.contains(s, k) else { continue }
            let r = LockRegions.receiverStart(s, dot: k - 1)
            guard r >= 0 else { continue }
            releases[s.text(k), default: []].append((LockRegions.normalized(s.text(s.span(r, k - 1))), k))
        }
        for (release, uses) in releases {
            // `_rawUnlock` → `_rawLock`: the `un` dropped, the case of its first letter kept on the `l`.
            let chars = Array(release)
            let u = chars.count - 6
            let l: Character = chars[u].isUppercase ? "L" : "l"
            let acquire = String(chars[..<u]) + String(l) + String(chars[(u + 3)...])
            guard acquireRelease[acquire] == nil, s.identifiers.mayContain(acquire) else { continue }
            let released = Dictionary(uses.map { ($0.receiver, $0.token) }, uniquingKeysWith: max)
            for k in 0..<s.code.count where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "("))
                && s.isChar(k - 1, UInt8(ascii: ".")) && s.is(k, text: acquire) {
                let r = LockRegions.receiverStart(s, dot: k - 1)
                guard r >= 0, let last = released[LockRegions.normalized(s.text(s.span(r, k - 1)))], last > k else { continue }
                pairs[acquire] = release
                break
            }
        }
        let own = ownLockMethodPairs(s)
        for (acquire, release) in own.pairs where acquireRelease[acquire] == nil { pairs[acquire] = release }
        guard !pairs.isEmpty || !own.locks.isEmpty else { return self }
        var out = self
        out.ownLockMethods = own.locks
        out.acquireRelease.merge(pairs) { old, _ in old }
        out.acquireNames = NameSet(out.acquireRelease.keys)
        out.releaseNames = NameSet(out.acquireRelease.values)
        out.graphAcquireNames += Array(pairs.keys)
        return out
    }

    /// A type's own methods that take and release one of its locks and do nothing else (`func
    /// _lock() { __lock.lock() }` with `func _unlock() { __lock.unlock() }`, `func acquire() {
    /// pthread_mutex_lock(&mutex) }` with its release): a call of one on the type's own instance
    /// takes (releases) that lock, whatever the methods are called. Both methods must be there,
    /// in the type or its extensions in this file, taking no parameters. The method pairs, and
    /// "Type|method" → the lock. (Not methods named as a lock's own, `lock()`/`unlock()`: such a
    /// type is a lock of the project's, known by its users' calls.)
    func ownLockMethodPairs(_ s: FileStructure) -> (pairs: [String: String], locks: [String: String]) {
        var acquires: [String: [(method: String, lock: String, call: String)]] = [:]
        var releases: [String: [String: String]] = [:]
        for (di, d) in s.decls.enumerated() where d.kind == .function && d.body >= 0 && d.parameterNames.isEmpty {
            let body = s.scopes[d.body]
            guard body.close - body.open <= 14, let t = s.owningType(of: di), let call = singleLockCall(s, body.open + 1, body.close) else { continue }
            let type = s.decls[t].kind == .extension && !s.decls[t].fullName.isEmpty ? s.decls[t].fullName : s.decls[t].nameText
            if acquireRelease[call.name] != nil {
                acquires[type, default: []].append((d.nameText, call.lock, call.name))
            } else {
                releases[type, default: [:]]["\(call.name)|\(call.lock)"] = d.nameText
            }
        }
        var pairs: [String: String] = [:]
        var locks: [String: String] = [:]
        for (type, list) in acquires {
            // A type whose own methods are the lock's (`func lock() { inner.lock() }`) is a lock
            // itself: its users name it (`gate.lock()`), and so does its own code (`self`).
            for a in list where Self.defaultAcquireRelease[a.method] == nil {
                guard let release = acquireRelease[a.call], let method = releases[type]?["\(release)|\(a.lock)"] else { continue }
                pairs[a.method] = method
                locks["\(type)|\(a.method)"] = a.lock
                locks["\(type)|\(method)"] = a.lock
            }
        }
        return (pairs, locks)
    }

    /// Whether scope `exec` is the body of one of the type's own acquire or release methods
    /// (see `ownLockMethods`): each call of one is an acquire (release) of its own.
    public func isOwnLockMethodBody(_ s: FileStructure, _ exec: Int) -> Bool {
        guard !ownLockMethods.isEmpty, let f = s.enclosingFunction(of: s.scopes[exec].open + 1), s.decls[f].body == exec,
              let type = s.enclosingTypeName(of: s.decls[f].keyword) else { return false }
        return ownLockMethods["\(type)|\(s.decls[f].nameText)"] != nil
    }

    /// The one statement of tokens `start..<end` when it is a call of a known acquire or release
    /// (`m.lock()`, `self.m.unlock()`, `pthread_mutex_lock(&m)`, `_ = os_unfair_lock_lock(l)`):
    /// its name and the lock as written (without `self.` and `&`).
    func singleLockCall(_ s: FileStructure, _ start: Int, _ end: Int) -> (name: String, lock: String)? {
        var a = start
        // `_ = f(&m)`
        if a + 2 < end, s.is(a, "_"), s.isChar(a + 1, UInt8(ascii: "=")) { a += 2 }
        guard end - a >= 3, s.isChar(end - 1, UInt8(ascii: ")")) else { return nil }
        let open = Int(s.match[end - 1])
        guard open > a, s.isChar(open, UInt8(ascii: "(")) else { return nil }
        let k = open - 1
        guard s.code[k].kind == .identifier, acquireNames.contains(s, k) || releaseNames.contains(s, k) else { return nil }
        let name = s.text(k)
        let free = freeFunctionAcquires.contains(name) || freeFunctionAcquires.contains { acquireRelease[$0] == name }
        if free {
            guard k == a, open + 1 < end - 1 else { return nil }
            let lock = LockRegions.normalized(s.text(s.span(open + 1, end - 1)).replacingAmpersand())
            return lock.isEmpty ? nil : (name, lock)
        }
        // A method on a receiver of plain names, and no argument.
        guard open + 1 == end - 1, s.isChar(k - 1, UInt8(ascii: ".")) else { return nil }
        let r = LockRegions.receiverStart(s, dot: k - 1)
        guard r == a else { return nil }
        for q in r..<(k - 1) where !(s.code[q].isWord || s.isChar(q, UInt8(ascii: "."))) { return nil }
        let lock = LockRegions.normalized(s.text(s.span(r, k - 1)))
        return lock.isEmpty || lock == "self" ? nil : (name, lock)
    }

    /// An acquire known by what the code does next: a call of a method the vocabulary does not
    /// know, on a receiver, as the statement right before `defer { receiver.release() }` (the
    /// `defer` at token `k`) with a release it knows (`gate.lockForWriting(); defer { gate.unlock() }`):
    /// the method takes what the deferred call gives back. (acquire name, release name), or nil.
    func deferredReleasePair(_ s: FileStructure, defer k: Int) -> (String, String)? {
        guard s.isChar(k + 1, UInt8(ascii: "{")) else { return nil }
        // `defer { r.release() }`: one call, on a receiver, of a known release.
        let close = Int(s.match[k + 1])
        guard close > k + 5, s.isChar(close - 1, UInt8(ascii: ")")), s.isChar(close - 2, UInt8(ascii: "(")) else { return nil }
        let rel = close - 3
        guard s.code[rel].kind == .identifier, releaseNames.contains(s, rel), s.isChar(rel - 1, UInt8(ascii: ".")) else { return nil }
        let r = LockRegions.receiverStart(s, dot: rel - 1)
        guard r == k + 2 else { return nil }
        let receiver = s.text(s.span(r, rel - 1))
        // The statement before: `r.m()`, alone on its line or after `;`.
        guard s.isChar(k - 1, UInt8(ascii: ")")), s.isChar(k - 2, UInt8(ascii: "(")) else { return nil }
        let m = k - 3
        guard m >= 1, s.code[m].kind == .identifier, s.isChar(m - 1, UInt8(ascii: ".")), !acquireNames.contains(s, m),
              !releaseNames.contains(s, m) else { return nil }
        let r2 = LockRegions.receiverStart(s, dot: m - 1)
        guard r2 >= 0, s.text(s.span(r2, m - 1)) == receiver else { return nil }
        let before = r2 - 1
        // A statement of its own: not a value (`x = r.m()`, `f(r.m())`, `return r.m()`).
        if before >= 0 && (s.code[before].kind == .operator || s.isChar(before, UInt8(ascii: "=")) || s.isChar(before, UInt8(ascii: "("))
                           || s.isChar(before, UInt8(ascii: ",")) || s.isChar(before, UInt8(ascii: ":")) || s.isChar(before, UInt8(ascii: "["))
                           || s.isKeyword(before, .return) || s.isKeyword(before, .try) || s.isKeyword(before, .await)) { return nil }
        return (s.text(m), s.text(rel))
    }
}
