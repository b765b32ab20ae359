import LockLintCore

/// `unchecked_sendable_unguarded`: an `@unchecked Sendable` class with mutable stored state that
/// is not always accessed under one lock.
public struct UncheckedSendableUnguardedRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unchecked_sendable_unguarded",
        name: "Unguarded state in @unchecked Sendable class",
        summary: "A mutable stored property of an @unchecked Sendable class is accessed without the class's lock",
        rationale: """
            `@unchecked Sendable` promises the compiler that the class synchronizes itself, and the compiler stops \
            checking. Every `var` the class stores must then be read and written under the same lock (or on the same \
            serial queue); one unguarded access is a data race the compiler will never report.
            """,
        fix: """
            Guard every access with the class's one lock, or move the state inside the lock (Mutex<State>, \
            OSAllocatedUnfairLock(initialState:)) so it cannot be touched without it; or make the type an actor. A \
            legacy wrapper should document its invariant: private state, one lock, no references escaping, no lock \
            held across await.
            """,
        knownLimits: """
            Guarded means: inside a closure passed to a method of a lock property of the class (withLock, \
            synchronized, withValue, …), between its lock() and unlock() (each branch of an if/else or switch \
            releasing on its own path), after lock() + defer { unlock() }, inside `if L.tryLock()` / \
            `if L.lock(whenCondition:)`, inside sync/async closures on a serial DispatchQueue property or \
            execute/submit closures on a stored event loop, in a closure passed to the class's own lock-wrapper \
            method, in a function that releases a lock its caller took, or in a private method or computed property \
            whose every use in the class is guarded (calls from init or deinit, which no other thread can \
            overlap, do not count against it). A callback registered in a guarded block after the vars it reads \
            were set there, with no other write to them, reads them safely (the registration orders it). A \
            closure that captures `[weak self]` runs later, not under the lock around it. `&x` passed to a C \
            function is not taken for a write (the pointer may be const). A private class whose every instance \
            is a local used only by one async sequence's element producer (`AsyncStream { … }`, \
            `.compactMap(box.method)`) is serialized by the sequence's one consumer. Accesses in init, deinit and XCTest's \
            setUp/tearDown are exempt, as are methods called only from them; for a `private`/`fileprivate` class \
            that means methods called only from initializers anywhere in its file (a pool filled while its owner \
            is built). In test code, a closure-typed hook of a test double (`var didYieldHandler: ((Int) -> Bool)?`) \
            that the double only calls is not reported: the test sets it before the code under test runs. Lock properties are those of a known lock type, a type name ending in Lock or \
            Mutex, any property the class calls withLock…/lock()/unlock() on, and any property whose type is a lock \
            of the project's own (a type of the run that owns a lock or serial queue and runs closures under it, or \
            implements lock()/unlock(); its closure methods then hold it); a DispatchSemaphore is not a lock. A \
            concurrent DispatchQueue is a reader-writer lock (writes must be in barrier blocks), and an \
            OperationQueue limited to one operation at a time is a serial queue. Manual lock()/unlock() is followed \
            along each path of the function (a release on a path that returns frees the lock only there; a lock \
            taken on one path only does not guard what follows). A class with no lock, queue or confinement at all \
            gets one finding, at its name, with a note at each mutable var and where it is written. Subclasses of \
            UIKit/AppKit views and controllers (also through the run's own base classes), classes in a module \
            whose default isolation is the main actor, and classes that are themselves executors are isolated. \
            Judgement calls, each from reading real code: a var never assigned after init (by assignment, compound \
            assignment, `&`, subscript or member assignment, or a known mutating collection method) in a class that \
            has methods of its own is treated as a constant (a custom mutating method is not seen as a write); \
            property-wrapped vars belong to their wrapper; global-actor isolation guards the state; classes confined \
            to an event loop or thread (NIO channel handlers, assertInEventLoop, dispatchPrecondition, a doc comment \
            saying single-threaded or not thread-safe) are judged only for state they also share under a lock; a var \
            documented as protected by something the class does not own is trusted; classes that implement \
            lock()/unlock(), copy-on-write storage, classes named *Unchecked* or Unsafe*, and helper objects that \
            their owner only touches under its lock are left alone. Accesses through other instances \
            (`other.count`) are not followed.
            """,
        inTests: .narrowed("only a class that has a lock or serial queue and still touches some of its state without it: its author meant it to be shared, and the unguarded access races and makes the test flaky. A lock-free test double marked @unchecked Sendable only to satisfy a protocol is not reported"),
        triggeringExamples: [
            """
            final class ↓Registry: @unchecked Sendable {
                private var names: [String] = []
                func add(_ n: String) { names.append(n) }
            }
            """,
            """
            final class Counter: @unchecked Sendable {
                private let lock = NSLock()
                private var count = 0
                func increment() { lock.lock(); count += 1; lock.unlock() }
                var current: Int { ↓count }
            }
            """,
            """
            final class Cache: @unchecked Sendable {
                private let lock = NSLock()
                private let otherLock = NSLock()
                private var items: [String: Int] = [:]
                func get(_ k: String) -> Int? { lock.withLock { items[k] } }
                func set(_ k: String, _ v: Int) { lock.withLock { items[k] = v } }
                func clear() { otherLock.withLock { ↓items = [:] } }
            }
            """,
            Example("""
            final class Session {
                private let lock = NSLock()
                private var token: String?
                func read() -> String? { lock.withLock { token } }
                func reset() { ↓token = nil }
            }
            """, otherFiles: ["extension Session: @unchecked Sendable {}"]),
        ],
        nonTriggeringExamples: [
            """
            final class Counter: @unchecked Sendable {
                private let lock = NSLock()
                private var count = 0
                init(start: Int) { count = start }
                func increment() {
                    lock.lock()
                    defer { lock.unlock() }
                    count += 1
                }
                func read() -> Int { lock.withLock { count } }
                private func bumpLocked() { count += 1 }
                func bumpTwice() { lock.withLock { bumpLocked(); bumpLocked() } }
                deinit { count = 0 }
            }
            """,
            """
            final class Store: @unchecked Sendable {
                private let queue = DispatchQueue(label: "store")
                private var values: [Int] = []
                func append(_ v: Int) { queue.sync { values.append(v) } }
                func snapshot() -> [Int] { queue.sync { values } }
            }
            """,
            """
            final class Box: @unchecked Sendable {
                let value: Int
                init(value: Int) { self.value = value }
            }
            """,
            """
            final class Model: @unchecked Sendable {
                private let state = Mutex<[String]>([])
                var computed: Int { 3 }
                func add(_ s: String) { state.withLock { $0.append(s) } }
            }
            """,
            """
            final class Plain {
                var count = 0
                func bump() { count += 1 }
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        // Group the units (class bodies and extensions in this file) by class name.
        var byName: [String: [Int]] = [:]
        var order: [String] = []
        for (di, d) in s.decls.enumerated() where (d.kind == .class || d.kind == .extension) && !d.nameText.isEmpty && d.body >= 0 {
            if byName[d.nameText] == nil { order.append(d.nameText) }
            byName[d.nameText, default: []].append(di)
        }
        guard !order.isEmpty else { return [] }
        var candidates: [(name: String, units: [Int], declaredHere: Int?, facts: TypeFacts)] = []
        var extraScoped: Set<String> = ["withValue", "withLockVoid", "withMutableValue", "withLockedValueVoid"]
        for name in order {
            let units = byName[name]!
            let declaredHere = units.first { s.decls[$0].kind == .class }
            var facts: TypeFacts
            if let di = declaredHere, isUnchecked(s, di) {
                facts = localFacts(s, di, context)
                // Extensions elsewhere may assert confinement.
                if let global = context.uncheckedSendableClass(name) { facts.isLoopConfined = facts.isLoopConfined || global.isLoopConfined }
            } else if let di = declaredHere {
                // Declared here without the conformance: only an extension can add it (another
                // class of the same name elsewhere does not).
                guard let global = context.uncheckedSendableClass(name), global.uncheckedViaExtension else { continue }
                facts = localFacts(s, di, context)
                facts.isLoopConfined = facts.isLoopConfined || global.isLoopConfined
            } else if let global = context.uncheckedSendableClass(name) {
                facts = global
            } else {
                continue
            }
            guard !facts.storedVars.isEmpty else { continue }
            if exemption(name: name, units: units, declaredHere: declaredHere, facts: facts, s: s) != nil { continue }
            // Isolated to the main actor: a subclass of a UI class of the run, or a module whose
            // default isolation is the main actor.
            if facts.isLoopConfined == false, let di = declaredHere {
                if context.inheritsMainActor(superclass: s.inheritedTypes(of: di).first?.name ?? "") { continue }
                if context.fileContext.defaultMainActor && !s.decls[di].modifiers.contains(.nonisolated) { continue }
            }
            if let di = declaredHere { addProjectGuards(&facts, di, units: units, context: context, scoped: &extraScoped) }
            // A superclass in the project may own the lock.
            if facts.lockProperties.isEmpty && facts.queueProperties.isEmpty, let di = declaredHere,
               let superName = s.inheritedTypes(of: di).first?.name, let sup = context.classFacts(superName) {
                facts.lockProperties = sup.lockProperties
                facts.queueProperties = sup.queueProperties
            }
            candidates.append((name, units, declaredHere, facts))
        }
        // Code built only for a single-threaded runtime cannot race.
        let singleThreaded = s.singleThreadedRanges()
        if !singleThreaded.isEmpty {
            candidates.removeAll { c in c.declaredHere.map { d in singleThreaded.contains { $0.contains(s.decls[d].keyword) } } ?? false }
        }
        guard !candidates.isEmpty else { return [] }
        var regions: LockRegions? = nil
        for c in candidates {
            let confined = c.facts.isLoopConfined || c.units.contains { isEventLoopConfined(s, $0) }
            // Locks that can guard other state: not value boxes (Mutex<State>,
            // NIOLockedValueBox), not the event loop of a loop-confined class.
            var guarding = c.facts
            guarding.lockProperties.removeAll { c.facts.valueBoxes.contains($0) }
            if confined { guarding.queueProperties.removeAll { c.facts.eventLoops.contains($0) } }
            if guarding.lockProperties.isEmpty && guarding.queueProperties.isEmpty {
                // Confined to an event loop (asserted at run time): the loop serializes the state.
                if confined { continue }
                if let di = c.declaredHere { reportUnprotected(di, facts: c.facts, units: c.units, context: context, into: &out) }
                continue
            }
            _ = guarding
            if regions == nil {
                var receivers = Set<String>()
                for other in candidates { receivers.formUnion(other.facts.lockProperties) }
                regions = LockRegions(s, vocabulary: context.vocabulary, includeQueues: ["*"],
                                      extraScopedMethods: extraScoped,
                                      guardReceivers: receivers, heldOnEntry: true)
            }
            checkAccesses(c.name, facts: c.facts, units: c.units, regions: regions!, confined: confined, context: context, into: &out)
        }
        return out
    }

    /// The var is never touched by its own class's methods (outside initialization), and every
    /// access through another reference (`item.isAvailable`) in the file holds some lock: the
    /// object is state of its owner, guarded by the owner's lock.
    func usedOnlyUnderOwnersLock(_ name: String, units: [Int], s: FileStructure, context: RuleContext, initOnly: Set<Int>) -> Bool {
        for u in units {
            let body = s.scopes[s.decls[u].body]
            for i in s.span(body.open, body.close) where s.code[i].kind == .identifier && s.is(i, text: name) {
                if isBinding(s, i) || isInInitOrDeinit(s, i, initOnly: initOnly) { continue }
                if s.isChar(i - 1, UInt8(ascii: ".")) && !s.isKeyword(i - 2, .self) { continue }
                if s.enclosingFunction(of: i) == nil { continue }  // its own declaration
                return false
            }
        }
        var others: [Int] = []
        for i in 1..<max(1, s.code.count) where s.code[i].kind == .identifier && s.isChar(i - 1, UInt8(ascii: ".")) && s.is(i, text: name) {
            if s.isKeyword(i - 2, .self) { continue }
            others.append(i)
        }
        guard !others.isEmpty else { return false }
        let regions = LockRegions(s, vocabulary: context.vocabulary, heldOnEntry: true)
        return others.allSatisfy { !regions.holding($0, in: s, directOnly: false).isEmpty }
    }

    /// A write in a function that checks `isKnownUniquelyReferenced(&…)`: copy-on-write storage,
    /// written only when this reference is the only one.
    func isCopyOnWrite(_ s: FileStructure, at i: Int) -> Bool {
        guard let exec = s.enclosingExecutable(of: i) else { return false }
        var sc = exec
        // The whole accessor or function (closures inside it included).
        while sc >= 0 && s.scopes[sc].kind == .closure { sc = s.scopes[sc].parent }
        guard sc >= 0 else { return false }
        let body = s.scopes[sc]
        let helpers = uniquenessHelpers(s)
        var k = body.open
        while k < min(i, body.close) {
            if s.code[k].kind == .identifier {
                if s.code[k].length == 25 && s.is(k, "isKnownUniquelyReferenced") { return true }
                if !helpers.isEmpty && s.isChar(k + 1, UInt8(ascii: "(")) && helpers.contains(s.text(k)) { return true }
            }
            k += 1
        }
        return false
    }

    /// Functions in the file whose body checks `isKnownUniquelyReferenced` (`makeUnique()`).
    func uniquenessHelpers(_ s: FileStructure) -> Set<String> {
        var out = Set<String>()
        for d in s.decls where d.kind == .function && d.body >= 0 {
            let b = s.scopes[d.body]
            for k in s.span(b.open, b.close) where s.code[k].length == 25 && s.is(k, "isKnownUniquelyReferenced") {
                out.insert(d.nameText)
                break
            }
        }
        return out
    }

    /// `let v = T(…); v.x = …` before `v` is used any other way: still constructing the object,
    /// which no other thread can see yet.
    func isSetUpOfFreshInstance(_ s: FileStructure, receiver r: Int, write: Int) -> Bool {
        guard r >= 1, s.code[r].kind == .identifier, !s.isChar(r - 1, UInt8(ascii: ".")),
              let fn = s.enclosingExecutable(of: r) else { return false }
        let local = s.text(r)
        let body = s.scopes[fn]
        // The binding `let local = Type(` in the same function, before the write.
        var k = body.open
        var bound = -1
        while k < r {
            if (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && s.is(k + 1, text: local) && s.isChar(k + 2, UInt8(ascii: "="))
                && k + 3 < s.code.count && s.code[k + 3].kind == .identifier && s.isChar(k + 4, UInt8(ascii: "(")) {
                bound = k + 1
            }
            k += 1
        }
        guard bound >= 0 else { return false }
        // Every use of `local` between the binding and this write is itself `local.member = …`.
        var q = bound + 1
        while q < r {
            if s.code[q].kind == .identifier && s.is(q, text: local) && !s.isChar(q - 1, UInt8(ascii: ".")) {
                guard s.isChar(q + 1, UInt8(ascii: ".")) && isWrite(s, q + 2) else { return false }
            }
            q += 1
        }
        return true
    }

    /// Vars declared here whose type is a class (a project class, or a well-known reference type).
    func referenceVars(_ s: FileStructure, _ units: [Int], _ context: RuleContext) -> Set<String> {
        var out = Set<String>()
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].isLet {
                let d = s.decls[m]
                var type: String? = nil
                // Only when the annotation is the type itself (`Foo`, `Foo?`, `Foo<T>?`), not `[Foo]`.
                if let first = d.typeAnnotation.first, s.code[first].kind == .identifier {
                    var after = first + 1
                    if s.is(after, "<") {
                        // Skip the generic arguments: `<` … `>` (no nesting of angle brackets is tracked
                        // by the structure, so count them here).
                        var depth = 0
                        var k = after
                        while k < d.typeAnnotation.upperBound {
                            let t = s.text(k)
                            if t.hasPrefix("<") { depth += t.filter { $0 == "<" }.count }
                            if t.hasPrefix(">") { depth -= t.filter { $0 == ">" }.count }
                            k += 1
                            if depth <= 0 { break }
                        }
                        after = k
                    }
                    if after >= d.typeAnnotation.upperBound || s.isChar(after, UInt8(ascii: "?")) || s.isChar(after, UInt8(ascii: "!")) {
                        type = s.text(first)
                    }
                } else if let first = d.initializer.first, s.code[first].kind == .identifier,
                          s.isChar(first + 1, UInt8(ascii: "(")) || s.is(first + 1, "<") {
                    type = s.text(first)
                }
                guard let t = type else { continue }
                if Self.knownReferenceTypes.contains(t) || context.classFacts(t) != nil { out.insert(d.nameText) }
            }
        }
        return out
    }

    /// Framework classes a class may inherit from (an actor cannot).
    static let knownBaseClasses: Set<String> = [
        "NSObject", "Operation", "BlockOperation", "Thread", "Stream", "InputStream", "OutputStream",
        "URLProtocol", "NSManagedObject", "NSDocument", "UIDocument", "XCTestCase", "NSCache", "Timer",
    ]

    static let knownReferenceTypes: Set<String> = [
        "Application", "NSObject", "URLSession", "FileManager", "Thread", "JSONEncoder", "JSONDecoder", "NSMutableArray",
        "NSMutableDictionary", "EventLoopGroup", "MultiThreadedEventLoopGroup", "HTTPClient",
    ]

    static let ownerProtectionPhraseBytes: [[UInt8]] = ["protected by", "guarded by", "synchronized by", "under the lock", "under the owner"].map { Array($0.utf8) }

    static let singleThreadPhraseBytes: [[UInt8]] = singleThreadPhrases.map { Array($0.utf8) }

    static let singleThreadPhrases = [
        "single thread", "single-thread", "one thread", "same thread", "not thread safe", "not thread-safe",
        "isn't thread safe", "isn't thread-safe", "not threadsafe", "only intended for", "thread-confined", "thread confined",
        "not actually sendable", "not really sendable", "isn't sendable", "is not sendable",
    ]

    /// Classes the rule leaves alone, with the reason (documented in `knownLimits`).
    func exemption(name: String, units: [Int], declaredHere: Int?, facts: TypeFacts, s: FileStructure) -> String? {
        // Isolated to a global actor: the actor guards the state.
        if facts.isGlobalActorIsolated || units.contains(where: { s.hasGlobalActor(s.decls[$0]) }) { return "global actor" }
        // An explicitly unchecked box says what it is in its name.
        if name.contains("Unchecked") || name.hasPrefix("Unsafe") { return "named unchecked" }
        var funcs = Set<String>()
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .function { funcs.insert(s.decls[m].nameText) }
        }
        // The class is itself a lock (it implements unlock() and lock()/lockRead()/lockWrite()…).
        if funcs.contains("unlock") && funcs.contains(where: { $0.hasPrefix("lock") }) { return "is a lock" }
        // A nested or private helper class documented as protected by its owner's lock.
        if let di = declaredHere {
            let d = s.decls[di]
            let nested = d.parent >= 0 && s.decls[d.parent].kind.isType
            if nested || d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate) {
                let doc = s.leadingCommentText(d)
                if !doc.isEmpty && ByteSearch.containsAny(doc, caseInsensitive: Self.ownerProtectionPhraseBytes) { return "protected by its owner" }
            }
        }
        // Documented as single-threaded or confined (on the class or on its conformance).
        for u in units {
            let text = s.leadingCommentText(s.decls[u]) + trailingComments(s, u)
            if !text.isEmpty && ByteSearch.containsAny(text, caseInsensitive: Self.singleThreadPhraseBytes) { return "documented confinement" }
        }
        return nil
    }

    /// Comments inside a unit's header and on the line of its closing brace when it is a
    /// one-line conformance (`extension X: @unchecked Sendable {} // reason`).
    func trailingComments(_ s: FileStructure, _ u: Int) -> String {
        let d = s.decls[u]
        guard d.body >= 0 else { return "" }
        let sc = s.scopes[d.body]
        let from = Int(s.code[d.keyword].start)
        let line = s.line(ofToken: sc.close)
        var out = ""
        // First comment after the keyword (binary search).
        var lo = 0
        var hi = s.comments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(s.comments[mid].start) <= from { lo = mid + 1 } else { hi = mid }
        }
        for c in s.comments[lo...] {
            let l = s.file.location(Int(c.start)).line
            if Int(c.start) < Int(s.code[sc.open].start) || (sc.close - sc.open <= 1 && l == line) || (sc.close - sc.open <= 1 && l == line + 1) {
                out += s.file.text(c.range) + "\n"
            } else if Int(c.start) > Int(s.code[sc.close].end) + 400 {
                break
            }
        }
        return out
    }

    func isUnchecked(_ s: FileStructure, _ di: Int) -> Bool {
        // Cheap test first: no `@unchecked` in the inheritance clause, no unchecked conformance.
        guard s.decls[di].inheritance.contains(where: { s.code[$0].kind == .attribute && s.is($0, "@unchecked") }) else { return false }
        return s.inheritedTypes(of: di).contains { $0.unchecked && $0.name == "Sendable" }
    }

    func localFacts(_ s: FileStructure, _ di: Int, _ context: RuleContext) -> TypeFacts {
        var f = TypeFacts()
        f.isClass = true
        f.isUncheckedSendable = true
        let members = ProjectIndex.classifyMembers(of: di, in: s, vocabulary: context.vocabulary)
        f.lockProperties = members.locks
        f.queueProperties = members.queues
        f.valueBoxes = members.boxes
        f.eventLoops = members.eventLoops
        let vars = members.vars
        f.storedVars = vars
        return f
    }

    /// Guards the member classification cannot see alone: properties whose type is a lock of
    /// the project's own (its closure methods then hold it), concurrent queues used as
    /// reader-writer locks (writes in barrier blocks), OperationQueues limited to one operation
    /// at a time; and stored event loops the class never runs code on, which guard nothing.
    func addProjectGuards(_ facts: inout TypeFacts, _ di: Int, units: [Int], context: RuleContext, scoped: inout Set<String>) {
        let s = context.structure
        var locks = Set(facts.lockProperties)
        var queues = Set(facts.queueProperties)
        for m in s.children[di] {
            let v = s.decls[m]
            guard v.kind == .variable, !v.isStaticMember, !v.isComputed, !v.nameText.isEmpty else { continue }
            if let type = Self.declaredType(v, s), let methods = context.lockWrapperMethods(type) {
                // A lock of the project's own guards this class's state only if the class
                // touches its state inside that lock's closures (otherwise it is a collaborator).
                if guardsState(v.nameText, methods: Set(methods), vars: Set(facts.storedVars), units: units, s) {
                    locks.insert(v.nameText)
                    scoped.formUnion(methods)
                }
                continue
            }
            if v.isLet && (Self.isConcurrentQueue(v, s) || Self.isSerialOperationQueue(v, units: units, s)) {
                queues.insert(v.nameText)
            }
        }
        // An event loop stored only to make futures or promises serializes nothing here.
        for loop in facts.eventLoops where !runsOn(loop, units: units, s) {
            queues.remove(loop)
        }
        facts.lockProperties = locks.sorted()
        facts.queueProperties = queues.sorted()
        // A class that is itself an executor or event loop: its queues are the loop.
        let executor = units.contains { u in
            Confinement.isExecutor(u, s) || s.inheritedTypes(of: u).contains { context.isExecutor($0.name) }
        }
        if executor {
            facts.isLoopConfined = true
            facts.eventLoops = Array(Set(facts.eventLoops).union(queues)).sorted()
        }
        facts.storedVars.removeAll { locks.contains($0) }
    }

    /// Whether some closure passed to `lock.method { … }` (a scoped method) in the class's
    /// bodies mentions one of its stored vars.
    func guardsState(_ lock: String, methods: Set<String>, vars: Set<String>, units: [Int], _ s: FileStructure) -> Bool {
        let bodies = units.map { s.scopes[s.decls[$0].body] }
        for c in s.closures where c.callee >= 0 && c.receiverStart >= 0 && c.close > c.open {
            guard bodies.contains(where: { $0.open < c.open && c.close < $0.close }),
                  methods.contains(s.text(c.callee)),
                  LockRegions.normalized(s.text(c.receiverStart..<(c.callee - 1))) == lock else { continue }
            for k in c.interior where s.code[k].kind == .identifier && vars.contains(s.text(k)) { return true }
        }
        return false
    }

    /// The type a stored property is declared with (`: Protected<T>`, `= Protected(…)`).
    static func declaredType(_ v: Decl, _ s: FileStructure) -> String? {
        if let first = v.typeAnnotation.first, s.code[first].kind == .identifier { return s.text(first) }
        if let first = v.initializer.first, s.code[first].kind == .identifier,
           s.isChar(first + 1, UInt8(ascii: "(")) || (s.code.indices.contains(first + 1) && s.is(first + 1, "<")) {
            return s.text(first)
        }
        return nil
    }

    /// How to hold lock `p` around an access: the class's own wrapper method when it has one;
    /// `withLock` where the lock type has it (NSLock's needs macOS 14/iOS 17); else
    /// `lock()` with a deferred `unlock()`.
    /// In async code `lock()` is unavailable (`noasync`) and a lock must not be held across an
    /// `await`: only a closure form, around the access alone, is offered there.
    static func lockFix(_ p: String, wrapper: String?, deployment: Deployment?, lockType: String?, what: String, tail: String,
                        lockTypeMethods: [String]? = nil, inAsync: Bool = false) -> String {
        if let w = wrapper { return "\(what) \(w) { } (the class's own way of holding '\(p)')\(tail)" }
        if let m = lockTypeMethods?.first { return "\(what) \(p).\(m) { } (the project's own closure method on \(lockType ?? "the lock"))\(tail)" }
        let nsLocking: Set<String> = ["NSLock", "NSRecursiveLock", "NSCondition", "NSConditionLock"]
        if let t = lockType, nsLocking.contains(t), let d = deployment, !d.allows(Deployment.nsLockingWithLockSince) {
            if inAsync {
                return "move the access into a synchronous helper that takes '\(p)' (lock(); defer { unlock() }) and call it from here: lock() is unavailable in async code, and NSLocking.withLock needs macOS 14/iOS 17\(tail)"
            }
            return "\(what) \(p).lock(); defer { \(p).unlock() } (NSLocking.withLock needs macOS 14/iOS 17)\(tail)"
        }
        if inAsync { return "\(what) \(p).withLock { } around the access alone, with no await inside\(tail)" }
        return "\(what) \(p).withLock { } (or \(p).lock(); defer { \(p).unlock() })\(tail)"
    }


    /// How to move an access onto serial queue `q`. `q.sync` is not offered on its own: the
    /// access may run on `q` already, or on a thread (a realtime callback, a deinit) that work on
    /// `q` waits for, and then `sync` deadlocks.
    static func queueFix(_ q: String, name: String, write: Bool) -> String {
        (write ? "make the write inside \(q).async { }" : "read '\(name)' inside \(q).async { } and hand the value on from there")
            + "; \(q).sync { } is safe only from callers that never run on \(q) and that no block on \(q) waits for, "
            + "so where that is not certain, guard '\(name)' with one short lock at every access instead"
    }

    /// A block submitted with `flags: .barrier` (`queue.async(flags: .barrier) { … }`).
    static func isBarrier(_ s: FileStructure, _ c: Closure) -> Bool {
        guard c.callee >= 0, s.isChar(c.callee + 1, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[c.callee + 1])
        guard close > c.callee else { return false }
        return ((c.callee + 2)..<close).contains { s.is($0, "barrier") }
    }

    /// `DispatchQueue(label: …, attributes: .concurrent)`.
    static func isConcurrentQueue(_ v: Decl, _ s: FileStructure) -> Bool {
        var queue = false
        var concurrent = false
        for i in v.initializer {
            if s.is(i, "DispatchQueue") { queue = true }
            if s.is(i, "concurrent") { concurrent = true }
        }
        return queue && concurrent
    }

    /// An `OperationQueue` whose `maxConcurrentOperationCount` the class sets to 1.
    static func isSerialOperationQueue(_ v: Decl, units: [Int], _ s: FileStructure) -> Bool {
        let typed = v.typeAnnotation.contains { s.is($0, "OperationQueue") } || v.initializer.contains { s.is($0, "OperationQueue") }
        guard typed else { return false }
        for u in units {
            let b = s.scopes[s.decls[u].body]
            for k in b.open..<b.close where s.is(k, "maxConcurrentOperationCount") && s.isChar(k + 1, UInt8(ascii: "="))
                && s.is(k + 2, "1") {
                // `queue.maxConcurrentOperationCount = 1` (or the same inside the initializer's closure).
                if s.is(k - 2, text: v.nameText) || v.initializer.contains(k) { return true }
            }
        }
        return false
    }

    /// Whether the class submits work to (or asserts it runs on) event loop `loop`.
    func runsOn(_ loop: String, units: [Int], _ s: FileStructure) -> Bool {
        for u in units {
            let b = s.scopes[s.decls[u].body]
            for k in b.open..<b.close where s.code[k].kind == .identifier && s.is(k, text: loop) && s.isChar(k + 1, UInt8(ascii: ".")) {
                let m = s.text(k + 2)
                if LockRegions.serialExecutorMethods.contains(m) || Confinement.checks.contains(m) { return true }
            }
        }
        return false
    }

    // MARK: No lock at all

    func reportUnprotected(_ di: Int, facts: TypeFacts, units: [Int], context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        // In test code only inconsistent locking is reported: a lock-free test double marked
        // @unchecked Sendable to satisfy a protocol is used one step at a time by its test.
        if context.isTestCode { return }
        // A property wrapper's storage belongs to the value that declares the wrapped property:
        // whether it is shared across threads is that value's design, not the wrapper's.
        if s.attributes(of: s.decls[di]).contains(where: { s.is($0, "@propertyWrapper") }) { return }
        let className = s.decls[di].nameText
        if isSingleConsumerBox(s, di) { return }
        let documented = documentedProtection(units: units, guards: [], s: s)
        let references = referenceVars(s, units, context)
        let initOnly = initOnlyHelpers(s, units: units)
        // A class with no behaviour of its own (only stored properties and initializers) is a
        // mutable box: its vars are written by whoever holds it, elsewhere.
        let hasBehaviour = units.contains { u in
            s.children[u].contains { m in
                let k = s.decls[m].kind
                return k == .function || k == .subscript || (k == .variable && s.decls[m].isComputed)
            }
        }
        var notes: [Note] = []
        var mutable: [String] = []
        var onlyConstants = true
        for m in s.children[di] {
            let v = s.decls[m]
            guard v.kind == .variable, !v.isStaticMember, !v.isLet, !v.isComputed, v.name >= 0,
                  !s.hasPropertyWrapper(v), !s.hasGlobalActor(v),
                  facts.storedVars.contains(v.nameText) else { continue }
            let writes = writesOutsideInit(v.nameText, units: units, s: s, references: references, initOnly: initOnly)
            let other = otherReferenceWrites(s, v.nameText, references: references, className: className)
            // Never assigned after initialization (here or through another reference) by a class
            // that manages its own state: in effect a `let`, so it cannot race.
            // A public var without a private setter is written by whoever holds the instance.
            let settableOutside = s.isSettableOutsideModule(v)
            if writes.isEmpty && !other.unsafe && !settableOutside {
                // Every write seen is construction or copy-on-write; a weak or unowned
                // reference is loaded and stored atomically by the runtime.
                if hasBehaviour || other.safe || v.modifiers.contains(.weak) || v.modifiers.contains(.unowned) { continue }
            }
            // Documented as protected by something outside the class.
            if documented[v.nameText] == .external { continue }
            // A helper object whose owner touches it only under the owner's lock.
            if usedOnlyUnderOwnersLock(v.nameText, units: units, s: s, context: context, initOnly: initOnly) { continue }
            mutable.append(v.nameText)
            if let w = writes.first {
                onlyConstants = false
                notes.append(context.note(at: v.name, "'\(v.nameText)' is mutable"))
                notes.append(context.note(at: w, "'\(v.nameText)' is written here with nothing excluding other threads"))
            } else if settableOutside {
                onlyConstants = false
                notes.append(context.note(at: v.name, "'\(v.nameText)' is public and settable: any holder of the instance can write it from any thread"))
            } else if other.unsafe {
                onlyConstants = false
                notes.append(context.note(at: v.name, "'\(v.nameText)' is mutable and written through other references to '\(className)'"))
            } else if !hasBehaviour && s.isSettableOutsideFile(v) {
                // A box with no methods of its own: its vars are written by whoever holds it, in
                // other files this one does not show.
                onlyConstants = false
                notes.append(context.note(at: v.name, "'\(v.nameText)' is settable from other files, and the class has no methods of its own: holders of the instance can write it, from any thread"))
            } else {
                notes.append(context.note(at: v.name, "'\(v.nameText)' is mutable, and never assigned outside init: it could be a 'let'"))
            }
        }
        guard !mutable.isEmpty else { return }
        let list = mutable.count == 1 ? "'\(mutable[0])'" : "\(mutable.count) vars ('\(mutable.joined(separator: "', '"))')"
        var fix: String
        if onlyConstants {
            fix = "declare \(mutable.count == 1 ? "it" : "them") 'let': \(list) \(mutable.count == 1 ? "is" : "are") never assigned outside init"
        } else {
            // An actor cannot inherit from a class: for a subclass (an Operation with its own
            // threading contract, an NSObject) the actor option does not exist.
            let superName = s.inheritedTypes(of: di).first?.name ?? ""
            let subclass = Self.knownBaseClasses.contains(superName) || context.classFacts(superName) != nil
            fix = ownLockAdvice(context) ?? LockAdvice.protect("the mutable state", context.deployment)
            fix += (subclass ? "" : "; or, if every caller can await, make '\(className)' an actor")
                + "; if one thread or queue owns every instance, say so in a doc comment on the class"
        }
        out.append(context.diagnostic(
            description, at: s.decls[di].name,
            message: "@unchecked Sendable class '\(className)' has mutable state (\(list)) and no lock, queue or actor guarding it"
                + (facts.valueBoxes.isEmpty ? "" : " ('\(facts.valueBoxes.sorted().joined(separator: "', '"))' guards only the value inside it)"),
            notes: notes, fixIt: FixIt(fix)))
    }

    /// Callees whose closure (or method reference) produces the elements of one async sequence:
    /// its single consumer calls it one element at a time, never twice at once.
    static let elementProducers: Set<String> = [
        "AsyncStream", "AsyncThrowingStream", "map", "compactMap", "flatMap", "filter", "prefix", "drop", "reduce",
    ]

    /// A private class whose every instance is a local (`let box = Box(…)`) that is used only
    /// inside one element-producing closure or as one transform (`AsyncStream { try await
    /// box.next() }`, `frames.compactMap(box.validate)`): the sequence serializes its calls.
    func isSingleConsumerBox(_ s: FileStructure, _ di: Int) -> Bool {
        let d = s.decls[di]
        guard d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate), d.body >= 0 else { return false }
        let own = s.scopes[d.body]
        var found = false
        for k in 0..<s.code.count where s.code[k].kind == .identifier && s.is(k, text: d.nameText) && s.isChar(k + 1, UInt8(ascii: "(")) {
            if k > own.open && k < own.close { continue }
            // `let local = Name(`
            guard k >= 3, s.isKeyword(k - 3, .let), s.code[k - 2].kind == .identifier, s.isChar(k - 1, UInt8(ascii: "=")),
                  let exec = s.enclosingExecutable(of: k) else { return false }
            let local = s.text(k - 2)
            let body = s.scopes[exec]
            var owner: Int? = nil  // the one closure or call that may use it
            var j = Int(s.match[k + 1]) + 1
            guard j > k + 1 else { return false }
            while j < body.close {
                defer { j += 1 }
                guard s.code[j].kind == .identifier, s.is(j, text: local), !s.isChar(j - 1, UInt8(ascii: ".")) else { continue }
                guard let user = producerUsing(s, j) else { return false }
                if owner == nil { owner = user } else if owner != user { return false }
            }
            guard owner != nil else { return false }
            found = true
        }
        return found
    }

    /// The element producer a use of a local sits in: the closure passed to a producer (its
    /// open brace), or the producer call whose argument is the method reference (its name token).
    func producerUsing(_ s: FileStructure, _ j: Int) -> Int? {
        if let c = nearestClosure(s, j) {
            let closure = s.closures[c]
            var callee = closure.callee
            if callee < 0 && closure.open >= 1 && s.is(closure.open - 1, ">") {
                // `AsyncStream<Element> { … }`: the type name before the generic arguments.
                var k = closure.open - 2
                while k > closure.open - 10 && k >= 1 && !s.is(k, "<") { k -= 1 }
                if k >= 1 && s.is(k, "<") { callee = k - 1 }
            }
            guard callee >= 0, s.code[callee].kind == .identifier, Self.elementProducers.contains(s.text(callee)) else { return nil }
            // Only directly inside that closure, not in a closure nested in it.
            return closure.open
        }
        // `.compactMap(local.method)`
        guard s.isChar(j - 1, UInt8(ascii: "(")), s.isChar(j + 1, UInt8(ascii: ".")), j + 3 < s.code.count,
              s.isChar(j + 3, UInt8(ascii: ")")), s.code[j - 2].kind == .identifier,
              Self.elementProducers.contains(s.text(j - 2)) else { return nil }
        return j - 2
    }

    /// Names a project commonly gives its own lock type.
    static let ownLockNames = ["Mutex", "Locked", "Protected", "LockedValueBox", "Lock", "UnfairLock", "ReadWriteLock"]

    /// When the module has a lock type of its own under a usual name (a project `Mutex<T>` class),
    /// advise that type rather than a system lock the package may not have.
    func ownLockAdvice(_ context: RuleContext) -> String? {
        for name in Self.ownLockNames {
            guard let methods = context.lockWrapperMethods(name), let method = methods.sorted().first else { continue }
            return "guard every access to the mutable state with the module's own \(name), through \(method) { }"
        }
        return nil
    }

    /// Private methods reached only from init/deinit (directly or through other such methods).
    /// In a `private`/`fileprivate` class every method counts, and its call sites are looked
    /// for in the whole file (nothing outside it can call them): a file-private helper whose
    /// writers are called only while initializers run (an intern pool filled while its owner
    /// is built) is written only during construction.
    func initOnlyHelpers(_ s: FileStructure, units: [Int]) -> Set<Int> {
        let filePrivate = units.contains { u in
            s.decls[u].kind == .class && s.decls[u].parent < 0
                && (s.decls[u].modifiers.contains(.private) || s.decls[u].modifiers.contains(.fileprivate))
        }
        // Overloads share a name: a name is reached only from init if every call to it is.
        var helpers: [String: [Int]] = [:]
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .function && s.decls[m].body >= 0
                && (filePrivate || s.decls[m].modifiers.contains(.private) || s.decls[m].modifiers.contains(.fileprivate))
                && !s.decls[m].isStaticMember {
                helpers[s.decls[m].nameText, default: []].append(m)
            }
        }
        guard !helpers.isEmpty else { return [] }
        var sites: [String: [Int]] = [:]
        let ranges: [Range<Int>] = filePrivate
            ? [0..<s.code.count]
            : units.map { u in s.span(s.scopes[s.decls[u].body].open, s.scopes[s.decls[u].body].close) }
        for range in ranges {
            // `helper(…)`, or `helper { … }` with only a trailing closure.
            for i in range where s.code[i].kind == .identifier && (s.isChar(i + 1, UInt8(ascii: "(")) || s.isChar(i + 1, UInt8(ascii: "{"))) {
                if s.isKeyword(i - 1, .func) { continue }  // the declaration itself
                let name = s.text(i)
                guard helpers[name] != nil else { continue }
                if !filePrivate && s.isChar(i - 1, UInt8(ascii: ".")) && !s.isKeyword(i - 2, .self) { continue }
                sites[name, default: []].append(i)
            }
        }
        var result = Set<Int>()
        var changed = true
        while changed {
            changed = false
            for (name, decls) in helpers where !result.contains(decls[0]) {
                guard let calls = sites[name], !calls.isEmpty else { continue }
                if calls.allSatisfy({ isInInitOrDeinit(s, $0, initOnly: result) }) {
                    result.formUnion(decls)
                    changed = true
                }
            }
        }
        return result
    }

    /// The accesses that may write `name` outside initialization, in source order.
    func writesOutsideInit(_ name: String, units: [Int], s: FileStructure, references: Set<String> = [], initOnly: Set<Int> = []) -> [Int] {
        var writes: [Int] = []
        var shadowCache: [Int: Set<String>] = [:]
        for u in units {
            let body = s.scopes[s.decls[u].body]
            for i in s.span(body.open, body.close) where s.code[i].kind == .identifier && s.is(i, text: name) {
                if isBinding(s, i) || isInInitOrDeinit(s, i, initOnly: initOnly) { continue }
                if s.isChar(i - 1, UInt8(ascii: ".")) {
                    guard s.isKeyword(i - 2, .self) else { continue }
                } else if let fn = s.enclosingFunction(of: i) {
                    let top = outermostFunction(s, fn)
                    if shadowCache[top] == nil { shadowCache[top] = shadowedNames(s, top) }
                    if shadowCache[top]!.contains(name) { continue }
                } else {
                    continue  // not inside a member: e.g. the declaration's own initializer
                }
                if mayWrite(s, i, reference: references.contains(name)) { writes.append(i) }
            }
        }
        return writes
    }

    /// The name of a declaration or binding (`var x`, `let x`, `if let x`), not a use.
    func isBinding(_ s: FileStructure, _ i: Int) -> Bool {
        s.isKeyword(i - 1, .let) || s.isKeyword(i - 1, .var)
    }

    /// Whether the access at `i` writes the property. With `reference`, the property holds a class
    /// instance: assigning to its members (`app.config.x = 1`) writes the instance, not the property.
    func isWrite(_ s: FileStructure, _ i: Int, reference: Bool = false) -> Bool {
        var stepped = false
        var j = i + 1
        // `x[k] = …`, `x.y = …`, `x?.y = …`
        while true {
            if s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: "(")) {
                let m = Int(s.match[j])
                guard m > j else { return false }
                j = m + 1
                stepped = true
            } else if s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.code.count && s.code[j + 1].isWord {
                if reference { return false }
                stepped = true
                if s.isChar(j + 2, UInt8(ascii: "(")) {
                    // A mutating-looking call: append/insert/remove…
                    let name = s.text(j + 1)
                    return Self.mutatingNames.contains(where: { name.hasPrefix($0) })
                }
                j += 2
            } else if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) {
                j += 1
            } else {
                break
            }
        }
        guard j < s.code.count else { return false }
        if reference && stepped { return false }
        let t = s.code[j]
        if s.isChar(j, UInt8(ascii: "=")) { return true }
        if t.kind == .operator {
            let op = s.text(j)
            return op.count >= 2 && op.hasSuffix("=") && op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "==="  && op != "!=="
        }
        return false
    }

    /// XCTest runs these on the test case instance before and after each test, like init/deinit.
    static let testLifecycle: Set<String> = ["setUp", "setUpWithError", "tearDown", "tearDownWithError"]

    static let mutatingNames = ["append", "insert", "remove", "removeAll", "removeValue", "updateValue", "merge", "sort", "reverse", "formUnion", "subtract", "popLast", "removeFirst", "removeLast", "toggle", "formIntersection", "swapAt", "shuffle"]

    func isInInitOrDeinit(_ s: FileStructure, _ i: Int, initOnly: Set<Int> = []) -> Bool {
        guard let f = s.enclosingFunction(of: i) else { return false }
        if !initOnly.isEmpty {
            var d = f
            while d >= 0 {
                if initOnly.contains(d) { return true }
                let p = s.decls[d].parent
                if p < 0 || s.decls[p].kind.isType { break }
                d = p
            }
        }
        var d = f
        // The outermost function-like declaration (a nested func in init is still init).
        while true {
            let p = s.decls[d].parent
            if p >= 0 && s.decls[p].kind.isFunctionLike { d = p } else { break }
        }
        let k = s.decls[d].kind
        if k == .function && Self.testLifecycle.contains(s.decls[d].nameText) { return true }
        return k == .initializer || k == .deinitializer
    }

    // MARK: Accesses

    struct Access {
        var token: Int
        var locks: Set<String>
        var inHelper: Int  // decl index of the private helper it is in, or -1
    }

    static let initLock = "<init>"
    /// Held where the code is serialized by other means (an event loop): satisfies every lock.
    static let anyLock = "<serialized>"

    func checkAccesses(_ className: String, facts: TypeFacts, units: [Int], regions: LockRegions, confined: Bool,
                       context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        let guards = Set(facts.lockProperties).union(facts.queueProperties)
        let vars = Set(facts.storedVars)
        // Locks whose state lives inside them (Mutex<State>, NIOLockedValueBox): in a class
        // confined to an event loop, touching other state inside their closures is incidental.
        let stateHolding = Set(facts.valueBoxes)
        let eventLoops = Set(facts.eventLoops)
        // Private helpers (methods and computed properties) of the class in this file, and the
        // class's own lock wrappers (`func withLock<T>(_ body: () -> T) -> T { lock.lock(); … }`).
        var helpers: [String: Int] = [:]
        var wrapperLocks: [String: String] = [:]
        for u in units {
            for m in s.children[u] {
                let d = s.decls[m]
                guard !d.isStaticMember, d.body >= 0 else { continue }
                let isPrivate = d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)
                if isPrivate && (d.kind == .function || (d.kind == .variable && d.isComputed)) {
                    helpers[d.nameText] = m
                }
                // A method that runs its (non-escaping) closure while holding a lock; one that
                // stores or schedules the closure does not hold the lock when it runs.
                if d.kind == .function && LockWrappers.takesImmediateClosure(d, s) {
                    let body = s.scopes[d.body]
                    if let r = regions.regions.first(where: { $0.start >= body.open && $0.end <= body.close && guards.contains($0.lock) }) {
                        wrapperLocks[d.nameText] = r.lock
                    }
                }
            }
        }
        // The declared type of each lock property (for what a fix-it may call on it).
        var lockTypes: [String: String] = [:]
        for u in units where s.decls[u].kind == .class {
            for m in s.children[u] where s.decls[m].kind == .variable && facts.lockProperties.contains(s.decls[m].nameText) {
                if let t = context.vocabulary.lockType(of: s.decls[m], in: s, strict: false) { lockTypes[s.decls[m].nameText] = t }
            }
        }
        // Concurrent queues used as reader-writer locks: a write needs a barrier block.
        var concurrentQueues = Set<String>()
        for u in units where s.decls[u].kind == .class {
            for m in s.children[u] where s.decls[m].kind == .variable && Self.isConcurrentQueue(s.decls[m], s) {
                concurrentQueues.insert(s.decls[m].nameText)
            }
        }
        // Locks held at a token, by the class's own guards.
        func locksHeld(_ i: Int) -> Set<String> {
            var held = Set<String>()
            // Guarded means held on every path that reaches the access.
            for r in regions.holding(i, in: s, directOnly: false) where r.definite {
                switch r.form {
                case .queue(_, let ci) where concurrentQueues.contains(r.lock) && isWrite(s, i) && !Self.isBarrier(s, s.closures[ci]):
                    // A write in a plain block on a concurrent queue runs beside the readers.
                    continue
                case .queue:
                    // In a class confined to its event loop, work submitted to the loop is just
                    // more loop code: it excludes nothing beyond what confinement already does.
                    if confined && eventLoops.contains(r.lock) {
                        held.insert(Self.anyLock)
                    } else if facts.queueProperties.contains(r.lock) {
                        held.insert(r.lock)
                    }
                default:
                    // A Mutex<State> or NIOLockedValueBox guards its own value; other state touched
                    // inside its closure is not thereby protected by it.
                    if stateHolding.contains(r.lock) { continue }
                    if guards.contains(r.lock) {
                        held.insert(r.lock)
                    } else if r.lock.isEmpty || r.lock == "self" {
                        if case .closure(let method, _) = r.form, let l = wrapperLocks[method] { held.insert(l) } else { held.insert("self") }
                    }
                }
            }
            // Code that asserts it runs on the event loop (or in an `if eventLoop.inEventLoop`
            // branch) is serialized by the loop.
            // Only reads: the owner thread may read without the lock, but a write must still hold
            // it when other threads read the value under it.
            if confined && !isWrite(s, i) && onEventLoop(i) { held.insert(Self.anyLock) }
            // Closures passed to the class's own lock wrappers.
            if !wrapperLocks.isEmpty {
                for sc in s.enclosingScopes(of: i) {
                    let scope = s.scopes[sc]
                    if scope.kind == .functionBody { break }
                    guard scope.kind == .closure else { continue }
                    let c = s.closures[scope.closure]
                    guard c.callee >= 0 else { continue }
                    let callee = s.text(c.callee)
                    if LockRegions.deferredCallees.contains(callee) { break }
                    let onSelf = c.receiverStart < 0 || (c.receiverStart == c.callee - 2 && s.isKeyword(c.receiverStart, .self))
                    if onSelf, let l = wrapperLocks[callee] { held.insert(l) }
                }
            }
            return held
        }
        /// Whether token `i` is in a function that asserts event-loop confinement, or in the
        /// then-branch of `if ….inEventLoop`.
        func onEventLoop(_ i: Int) -> Bool {
            for sc in s.enclosingScopes(of: i) {
                let scope = s.scopes[sc]
                if scope.kind == .statement, scope.statementKeyword >= 0, s.isKeyword(scope.statementKeyword, .if) {
                    var k = scope.statementKeyword + 1
                    while k < scope.open {
                        if s.is(k, "inEventLoop") && !s.isChar(scope.statementKeyword + 1, UInt8(ascii: "!")) { return true }
                        k += 1
                    }
                }
                if scope.kind == .functionBody || scope.kind == .accessorBlock {
                    var k = scope.open
                    while k < scope.close {
                        if s.code[k].kind == .identifier && (s.is(k, "preconditionInEventLoop") || s.is(k, "assertInEventLoop")) { return true }
                        k += 1
                    }
                    return false
                }
            }
            return false
        }
        var accesses: [Access] = []
        var calls: [String: [(token: Int, locks: Set<String>, inHelper: Int)]] = [:]
        for u in units {
            let body = s.scopes[s.decls[u].body]
            var shadowCache: [Int: Set<String>] = [:]
            var i = body.open + 1
            while i < body.close {
                defer { i += 1 }
                let t = s.code[i]
                guard t.kind == .identifier else { continue }
                let name = s.text(i)
                let isVar = vars.contains(name)
                let helper = helpers[name]
                guard isVar || helper != nil else { continue }
                // Which function is this in? Members of nested types are not this class's.
                guard let fn = s.enclosingFunction(of: i), owningClassUnit(s, fn) == u else { continue }
                if s.decls[fn].isStaticMember { continue }
                if helper == fn { continue }
                // Receiver: bare (implicit self) or `self.`.
                if s.isChar(i - 1, UInt8(ascii: ".")) {
                    // `self.x`, or `self?.x` in a closure that captured self weakly.
                    let r = s.isChar(i - 2, UInt8(ascii: "?")) || s.isChar(i - 2, UInt8(ascii: "!")) ? i - 3 : i - 2
                    guard s.isKeyword(r, .self), !s.isChar(r - 1, UInt8(ascii: ".")) else { continue }
                } else {
                    if s.isChar(i + 1, UInt8(ascii: ":")) && (s.isChar(i - 1, UInt8(ascii: "(")) || s.isChar(i - 1, UInt8(ascii: ","))) { continue }
                    let top = outermostFunction(s, fn)
                    if shadowCache[top] == nil { shadowCache[top] = shadowedNames(s, top) }
                    if shadowCache[top]!.contains(name) { continue }
                }
                // In the property's own willSet/didSet: part of the write that triggers it.
                if isVar, s.decls[fn].kind == .accessor, s.decls[fn].parent >= 0, s.decls[s.decls[fn].parent].nameText == name { continue }
                let inInit = isInInitOrDeinit(s, i)
                let locks = inInit ? [Self.initLock] : locksHeld(i)
                let inHelper = enclosingHelper(s, fn, helpers)
                if let h = helper {
                    // `helper(…)`, or `helper { … }` with only a trailing closure.
                    let isCall = s.isChar(i + 1, UInt8(ascii: "(")) || s.isChar(i + 1, UInt8(ascii: "{"))
                    if isCall || s.decls[h].kind == .variable {
                        calls[name, default: []].append((i, locks, inHelper))
                    }
                } else if isVar && !inInit {
                    accesses.append(Access(token: i, locks: locks, inHelper: inHelper))
                }
            }
        }
        // Private helpers whose every call site is guarded: the locks all callers hold.
        var helperLocks: [Int: Set<String>] = [:]
        var changed = true
        var rounds = 0
        while changed && rounds < 16 {
            changed = false
            rounds += 1
            for (name, h) in helpers {
                guard let sites = calls[name], !sites.isEmpty else { continue }
                var common: Set<String>? = nil
                var fromInit = false
                for site in sites {
                    var l = site.locks
                    if site.inHelper >= 0 {
                        if site.inHelper == h { continue }  // recursion
                        l.formUnion(helperLocks[site.inHelper] ?? [])
                    }
                    // A call from init or deinit runs while no other reference exists: it
                    // neither needs nor takes away the lock the other callers hold.
                    if l.contains(Self.initLock) {
                        fromInit = true
                        continue
                    }
                    common = common.map { $0.intersection(l) } ?? l
                }
                let value = common ?? (fromInit ? [Self.initLock] : [])
                if helperLocks[h] != value {
                    helperLocks[h] = value
                    changed = true
                }
            }
        }
        // The locks held at a token: those around it, plus those every caller of its helper holds.
        func effectiveLocks(_ locks: Set<String>, inHelper: Int) -> Set<String> {
            inHelper >= 0 ? locks.union(helperLocks[inHelper] ?? []) : locks
        }
        // Whether code holding `l` is safe for a variable normally guarded by `primary`: it runs
        // during init, is serialized otherwise, or holds the lock (any lock, if none is usual).
        func isGuarded(_ l: Set<String>, by primary: String?) -> Bool {
            l.contains(Self.initLock) || l.contains(Self.anyLock) || (primary.map { l.contains($0) } ?? !l.isEmpty)
        }
        // Effective locks per access, then the lock each variable is normally guarded by.
        var perVar: [String: [(Access, Set<String>)]] = [:]
        for a in accesses {
            let l = effectiveLocks(a.locks, inHelper: a.inHelper)
            // Reached only from init: no other reference exists yet.
            if l.contains(Self.initLock) { continue }
            perVar[s.text(a.token), default: []].append((a, l))
        }
        let documented = documentedProtection(units: units, guards: guards, s: s)
        let references = referenceVars(s, units, context)
        for name in perVar.keys.sorted() {
            let list = perVar[name]!
            // Never written outside init/deinit: effectively immutable, so reads cannot race.
            let isRef = references.contains(name)
            if !list.contains(where: { mayWrite(s, $0.0.token, reference: isRef) })
                && !writtenThroughOtherReference(s, name, references: references, className: className) { continue }
            // Documented as protected by something this class does not own (another object's
            // queue, a caller's lock): the tool cannot see it, and trusts the documentation.
            if documented[name] == .external { continue }
            // A class confined to an event loop keeps most state loop-local; only state it also
            // reads under a lock is shared across threads.
            if confined && !list.contains(where: { !$0.1.subtracting([Self.anyLock]).isEmpty }) { continue }
            var counts: [String: Int] = [:]
            for (_, l) in list { for x in l where x != Self.anyLock { counts[x, default: 0] += 1 } }
            var primary = counts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key
            if case .own(let lock)? = documented[name] { primary = lock }
            // The callback that reads the var is registered after the var is set, in the same
            // guarded block, and nothing else writes it: the registration hands the value over.
            let writes = list.filter { mayWrite(s, $0.0.token, reference: isRef) }.map { $0.0.token }
            func registeredAfterWrites(_ c: Int) -> Bool {
                let closure = s.closures[c]
                guard closure.callee >= 0, let p = primary, !LockRegions.serialExecutorMethods.contains(s.text(closure.callee)),
                      isGuarded(locksHeld(closure.callee), by: p), let exec = s.enclosingExecutable(of: closure.callee) else { return false }
                return writes.allSatisfy { w in w < closure.callee && s.enclosingExecutable(of: w) == exec }
            }
            func handedOverBeforeRegistration(_ a: Access) -> Bool {
                guard !writes.isEmpty, !mayWrite(s, a.token, reference: isRef) else { return false }
                if let c = nearestClosure(s, a.token) { return registeredAfterWrites(c) }
                guard a.inHelper >= 0, let sites = calls[s.decls[a.inHelper].nameText], !sites.isEmpty else { return false }
                return sites.allSatisfy { site in nearestClosure(s, site.token).map(registeredAfterWrites) ?? false }
            }
            for (a, l) in list where !isGuarded(l, by: primary) {
                if handedOverBeforeRegistration(a) { continue }
                let guarded = list.first { $0.1.contains(primary ?? "") }?.0.token
                var notes: [Note] = []
                let write = isWrite(s, a.token)
                let verb = write ? "written" : "read"
                let message: String
                var fix: String
                let lockName = { (x: String) in x == "self" ? "objc_sync/self" : x }
                if let p = primary, !l.isEmpty {
                    let other = l.sorted().map(lockName).joined(separator: "', '")
                    message = "'\(name)' of @unchecked Sendable class '\(className)' is \(verb) under '\(other)' here but under '\(lockName(p))' elsewhere: two locks do not exclude each other"
                    if let g = guarded { notes.append(context.note(at: g, "'\(name)' is accessed under '\(lockName(p))' here")) }
                    fix = "use '\(lockName(p))' for every access to '\(name)'"
                } else if let p = primary {
                    let isQueue = facts.queueProperties.contains(p)
                    message = isQueue
                        ? "'\(name)' of @unchecked Sendable class '\(className)' is \(verb) outside '\(p)', where its other accesses run"
                        : "'\(name)' of @unchecked Sendable class '\(className)' is \(verb) without holding '\(lockName(p))'"
                    if let g = guarded { notes.append(context.note(at: g, "other accesses to '\(name)' hold '\(lockName(p))', e.g. here")) }
                    fix = eventLoops.contains(p)
                        ? "run this access on \(p) like the others (inside \(p).execute { }, or where \(p).inEventLoop holds)"
                        : facts.queueProperties.contains(p)
                        ? "run this access on \(p) like the others: " + Self.queueFix(p, name: name, write: write)
                        : Self.lockFix(p, wrapper: wrapperLocks.first { $0.value == p }?.key, deployment: context.deployment,
                                       lockType: lockTypes[p], what: "wrap this access in", tail: " like the others",
                                       lockTypeMethods: lockTypes[p].flatMap { context.lockWrapperMethods($0) },
                                       inAsync: AsyncContext.isAsync(s, at: a.token))
                } else {
                    let all = (facts.lockProperties.filter { !stateHolding.contains($0) } + facts.queueProperties.filter { !eventLoops.contains($0) || !confined })
                    let g = all.first ?? "lock"
                    let queues = all.filter { facts.queueProperties.contains($0) }
                    let guardsText = queues.isEmpty ? "without holding any of its locks"
                        : queues.count == all.count ? "outside its serial \(queues.allSatisfy { eventLoops.contains($0) } ? "event loop" : "queue")\(all.count == 1 ? "" : "s")"
                        : "without holding its locks or running on its queues"
                    message = "'\(name)' of @unchecked Sendable class '\(className)' is \(verb) \(guardsText) ('\(all.joined(separator: "', '"))')"
                    fix = eventLoops.contains(g)
                        ? "access '\(name)' only on \(g) (inside \(g).execute { }, or after \(g).assertInEventLoop())"
                        : facts.queueProperties.contains(g)
                        ? "access '\(name)' only on \(g): " + Self.queueFix(g, name: name, write: write)
                        : Self.lockFix(g, wrapper: wrapperLocks.first { $0.value == g }?.key, deployment: context.deployment,
                                       lockType: lockTypes[g], what: "access '\(name)' only inside", tail: "",
                                       lockTypeMethods: lockTypes[g].flatMap { context.lockWrapperMethods($0) },
                                       inAsync: AsyncContext.isAsync(s, at: a.token))
                }
                // In a private helper: point at a call that reaches it without the lock, since
                // that call, not the access, is usually what needs the fix.
                if a.inHelper >= 0 {
                    let helper = s.decls[a.inHelper].nameText
                    let unguarded = (calls[helper] ?? []).first { site in
                        !isGuarded(effectiveLocks(site.locks, inHelper: site.inHelper), by: primary)
                    }
                    if let site = unguarded {
                        notes.append(context.note(at: site.token, "'\(helper)()' is called here without \(primary.map { "'\(lockName($0))'" } ?? "a lock"), so its access to '\(name)' is unguarded"))
                    }
                    // Other callers already hold the lock: locking inside the helper would take a
                    // non-recursive lock twice. The call that lacks it is what needs the lock.
                    let lockedCaller = (calls[helper] ?? []).contains { site in
                        isGuarded(effectiveLocks(site.locks, inHelper: site.inHelper), by: primary)
                    }
                    let usual = primary ?? facts.lockProperties.first { !stateHolding.contains($0) } ?? facts.queueProperties.first
                    if lockedCaller, let p = usual, let site = unguarded {
                        let line = s.line(ofToken: site.token)
                        fix = facts.queueProperties.contains(p)
                            ? "submit the call of '\(helper)()' at line \(line) to \(p) (inside \(p).async { }) like its other callers; "
                                + "do not make '\(helper)()' hop to \(p) itself: its other callers already run on \(p), and \(p).sync there would deadlock"
                            : "hold '\(lockName(p))' around the call of '\(helper)()' at line \(line); do not lock inside "
                                + "'\(helper)()': its other callers already hold '\(lockName(p))', and taking it again would deadlock"
                    }
                }
                out.append(context.diagnostic(description, at: a.token, message: message, notes: notes, fixIt: FixIt(fix)))
            }
        }
    }

    /// The closure whose body most closely holds token `i`, within its function.
    func nearestClosure(_ s: FileStructure, _ i: Int) -> Int? {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            if scope.kind == .closure { return scope.closure }
            if scope.kind == .functionBody || scope.kind == .accessorBlock { return nil }
        }
        return nil
    }

    /// `something.name = …` (or a mutating call) on any receiver other than `self` in this file.
    func writtenThroughOtherReference(_ s: FileStructure, _ name: String, references: Set<String> = [], className: String) -> Bool {
        otherReferenceWrites(s, name, references: references, className: className).unsafe
    }

    /// Writes `x.name = …` through references other than `self` in this file: whether any is
    /// unsynchronized, and whether any is a known-safe one (construction, copy-on-write).
    /// When another type in the file has a member of the same name (a struct forwarding to its
    /// storage class), only receivers declared with the class's type count.
    func otherReferenceWrites(_ s: FileStructure, _ name: String, references: Set<String> = [], className: String) -> (unsafe: Bool, safe: Bool) {
        var safe = false
        var ambiguous: Bool? = nil
        for i in 1..<max(1, s.code.count) where s.code[i].kind == .identifier && s.isChar(i - 1, UInt8(ascii: ".")) && s.is(i, text: name) {
            if s.isKeyword(i - 2, .self) { continue }
            guard mayWrite(s, i, reference: references.contains(name)) else { continue }
            if ambiguous == nil { ambiguous = memberDeclaredByOtherType(s, name, className: className) }
            if ambiguous == true && !receiverIsDeclared(s, receiver: i - 2, as: className) { continue }
            if isSetUpOfFreshInstance(s, receiver: i - 2, write: i) || isCopyOnWrite(s, at: i) {
                safe = true
                continue
            }
            return (true, safe)
        }
        return (false, safe)
    }

    /// Whether a type other than `className` in this file declares a member called `name`.
    func memberDeclaredByOtherType(_ s: FileStructure, _ name: String, className: String) -> Bool {
        s.decls.contains { d in
            d.kind == .variable && d.parent >= 0 && s.decls[d.parent].kind.isType
                && s.decls[d.parent].nameText != className && d.nameText == name
        }
    }

    /// Whether the receiver identifier at `r` names a variable or parameter declared in this file
    /// with type `className` (`let box: Box`, `var s = Box(…)`).
    func receiverIsDeclared(_ s: FileStructure, receiver r: Int, as className: String) -> Bool {
        guard r >= 0, r < s.code.count, s.code[r].kind == .identifier else { return false }
        let local = s.text(r)
        for d in s.decls where d.kind == .variable && d.nameText == local {
            if d.typeAnnotation.contains(where: { s.code[$0].kind == .identifier && s.is($0, text: className) }) { return true }
            if let f = d.initializer.first, s.is(f, text: className) { return true }
        }
        return false
    }

    enum Protection: Equatable {
        /// Documented as protected by this class's own lock or queue.
        case own(String)
        /// Documented as protected by something outside the class.
        case external
    }

    static let protectionPhrases = ["protected by", "guarded by", "synchronized by", "serialized by", "only accessed",
                                    "only be accessed", "accessed only", "confined to", "isolated to", "only used on",
                                    "only on the", "must be accessed", "always accessed", "accessed on the", "accessed from the"]

    /// Per stored var: how its comment says it is protected, if it says so.
    func documentedProtection(units: [Int], guards: Set<String>, s: FileStructure) -> [String: Protection] {
        var out: [String: Protection] = [:]
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].isLet {
                let text = s.leadingCommentText(s.decls[m]).lowercased()
                guard !text.isEmpty, Self.protectionPhrases.contains(where: { text.contains($0) }) else { continue }
                if let own = guards.sorted().first(where: { text.contains($0.lowercased()) }) {
                    out[s.decls[m].nameText] = .own(own)
                } else {
                    out[s.decls[m].nameText] = .external
                }
            }
        }
        return out
    }


    /// Whether the access at `i` changes the property: an assignment, a compound assignment,
    /// `&x`, a subscript or member assignment, or a known mutating collection method.
    func mayWrite(_ s: FileStructure, _ i: Int, reference: Bool = false) -> Bool {
        if isWrite(s, i, reference: reference) { return true }
        var p = i - 1
        if s.isChar(p, UInt8(ascii: ".")) && s.isKeyword(p - 1, .self) { p -= 2 }
        if p >= 0 && s.code[p].kind == .operator && s.is(p, "&") { return !Self.isImportedPointerArgument(s, ampersand: p) }
        var j = i + 1
        while s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
        // (Other method calls are not counted: on a class reference they do not write the
        // property, and the tool cannot tell a class from a struct.)
        return false
    }

    /// `&x` passed as an unlabelled argument of a free function the file does not declare
    /// (an imported C function): C pointer parameters are often `const` (a read), and the tool
    /// cannot see the header, so such an argument is not counted as a write.
    static func isImportedPointerArgument(_ s: FileStructure, ampersand p: Int) -> Bool {
        guard s.isChar(p - 1, UInt8(ascii: "(")) || s.isChar(p - 1, UInt8(ascii: ",")) else { return false }
        // The opening parenthesis of the argument list: step back over whole earlier arguments.
        var k = p - 1
        var steps = 0
        while k >= 0 && !s.isChar(k, UInt8(ascii: "(")) && steps < 64 {
            if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) {
                let m = Int(s.match[k])
                guard m >= 0 && m < k else { return false }
                k = m
            } else if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: ":")) {
                return false  // a closure, or a labelled argument
            }
            k -= 1
            steps += 1
        }
        guard k >= 1, s.isChar(k, UInt8(ascii: "(")), s.code[k - 1].kind == .identifier, !s.isChar(k - 2, UInt8(ascii: ".")) else { return false }
        let callee = s.text(k - 1)
        return callee != "swap" && s.functionDecls(named: callee).isEmpty && s.typeDecls(named: callee).isEmpty
    }

    /// A class confined to one thread or queue that it asserts at run time (SwiftNIO's
    /// assertInEventLoop, dispatchPrecondition(.onQueue), assertIsolated), or a NIO channel handler.
    func isEventLoopConfined(_ s: FileStructure, _ unit: Int) -> Bool {
        Confinement.asserted(in: unit, s)
    }

    /// The class body or extension (among `units`' kinds) that directly owns function `fn`.
    func owningClassUnit(_ s: FileStructure, _ fn: Int) -> Int {
        var d = fn
        while d >= 0 {
            let p = s.decls[d].parent
            if p < 0 { return -1 }
            if s.decls[p].kind.isType { return p }
            d = p
        }
        return -1
    }

    func outermostFunction(_ s: FileStructure, _ fn: Int) -> Int {
        var d = fn
        while true {
            let p = s.decls[d].parent
            if p >= 0 && (s.decls[p].kind.isFunctionLike || s.decls[p].kind == .variable) { d = p } else { return d }
        }
    }

    func enclosingHelper(_ s: FileStructure, _ fn: Int, _ helpers: [String: Int]) -> Int {
        var d = fn
        while d >= 0 {
            if helpers[s.decls[d].nameText] == d { return d }
            let p = s.decls[d].parent
            if p < 0 || s.decls[p].kind.isType { return -1 }
            d = p
        }
        return -1
    }

    /// Names a member function binds itself (parameters, locals, closure parameters), which
    /// hide stored properties of the same name.
    func shadowedNames(_ s: FileStructure, _ fn: Int) -> Set<String> {
        let d = s.decls[fn]
        var names = Set(d.parameterNames)
        if d.kind == .accessor { names.insert(d.parameterNames.first ?? (s.is(d.keyword, "set") || s.is(d.keyword, "willSet") ? "newValue" : "oldValue")) }
        var bodyScope = d.body
        if d.kind == .variable, d.body >= 0 { bodyScope = d.body }
        if bodyScope >= 0 {
            let sc = s.scopes[bodyScope]
            names.formUnion(s.boundNames(in: s.span(sc.open + 1, sc.close)))
        }
        return names
    }
}
