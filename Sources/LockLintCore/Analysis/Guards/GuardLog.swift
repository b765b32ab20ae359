/// A plain (non-barrier) block of a concurrent queue: the queue, the call that submits the block
/// (`sync`, `async`) and the line of that call.
public struct PlainBlock: Sendable, Hashable {
    public var queue: String
    public var method: String
    public var line: Int
    /// The block is a `DispatchWorkItem`'s, made at `line` and submitted elsewhere.
    public var workItem: Bool = false
}

/// A place in a file of the run: findings and notes may point into any file.
public struct CodeSite: Sendable, Hashable, Comparable {
    public var path: String
    /// Byte offset of the token.
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(path: String, offset: Int, line: Int, column: Int) {
        self.path = path
        self.offset = offset
        self.line = line
        self.column = column
    }

    public init(_ s: FileStructure, token i: Int) {
        let loc = s.location(ofToken: i)
        self.init(path: s.file.path, offset: i >= 0 && i < s.code.count ? Int(s.code[i].start) : 0, line: loc.line, column: loc.column)
    }

    public static func < (a: CodeSite, b: CodeSite) -> Bool { (a.path, a.offset) < (b.path, b.offset) }
}

/// One use of a stored property of a type, with what held there.
public struct StateAccessRecord: Sendable, Equatable {
    public var variable: String
    public var site: CodeSite
    /// The member (`update(with:)`, `count.get`) whose body holds it; "" outside any member.
    public var member: String
    /// The guards held here by the code of the member itself.
    public var guards: [HeldGuard]
    public var write = false
    /// In an initializer, deinit or test set-up, on the spot (not in a closure that runs later),
    /// or after a copy-on-write uniqueness check: no other thread holds a reference.
    public var construction = false
    /// Where a `construction` access is, for a message: an initializer, deinit, a test's set-up
    /// or tear-down; empty otherwise (a copy-on-write check).
    public var lifecycle: StateAccess.ConstructionPlaces = []
    /// In a closure that runs after the member returns: its callers' guards do not hold here.
    public var runsLater = false
    /// Under a guard the tool cannot resolve.
    public var possible = false
    /// In async code (a lock must not be held across an await there).
    public var inAsync = false
    /// On a thread that is never the main one (see `MainThreadEntries.runsOffMain`).
    public var offMain = false
    /// Inside a concurrent closure (a Task, a dispatched block, `concurrentPerform`, a task group child).
    public var concurrent = false
    /// A write in a plain (non-barrier) block of a concurrent queue used as a reader-writer lock:
    /// the queue, and the block's call (`sync`, `async`) and line.
    public var plainBlockWrite: PlainBlock? = nil
    /// For code in a closure that runs later: where that closure was handed over (registered),
    /// and the guards held there (a callback registered after the state it reads was set up).
    public var registration: CodeSite? = nil
    public var registrationGuards: [HeldGuard] = []
    /// The byte offset of the `{` of the body or closure that runs this code, and of the one
    /// that runs the registration.
    public var exec = -1
    public var registrationExec = -1
    /// Locks its callers hold on entry that the member releases before this point (it hands them
    /// back: `lock.unlock()` with no `lock()` before it).
    public var releasedEntry: [String] = []
    /// In code compiled only for tests (`#if TESTING`) of a file that is not test code.
    public var testOnly = false
    /// Directly in a test function of test code: how the test's own order keeps it from racing
    /// with the concurrent work the test starts (see `TestOrdering`).
    public var testOrder: TestOrder? = nil
    /// A read in product code after its function joined every start before it
    /// (`group.wait()`, or in `group.notify { }`; see `TestOrdering.joined`).
    public var afterJoin = false
    /// In the body a thread (or task) runs that an initializer starts once per instance (see
    /// `ThreadBodies`): the byte offset of that body's `{`, else -1. Its statements run one after
    /// another on that one thread.
    public var threadBody = -1
    /// `_ = self.x`: a read whose value is thrown away (see `StateAccess.isDiscardedRead`).
    public var discarded = false
    /// For a write in a once-section of the class (see `OnceSection`): its flag (for the flag
    /// itself, only its `flag = true` there).
    public var onceFlag: String? = nil
    /// A write that runs only while this flag of the class is false, checked under a guard
    /// (see `OnceSections.gates`).
    public var gateFlag: String? = nil
    /// A write of `true` (`flag = true`).
    public var setsTrue = false
    /// A guarded write of `true` that its member runs on every path before what follows it.
    public var closesLeading = false
    /// In a closure handed to a type's initializer (`Relay(onChange: { … })`): `Type|label`, for
    /// the run to tell where that type calls it (see `ObserverDelivery`).
    public var callback: String? = nil
    /// Made by another type's code through a reference to the class (see `OutsideAccesses`):
    /// it holds none of the class's guards, and counts only where the class's own writes of
    /// the var hold one.
    public var outside = false
    /// A read that calls the var's value where it stands (`onChange?(x)`, `handler(x)`): a
    /// stored closure invoked.
    public var invoked = false
    /// For an access from outside the class in a closure the code stores in a closure var of the
    /// same instance (`model.onChange = { … model.items … }`): that var's name. The closure runs
    /// where the class invokes it.
    public var storedIn: String? = nil
    /// An outside use that calls the var directly (`ref.handler(x)`): recorded only to show where
    /// the var's closure runs, never reported.
    public var callOnly = false
    /// A read of a lazy var in a closure that the code makes only after reading the var itself
    /// (see `UnitWalker.readBeforeClosure`): whenever the closure runs, the first read has
    /// stored the initial value already.
    public var afterOwnRead = false
}

/// A call from the type's own code to one of its members (or a read of a computed property).
public struct MemberCallRecord: Sendable, Equatable {
    /// `name(labels:)` for a call, `name` for a plain use (a computed property, or a method
    /// named as a value).
    public var callee: String
    public var baseName: String
    public var member: String
    public var site: CodeSite
    public var guards: [HeldGuard]
    public var construction = false
    public var runsLater = false
    public var possible = false
    /// Its caller goes on after the call (code of its function or closure runs after it): an
    /// access the callee sends to run later would then run after that code. (Next to the other
    /// flags: the record stays as large as it was.)
    public var codeAfter = false
    /// See `StateAccessRecord.callback`.
    public var callback: String? = nil
    public var registration: CodeSite? = nil
    public var registrationGuards: [HeldGuard] = []
    public var registrationExec = -1
    public var releasedEntry: [String] = []
    /// Made on every path through the member before the code after it (see `OnceSections.leads`).
    public var leading = false
    /// Not a call: where the class hands `self` to another type's code, which calls the member
    /// back through it (see `GuardInference.analyze`).
    public var handOut = false
    /// Made in an initializer after it handed the instance on (`register(self)`, a closure that
    /// captures `self`): not while the instance is still being built.
    public var afterHandOff = false
    /// Not a call: the method named as a value (`handle`, `handle(event:)`), handed to other code
    /// that calls it later.
    public var reference = false
}

/// A use of a member through a reference to an instance of a type the file names (see
/// `GuardLogExtractor.outsideCalls`), kept small: a file makes many such uses, of types of the run
/// and of libraries alike, and the run keeps those of its classes until its end.
public struct OutsideCall: Sendable, Equatable {
    /// `name(labels:)` for a call, `name=` for a write, `name` for a read.
    public var callee: String
    public var path: String
    public var offset: Int32
    public var line: Int32
    public var column: Int32
    /// Code of its function or closure runs after it (see `MemberCallRecord.codeAfter`).
    public var codeAfter: Bool
    /// In a closure, which may run anywhere: the tool cannot tell what it holds.
    public var inClosure: Bool
    /// Made through a parameter of a function (not in a closure) of the type named here: the
    /// instance was handed in, and the call runs with whatever the code that handed it in holds.
    /// Empty for any other receiver.
    public var parameterOf: String
    /// Made straight in an initializer's body (not in a closure) through a reference that is
    /// not one of its parameters, where the instance may be one the initializer is still setting
    /// up (one handed in may be shared already).
    public var inInitializer = false
    /// Made, without `await`, by code that runs on the main actor whenever it runs (see
    /// `MainActorCode.runs`): the member it calls runs there too, for that call.
    public var onMain = false
    /// Made straight in the body of a method (of any type) that this file calls only with a lock
    /// or a wrapper's closure held (`request.encode()` inside `synchronized { }`, the request
    /// calling back `client.encodeX()`), and that code outside the module cannot call: what
    /// those callers hold may be the instance's guard; the tool cannot tell which instance.
    public var callersLocked = false

    public init(callee: String, site: CodeSite, codeAfter: Bool, inClosure: Bool, parameterOf: String = "") {
        self.callee = callee
        path = site.path
        offset = Int32(clamping: site.offset)
        line = Int32(clamping: site.line)
        column = Int32(clamping: site.column)
        self.codeAfter = codeAfter
        self.inClosure = inClosure
        self.parameterOf = parameterOf
    }

    public var site: CodeSite { CodeSite(path: path, offset: Int(offset), line: Int(line), column: Int(column)) }

    /// The member's name, without labels or the write's `=`.
    public var baseName: String {
        guard let end = callee.utf8.firstIndex(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "=") }) else { return callee }
        return String(callee[..<end])
    }

    /// As a call record of the guard inference: a call that holds none of the instance's guards.
    public var record: MemberCallRecord {
        var rec = MemberCallRecord(callee: callee, baseName: baseName, member: "", site: site, guards: [])
        rec.codeAfter = codeAfter
        rec.possible = inClosure || callersLocked
        return rec
    }
}

/// A member of the type (function, initializer, subscript, computed property or accessor).
public struct MemberRecord: Sendable, Equatable {
    public enum Access: UInt8, Sendable, Comparable {
        case file, module, world
        public static func < (a: Access, b: Access) -> Bool { a.rawValue < b.rawValue }
    }
    public var key: String
    public var baseName: String
    public var site: CodeSite
    public var access: Access
    /// Called from outside the code the tool sees: an override, `@objc`, `dynamic`, or a
    /// witness the runtime calls.
    public var enteredFromOutside = false
    /// Entered from outside only as an override: when the superclass in the run declares the
    /// member, the superclass's calls of it are its calls.
    public var overrideOnly = false
    public var construction = false
    /// Its name or documentation says callers hold the lock (`…Locked`, "must be called with
    /// the lock held").
    public var saysCallerHolds = false
    /// The guard of the class its comment asks its caller to hold or run on ("Call on
    /// syncQueue"), by name: the member runs under it whenever the contract is kept.
    public var documentedGuard: String? = nil
    /// Isolated to the main actor by its own attribute or its extension's (`@MainActor func`):
    /// it runs on the main thread, never as a callback on one of the class's own queues.
    public var mainActorIsolated = false
    /// A method that runs its closure parameter while holding this lock (the type's own wrapper).
    public var wrapsLock: String? = nil
    /// For a function or initializer with a parameter that has a default value: the argument
    /// labels a call may write, each with whether it may be left out (empty otherwise). A call
    /// that leaves some out (`post(v)` for `post(_:flag:)`) is told apart from an overload by them.
    public var labels: [SelfCalls.Label] = []
    /// Shaped like a delegate method: its first parameter is unlabelled and typed with a
    /// capitalised name (`_ central: CBCentralManager`), the object that calls it.
    public var delegateShaped = false
    /// For a function declared `private` (or `fileprivate` in a type that is not): how many
    /// times its file names it besides its declarations (calls, references, selectors); for the
    /// accessors of a computed property declared so, how many times the file names the
    /// property besides its declaration; -1 for any other member.
    public var mentions = -1
    /// Of those, the calls on a reference made in a closure handed to a function of the file
    /// (`onQueue { s in s.flush() }`).
    public var closureMentions = 0
    /// A delegate method the object made with `delegate: self` calls on the queue it was made
    /// with (see `GuardRegions.delegateQueueBindings`).
    public var onDelegateQueue = false
}

/// A stored `var` of the type, as declared.
public struct StoredVarRecord: Sendable, Equatable {
    public var name: String
    public var site: CodeSite
    public var weak = false
    public var settableOutsideModule = false
    public var settableOutsideFile = false
    /// Its comment says something outside the class protects it.
    public var documentedExternal = false
    /// Its comment names one of the class's guards as its protection.
    public var documentedGuard: String? = nil
    /// `public`/`open`: code outside the module reads it (and writes it, unless its setter is
    /// restricted) without the class's guard.
    public var readableOutsideModule = false
    /// The declared type, as written (for advice).
    public var type: String = ""
    /// It has `willSet`/`didSet` observers: meant to be assigned after init, never a `let`.
    public var observed = false
    /// `private` or `fileprivate`: no other type's code outside its file reaches it.
    public var hidden = false
    /// `lazy`: its first read stores its initial value, a write like any other.
    public var lazy = false
    /// An initializer changes it in a way a `let` does not allow: passes it `inout` (`&x`),
    /// assigns it with an operator (`x += 1`), or assigns it again after its value is set.
    public var mutatedInInit = false
    /// Declared by a superclass of the run that guards nothing itself (see
    /// `GuardLogExtractor.inheritedVars`); its site is the subclass's name.
    public var inherited = false
}

/// What the declaration of a class says about it (from the file that declares it).
public struct ClassRecord: Sendable, Equatable {
    public var name: String
    public var site: CodeSite
    public var unchecked = false
    /// Why the class is left alone (global actor, main-actor superclass, confinement, …), or nil.
    public var exemption: String? = nil
    /// Only stored properties and initializers: a box written by whoever holds it.
    public var hasBehaviour = true
    public var superclass = ""
    /// An actor cannot inherit from a class: advice for a subclass offers no actor.
    public var isSubclass = false
    /// Lock property → its declared type (`NSLock`), for what a fix-it may call on it.
    public var lockTypes: [String: String] = [:]
    /// Lock properties declared optional (`var lock: NSLock?`): code reaches them as `lock?.…`.
    public var optionalLocks: [String] = []
    /// Locks that keep their state inside (Mutex<State>): they guard their own value only.
    public var valueBoxes: [String] = []
    /// The class is a property wrapper, or a private box used by one async sequence: its state
    /// belongs to whoever holds it.
    public var ownedByHolder = false
    /// A helper object whose owner touches its vars only under the owner's lock.
    public var varsGuardedByOwner: [String] = []
    /// A file-private class's members reached only from initializers anywhere in its file (a
    /// pool filled while its owner is built), by base name.
    public var constructionOnly: [String] = []
    /// Declared in a package target (a library's public API is called from outside the run).
    public var inPackage = false
    /// Guards the class exposes (`public let lock`): outside code can take them around its
    /// own accesses.
    public var publicGuards: [String] = []
    /// Guards other files' code can name (not `private` or `fileprivate`): with
    /// `ProjectIndex.lockedThroughOthers`, a caller of the class may hold one around its call.
    public var exposedGuards: [String] = []
    /// Every lock and queue the class stores (its own, whoever can see them).
    public var ownLocks: [String] = []
    /// A superclass in the run uses guards of its own: the class is never told it has no lock.
    public var superclassGuarded = false
    /// How the class's code holds each of its locks (`withLock`, `perform`, `lock`, `wait`,
    /// `pthread_mutex_lock`): a fix-it offers the form the class already uses.
    public var guardForms: [String: String] = [:]
    /// The class asserts that it runs on one event loop or queue (`assertInEventLoop`,
    /// `dispatchPrecondition`): its code runs there by contract, and only state it also shares
    /// under a lock is judged.
    public var confined = false
    /// It gives one of its own queues to other code as the queue to call it back on (see
    /// `UnitWalker.handsOutQueue`).
    public var handsOutQueue = false
    /// Every hand-out of its queues gives one to an object made with `delegate: self` and that
    /// queue: only delegate methods can be called back there.
    public var queueToDelegatesOnly = false
    /// Every such hand-out gives the queue to an object whose callbacks the code shows (closures
    /// set on it, see `UnitWalker.callbacksInSight`): no member the run never calls runs there.
    public var callbacksInSight = false
    /// A main-actor class (by its superclass) whose own code also runs off the main actor: a
    /// closure of its that uses `self` handed to an API that runs it later elsewhere (a completion
    /// handler, another queue's block), or a `nonisolated` method. With a lock taken in its
    /// code, its state is judged like any class's.
    public var runsOffMain = false
    /// Its serial queues declared with `var`: other code may set them (`conn.queue = q`).
    public var settableQueues: [String] = []
    /// Its serial queues an initializer sets from one of its parameters when a parameter of that
    /// initializer defaults to the main queue (`init(queue: DispatchQueue = .main)`): the queue
    /// may be the main queue itself, so code on it and code on the main actor may be one executor.
    public var mainDefaultQueues: [String] = []
    /// What it stores that serializes work (`lock 'lock'`, `queue 'q'`, `actor 'coordinator'`), as
    /// said in a message: a class that holds one is never told it has none.
    public var holds: [String] = []
}

/// What one file says about one class: its declaration (if there), its members, and every use
/// of its stored state with the guards held there.
public struct TypeGuardLog: Sendable, Equatable {
    public var path: String
    public var classRecord: ClassRecord? = nil
    public var vars: [StoredVarRecord] = []
    public var members: [MemberRecord] = []
    public var accesses: [StateAccessRecord] = []
    public var calls: [MemberCallRecord] = []
    /// The once-sections of this file's code of the class.
    public var onceSections: [OnceSection] = []
    /// `extension T: @unchecked Sendable` here.
    public var uncheckedHere = false
    /// Queues of the class it does not make itself that this file's code only submits work to
    /// with `async` (see `GuardLogExtractor.deliveryQueues`), and queues it uses otherwise here.
    public var deliveryQueues: [String] = []
    public var otherQueueUses: [String] = []
    /// Why this file's units leave the class alone (a documented confinement), or nil.
    public var exemption: String? = nil
    public var testCode = false
    /// Vars written here through other references than `self` (`box.count += 1`).
    public var writtenThroughOthers: [String] = []
    /// Vars written here through other references only while building the instance or after a
    /// copy-on-write uniqueness check.
    public var setUpThroughOthers: [String] = []
    /// In test code: the names of members called (or vars touched) here from concurrent code.
    public var concurrentUses: [String] = []

    public init(path: String) { self.path = path }
}

/// Builds each class's `TypeGuardLog` for one file.
public enum GuardLogExtractor {
    static let knownExtraScoped: Set<String> = ["withValue", "withLockVoid", "withMutableValue", "withLockedValueVoid"]

    /// Closure callees that start concurrent work.
    static let concurrentCallees: Set<String> = [
        "Task", "detached", "addTask", "addTaskUnlessCancelled", "addDiscardingTask", "async", "asyncAfter",
        "concurrentPerform", "detachNewThread", "Thread", "addOperation", "execute", "submit",
    ]

    static let callerHoldsPhrases: [[UInt8]] = [
        "must be called with", "must be called while", "must be called on", "must be called from", "must hold", "must be held",
        "caller must", "callers must", "with the lock held", "while holding", "lock held", "lock is held", "lock already",
        "holding the lock", "only be called", "only called", "should be called on", "is called on the", "called on the queue",
        "called while", "assumes the lock", "assumes that the lock", "under the lock", "inside the lock", "within the lock",
        "must already", "already be", "already hold", "already on", "is held", "are held", "caller holds", "callers hold",
        "held by the caller", "must be locked", "requires the lock", "requires lock", "precondition: lock",
        "caller synchronizes", "callers synchronize", "synchronized by the caller", "synchronized by its caller",
        "caller is responsible for locking", "caller is responsible for synchroni", "caller takes the lock", "callers take the lock",
        "called with lock", "called with the lock", "called with its lock", "called under lock", "called holding",
    ].map { Array($0.utf8) }

    static let singleThreadPhrases: [[UInt8]] = [
        "single thread", "single-thread", "one thread", "same thread", "not thread safe", "not thread-safe",
        "isn't thread safe", "isn't thread-safe", "not threadsafe", "only intended for", "thread-confined", "thread confined",
        "not actually sendable", "not really sendable", "isn't sendable", "is not sendable",
        // One owner per instance (a task, a request): what the fix-it asks the author to say.
        "single-owner", "single owner", "never shared", "not shared between", "not shared across", "never accessed concurrently",
        "not accessed concurrently", "never used concurrently", "not used concurrently",
    ].map { Array($0.utf8) }

    static let ownerProtectionPhrases: [[UInt8]] = ["protected by", "guarded by", "synchronized by", "under the lock", "under the owner"]
        .map { Array($0.utf8) }

    static let protectionPhrases = ["protected by", "guarded by", "synchronized by", "serialized by", "only accessed",
                                    "only be accessed", "accessed only", "confined to", "isolated to", "only used on",
                                    "only on the", "must be accessed", "always accessed", "accessed on the", "accessed from the",
                                    // A setup-only contract: written before the object is shared.
                                    "must not be modified", "must not be changed", "must not be mutated", "should not be modified",
                                    "set once", "only set during", "only set before", "set only during", "set only before",
                                    "before it is used", "before being used", "before use"]

    static let protectionPhraseBytes: [[UInt8]] = protectionPhrases.map { Array($0.utf8) }

    /// Comments on an access's statement that say it is deliberately done without the lock:
    /// the author states a contract the tool cannot see, and the tool says nothing.
    static let deliberatePhrases: [[UInt8]] = [
        "without lock", "without the lock", "without locking", "without taking the lock", "no lock", "not locked",
        "doesn't lock", "don't lock", "does not lock", "do not lock", "lock-free", "lock free", "no need to lock",
        "benign race", "racy", "intentionally", "deliberately", "on purpose",
    ].map { Array($0.utf8) }

    /// What one file says about its classes: a log per class whose state the inference follows,
    /// and per class or extension name whether its code here uses a guard of its own.
    public struct Extraction {
        public var logs: [String: TypeGuardLog] = [:]
        public var usesGuards: [String: Bool] = [:]
        public var ownWrappers: [String: [String]] = [:]
        /// Type name → methods called on a fresh instance before it is shared (`let s = Sink(…);
        /// s.run()`): set-up, like its initializer.
        public var setupCalls: [String: [String]] = [:]
        /// In test code: the member names this file calls (or touches) from concurrent code.
        public var testConcurrentNames: [String] = []
        /// In test code: functions taking a closure whose calls return after the work they
        /// start, with the functions they hand closures to (see `TestOrdering.closureTakers`),
        /// and those that leave work running.
        public var testJoining: [String: [String]] = [:]
        public var testNotJoining: [String] = []
        /// Member names this file assigns through another reference than `self`.
        public var assignedThroughOthers: [String] = []
        /// Member names this file locks through another reference than `self` (see
        /// `throughOthers`).
        public var lockedThroughOthers: [String] = []
        /// Uses of members through references to instances of a type the file names (see
        /// `outsideCalls`), by that type's name.
        public var outsideCalls: [String: [OutsideCall]] = [:]
        /// Where the file calls observers, and the closures its types keep (see `ObserverDelivery`).
        public var observers = ObserverDelivery.Table()
    }

    /// The calls (and property uses) this file makes on instances of other types, or other
    /// instances of its own, through a name whose declared type the file tells (`manager.stop()`,
    /// `self.store.reload(from: u)`, `box?.value = v`), by that type's name: callers of the type's
    /// members that hold none of the instance's own guards, whatever type's code they are in. A
    /// receiver the file cannot type (a chain, a call's result, an alias of `self`) and a local
    /// made fresh in its function (set-up, see `setupCalls`) are left out.
    public static func outsideCalls(_ s: FileStructure) -> [String: [OutsideCall]] { outsideCalls(s, receivers: ReceiverTable(s), context: nil) }

    /// - Parameter receivers: the file's typed receivers (shared with `OutsideAccesses`): only a
    ///   name the file declares as a variable of a type it tells, or as a parameter, can be a
    ///   typed receiver, the cheap first test before a lookup.
    ///   With `context`, a call made on the main actor (see `OutsideCall.onMain`) says so.
    static func outsideCalls(_ s: FileStructure, receivers: ReceiverTable, context: RuleContext?) -> [String: [OutsideCall]] {
        var out: [String: [OutsideCall]] = [:]
        var onMainInScope: [Int: Bool] = [:]
        var lockedCallers: [Int: Bool] = [:]
        var lockedCalls: LockedCalls? = nil
        let typed = receivers.typed
        var i = 2
        while i < s.code.count {
            defer { i += 1 }
            guard s.code[i].kind == .identifier, s.isChar(i - 1, UInt8(ascii: ".")), !startsUppercase(s, i) else { continue }
            guard let (r, memberOnly) = ReceiverTable.receiver(s, ofMember: i, optionalSelf: false) else { continue }
            let receiver = s.text(r)
            guard typed.contains(receiver), let exec = s.enclosingExecutable(of: i) else { continue }
            let type: String
            var parameter = false
            switch receivers.binding(s, receiver, at: r, memberOnly: memberOnly) {
            case .variable(let d):
                type = receivers.typePath(s, d)
            case .parameter:
                type = s.parameterTypePath(s.text(r), at: r) ?? ""
                parameter = true
            case .unknown:
                continue
            }
            guard !type.isEmpty, let first = type.unicodeScalars.first, Capitalized.isUpper(first) else { continue }
            let word = s.text(i)
            let call = s.isChar(i + 1, UInt8(ascii: "(")) || s.isChar(i + 1, UInt8(ascii: "{"))
            let callee = call ? StateAccess.callKey(s, i) : StateAccess.isWrite(s, i) ? word + "=" : word
            // In a closure, which may run anywhere (on the instance's own queue, too): the tool
            // cannot tell what it holds.
            let inClosure = s.scopes[exec].kind == .closure
            let parameterOf = parameter && call && !inClosure ? (s.enclosingTypeName(of: i)?.split(separator: ".").last).map(String.init) ?? "" : ""
            var c = OutsideCall(callee: callee, site: CodeSite(s, token: i), codeAfter: !StateAccess.nothingRunsAfter(s, i),
                                inClosure: inClosure, parameterOf: parameterOf)
            c.inInitializer = !inClosure && !parameter && s.enclosingFunction(of: i).map { s.decls[$0].kind == .initializer && s.decls[$0].body == exec } ?? false
            if let context, !inClosure, let f = s.enclosingFunction(of: i), s.decls[f].body == exec, s.decls[f].kind == .function {
                // (Not the instance's own methods: the guard inference follows those itself.)
                if lockedCallers[f] == nil {
                    if lockedCalls == nil { lockedCalls = LockedCalls(s, context: context) }
                    var visiting = Set<Int>()
                    lockedCallers[f] = calledOnlyLocked(s, function: f, index: &lockedCalls!, visiting: &visiting)
                }
                c.callersLocked = lockedCallers[f]!
            }
            if let context, !awaited(s, r) {
                // (Whether code runs on the main actor depends only on the scope it is in: asked
                // once per scope, not once per call in it.)
                let scope = i < s.scopeOf.count ? Int(s.scopeOf[i]) : -1
                if let known = onMainInScope[scope] {
                    c.onMain = known
                } else {
                    c.onMain = MainActorCode.runs(s, at: i, context: context)
                    onMainInScope[scope] = c.onMain
                }
            }
            out[type, default: []].append(c)
        }
        return out
    }

    /// The file's calls (`f(`, `x.f(`, `f {`) by the name called, in one pass.
    static func callsByName(_ s: FileStructure) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for k in s.code.indices where s.code[k].kind == .identifier && (s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")))
            && !s.isKeyword(k - 1, .func) {
            out[s.text(k), default: []].append(k)
        }
        return out
    }

    /// Whether this file calls method `f` (by its name and labels, through any receiver: a
    /// protocol's requirement is called through the protocol) only inside a lock's region or a
    /// closure of one of the file's lock wrappers, or straight in a function so called (four
    /// calls deep at most), at least once, and `f` is not public: no code outside the module calls it.
    static func calledOnlyLocked(_ s: FileStructure, function f: Int, index: inout LockedCalls, visiting: inout Set<Int>, depth: Int = 0) -> Bool {
        var cut = false
        return calledOnlyLocked(s, function: f, index: &index, visiting: &visiting, depth: depth, cut: &cut)
    }

    /// - Parameter cut: set when the answer was cut short (a call four deep, or back into a
    ///   function being judged): such a "no" is not remembered.
    private static func calledOnlyLocked(_ s: FileStructure, function f: Int, index: inout LockedCalls, visiting: inout Set<Int>, depth: Int,
                                         cut: inout Bool) -> Bool {
        let d = s.decls[f]
        guard depth < 4, visiting.insert(f).inserted else {
            cut = true
            return false
        }
        defer { visiting.remove(f) }
        guard !d.modifiers.contains(.public), !d.modifiers.contains(.open), !d.nameText.isEmpty else { return false }
        let key = StateAccess.memberKey(s, f)
        // Asked before for this key: a "yes" found with no more calls to spare than now, or a
        // "no" that nothing cut short (every function of one key is called at the same sites).
        if let known = index.answers[key], known.yes ? known.depth >= depth : !known.cut { return known.yes }
        let calls = index.calls(of: key, named: d.nameText)
        var answer = calls.count > 0
        var cutHere = false
        for k in calls.open {
            // Made straight in the body of a function that is itself called only so.
            guard let g = s.enclosingFunction(of: k), s.decls[g].kind == .function, let exec = s.enclosingExecutable(of: k),
                  s.decls[g].body == exec,
                  calledOnlyLocked(s, function: g, index: &index, visiting: &visiting, depth: depth + 1, cut: &cutHere) else {
                answer = false
                break
            }
        }
        if cutHere { cut = true }
        index.answers[key] = (answer, depth, cutHere)
        return answer
    }

    /// What `calledOnlyLocked` asks of a file, worked out once: its calls by name, and per
    /// member key how many calls it has and which of them no lock's region or lock wrapper's
    /// closure holds (found with a stabbing index of the regions, not a scan of all of them per
    /// call: a file of thousands of types with methods of one name stays linear).
    struct LockedCalls {
        let s: FileStructure
        let byName: [String: [Int]]
        let regions: [LockRegion]
        let byStart: [Int]
        let maxEndUpTo: [Int]
        let wrappers: [String: String]
        var byKey: [String: (count: Int, open: [Int])] = [:]
        /// Per member key: what `calledOnlyLocked` answered, at what depth, and whether a cut
        /// decided it.
        var answers: [String: (yes: Bool, depth: Int, cut: Bool)] = [:]

        init(_ s: FileStructure, context: RuleContext) {
            self.s = s
            byName = GuardLogExtractor.callsByName(s)
            regions = context.lockRegions.regions.filter { $0.definite && $0.lock != "" }
            (byStart, maxEndUpTo) = LockRegions.stabbingIndex(regions)
            wrappers = context.wrapperMethods
        }

        /// The calls of the member with key `key` (name `name`): their number, and those that no
        /// region or wrapper's closure holds.
        mutating func calls(of key: String, named name: String) -> (count: Int, open: [Int]) {
            if let known = byKey[key] { return known }
            var count = 0
            var open: [Int] = []
            for k in byName[name] ?? [] where StateAccess.callKey(s, k) == key {
                count += 1
                if !inRegion(k) && GuardLogExtractor.enclosingWrapperCall(s, k, within: -1, wrappers: wrappers) == nil { open.append(k) }
            }
            byKey[key] = (count, open)
            return (count, open)
        }

        /// Whether a region lies strictly around token `k`.
        func inRegion(_ k: Int) -> Bool {
            var lo = 0
            var hi = byStart.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if regions[byStart[mid]].start < k { lo = mid + 1 } else { hi = mid }
            }
            var j = lo - 1
            while j >= 0 && maxEndUpTo[j] > k {
                if k < regions[byStart[j]].end { return true }
                j -= 1
            }
            return false
        }
    }

    /// Whether the statement holding the receiver at `r` awaits before it on its line (`await x.f()`,
    /// `let v = try await x.f()`): an async member of a class not isolated to the main actor runs off it.
    static func awaited(_ s: FileStructure, _ r: Int) -> Bool {
        var j = r - 1
        var steps = 0
        while j >= 0 && steps < 16 {
            if s.isKeyword(j, .await) { return true }
            if s.code[j + 1].flags.contains(.newlineBefore) || s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: ";")) { return false }
            j -= 1
            steps += 1
        }
        return false
    }

    /// In one pass over the file's tokens: the member names it assigns through another reference
    /// than `self` (`conn.queue = q`, `loader.timeout = t`: a stored var of that name may be set
    /// by code outside its class), and those it locks, or runs a closure under, through another
    /// reference (`terminal.lock.withLock { terminal.feed(d) }`, `conn.stateLock.lock()`,
    /// `owner.queue.sync { }`: a class whose guard of that name other files can name may be
    /// called with it held by code outside the class).
    static func throughOthers(_ s: FileStructure) -> (assigned: [String], locked: [String]) {
        var assigned = Set<String>()
        var locked = Set<String>()
        var owned: [String: Int] = [:]
        var fresh: [String: [Range<Int>]] = [:]
        let n = s.code.count
        var i = 2
        while i + 1 < n {
            defer { i += 1 }
            guard s.code[i].kind == .identifier, s.isChar(i - 1, UInt8(ascii: ".")) else { continue }
            if s.isChar(i + 1, UInt8(ascii: "=")) {
                // (Not an instance the owner's initializer is still building: see
                // `StateAccess.isSetUpOfOwnedInstance`.)
                // (Nor a fresh local its function is still setting up: `let op = T(); op.x = v`
                // before `op` is handed anywhere.)
                if !s.isKeyword(i - 2, .self) && !StateAccess.isSetUpOfOwnedInstance(s, receiver: i - 2, cache: &owned)
                    && !StateAccess.isSetUpOfFreshInstance(s, receiver: i - 2, cache: &fresh) { assigned.insert(s.text(i)) }
                continue
            }
            guard i + 3 < n, s.isChar(i + 1, UInt8(ascii: ".")), s.code[i - 2].kind == .identifier, s.code[i + 2].kind == .identifier,
                  s.isChar(i + 3, UInt8(ascii: "(")) || s.isChar(i + 3, UInt8(ascii: "{")), mayNameLock(s, i + 2) else { continue }
            let method = s.text(i + 2)
            guard method == "sync" || LockVocabulary.defaultAcquireRelease[method] != nil || LockVocabulary.namesLock(method) else { continue }
            locked.insert(s.text(i))
        }
        return (assigned.sorted(), locked.sorted())
    }

    /// A cheap first test on a method name's bytes: it holds "ock", "ync", "ute", "tic" or "usi"
    /// (any case), as every lock method `throughOthers` takes does (`withLock`, `sync`, `mutex…`,
    /// `…Critical…`, `…Exclusive…`).
    static func mayNameLock(_ s: FileStructure, _ k: Int) -> Bool {
        let t = s.code[k]
        let bytes = s.file.bytes
        var j = Int(t.start)
        let end = Int(t.end)
        while j + 2 < end {
            let a = bytes[j] | 0x20, b = bytes[j + 1] | 0x20, c = bytes[j + 2] | 0x20
            if (a == UInt8(ascii: "o") && b == UInt8(ascii: "c") && c == UInt8(ascii: "k"))
                || (a == UInt8(ascii: "y") && b == UInt8(ascii: "n") && c == UInt8(ascii: "c"))
                || (a == UInt8(ascii: "u") && b == UInt8(ascii: "t") && c == UInt8(ascii: "e"))
                || (a == UInt8(ascii: "t") && b == UInt8(ascii: "i") && c == UInt8(ascii: "c"))
                || (a == UInt8(ascii: "u") && b == UInt8(ascii: "s") && c == UInt8(ascii: "i")) {
                return true
            }
            j += 1
        }
        return false
    }

    /// `let x = T(…)` followed by `x.m(…)` calls before `x` is used any other way (handed on,
    /// stored, captured): those calls set the instance up before anyone else can reach it.
    public static func setupCalls(_ s: FileStructure) -> [String: [String]] {
        var out: [String: Set<String>] = [:]
        for k in 0..<max(0, s.code.count - 5) where s.code[k].kind == .keyword && (s.code[k].word == .let || s.code[k].word == .var) {
            guard s.code[k + 1].kind == .identifier, s.isChar(k + 2, UInt8(ascii: "=")), s.code[k + 3].kind == .identifier,
                  startsUppercase(s, k + 3) else { continue }
            var open = k + 4
            if s.is(open, "<") { while open < min(s.code.count, k + 40) && !s.isChar(open, UInt8(ascii: "(")) { open += 1 } }
            guard s.isChar(open, UInt8(ascii: "(")), Int(s.match[open]) > open, let exec = s.enclosingExecutable(of: k) else { continue }
            let name = s.text(k + 1)
            let type = s.text(k + 3)
            var j = Int(s.match[open]) + 1
            let end = min(s.scopes[exec].close, j + 400)
            var shared = false
            while j < end {
                if s.code[j].kind == .identifier && !s.isChar(j - 1, UInt8(ascii: ".")) && s.is(j, text: name) {
                    // A property set on it (`x.onEvent = { … }`) sets it up too: what follows is
                    // scanned on (a use of `x` in the value is a use like any other).
                    if s.isChar(j + 1, UInt8(ascii: ".")), j + 3 < s.code.count, s.code[j + 2].kind == .identifier,
                       s.isChar(j + 3, UInt8(ascii: "=")), s.code[j + 3].length == 1, s.enclosingExecutable(of: j) == exec {
                        j += 4
                        continue
                    }
                    guard s.isChar(j + 1, UInt8(ascii: ".")), j + 3 < s.code.count, s.code[j + 2].kind == .identifier,
                          s.isChar(j + 3, UInt8(ascii: "(")), s.enclosingExecutable(of: j) == exec else { shared = true; break }
                    out[type, default: []].insert(s.text(j + 2))
                    let m = Int(s.match[j + 3])
                    j = m > j ? m + 1 : j + 1
                    continue
                }
                j += 1
            }
            // Once the local may be shared (captured, handed on), its later calls in the function
            // (in a closure, a `defer`) are not set-up: filed as `laterCallMark + name`.
            if shared {
                let later = min(s.scopes[exec].close, j + 2_000)
                while j < later {
                    if s.code[j].kind == .identifier && !s.isChar(j - 1, UInt8(ascii: ".")) && s.is(j, text: name)
                        && s.isChar(j + 1, UInt8(ascii: ".")) && j + 3 < s.code.count && s.code[j + 2].kind == .identifier
                        && s.isChar(j + 3, UInt8(ascii: "(")) {
                        out[type, default: []].insert(laterCallMark + s.text(j + 2))
                    }
                    j += 1
                }
            }
        }
        return out.mapValues { $0.sorted() }
    }

    /// The mark on a method name in `setupCalls` called on a fresh local after it may be shared.
    public static let laterCallMark = "~"

    /// Whether code token `i` starts with an uppercase letter (an ASCII one read from its first
    /// byte, without making a string).
    static func startsUppercase(_ s: FileStructure, _ i: Int) -> Bool {
        let b = s.file.bytes[Int(s.code[i].start)]
        if b < 0x80 { return b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        return s.text(i).first?.isUppercase ?? false
    }

    /// The classes of file `context.structure` (declared here, or extended here and known to the
    /// run as classes whose state the inference follows) and their logs, keyed by class name.
    /// - Parameter outsideCalls: gather the file's uses of other instances' members too, and the
    ///   other facts that are not logs (set-up calls, names set or locked through other
    ///   references, a test's concurrent names): only the first pass's are kept (they do not
    ///   depend on the project's facts); a later pass keeps only the logs.
    public static func extract(_ context: RuleContext, outsideCalls gatherOutside: Bool = true) -> Extraction {
        let s = context.structure
        // Units by qualified name: two nested classes named `Inner` in different types are two classes.
        var byName: [String: [Int]] = [:]
        var order: [String] = []
        for di in s.decls.indices where (s.decls[di].kind == .class || s.decls[di].kind == .extension) && !s.decls[di].nameText.isEmpty
            && s.decls[di].body >= 0 {
            let q = qualifiedName(s, di)
            if byName[q] == nil { order.append(q) }
            byName[q, default: []].append(di)
        }
        if !s.branches.isEmpty { splitConditionalTwins(s, &byName, &order) }
        var result = Extraction()
        if gatherOutside {
            result.setupCalls = setupCalls(s)
            (result.assignedThroughOthers, result.lockedThroughOthers) = throughOthers(s)
        }
        // (A test calls what it tests one step at a time: not a caller that changes where the
        // member runs.)
        let receivers = context.fileIsTestCode ? nil : ReceiverTable(s)
        if gatherOutside, let receivers { result.outsideCalls = outsideCalls(s, receivers: receivers, context: context) }
        if gatherOutside { result.observers = ObserverDelivery.table(s) }
        let ordering = context.fileIsTestCode ? TestOrdering(s) : nil
        let joins = ordering == nil && s.identifiers.mayContainAny(["wait", "notify"]) ? TestOrdering(s, product: true) : nil
        let outside = OutsideAccesses.extract(context, receivers: receivers)
        // The accesses other types' code here makes through references to a class, filed in
        // that class's log of this file.
        func withOutside(_ result: Extraction) -> Extraction {
            guard !outside.isEmpty else { return result }
            var result = result
            for (type, records) in outside.sorted(by: { $0.key < $1.key }) {
                if result.logs[type] == nil {
                    var log = TypeGuardLog(path: s.file.path)
                    log.testCode = context.fileIsTestCode
                    result.logs[type] = log
                }
                result.logs[type]!.accesses += records
            }
            return result
        }
        if let ordering {
            if gatherOutside { result.testConcurrentNames = concurrentMemberNames(s) }
            (result.testJoining, result.testNotJoining) = ordering.closureTakers()
        }
        guard !order.isEmpty else { return withOutside(result) }
        var regions: GuardRegions? = nil
        let wrappers = context.wrapperMethods
        let mayLock = LockGraph.mayAcquire(s, vocabulary: context.vocabulary) || s.identifiers.mayContainAny(["async", "addOperation"])
        let singleThreaded = s.singleThreadedRanges()
        // Worked out once per file, for every class of it.
        var fileSelfAliases: Set<String>? = nil
        var formRegions: (count: Int, byBody: [Int: [Int]])? = nil
        // The body scopes (of any declaration) around the file's lock, semaphore and queue regions.
        var lockRegionBodies: Set<Int>? = nil
        var semaphoreBodies: Set<Int>? = nil
        var queueBodies: Set<Int>? = nil
        var memberUses: [String: [Int]]? = nil
        let uniqueness = StateAccess.uniquenessHelpers(s)
        // The units whose state is recorded (regions are worked out for their code only).
        // Per class: the stored vars it inherits from a plain superclass (see `inheritedVars`).
        var inheritedByClass: [String: (vars: Set<String>, references: Set<String>)] = [:]
        var recorded: [(qualified: String, name: String, units: [Int], declared: [Int],
                        local: ProjectIndex.ClassMembers?,
                        vars: Set<String>, uncheckedHere: Bool)] = []
        for qualified in order {
            let units = byName[qualified]!
            let name = s.decls[units[0]].nameText
            let declared = units.filter { s.decls[$0].kind == .class }
            if declared.contains(where: { s.hasGlobalActor(s.decls[$0]) }) { continue }
            // Does this file's code of the type use a guard of its own? A stored lock or queue,
            // or a lock taken in its code (the file's default lock regions, no resolution).
            var usesHere = false
            var local: ProjectIndex.ClassMembers? = nil
            if let d = declared.first {
                local = ProjectIndex.classifyMembers(of: d, in: s, vocabulary: context.vocabulary)
                if !local!.locks.isEmpty || !local!.queues.isEmpty { usesHere = true }
                // A stored property of a type the run shows to be a lock (its own wrapper, by
                // what its methods do: `let gate = Gate()` whose `run { }` locks), made by the
                // class itself: an object handed in (a parent) guards its own state, and may
                // call this one under its lock.
                if !usesHere {
                    usesHere = s.children[d].contains { m in
                        let v = s.decls[m]
                        guard v.kind == .variable, !v.isStaticMember, !v.isComputed, let t = declaredTypeName(v, s),
                              t.first?.isUppercase == true, madeByOwner(v, s) else { return false }
                        return context.lockWrapperMethods(t).map { $0.contains { !$0.hasSuffix("?") } } ?? false
                    }
                }
            }
            if !usesHere && mayLock {
                let bodies = units.map { s.decls[$0].body }
                if lockRegionBodies == nil {
                    lockRegionBodies = enclosingBodies(s, of: context.lockRegions.regions.lazy.filter { r in
                        guard let first = r.lock.first else { return false }
                        return !first.isUppercase
                    }.map(\.start))
                }
                usesHere = bodies.contains { lockRegionBodies!.contains($0) }
                // A semaphore used as a mutex, or a block on a queue of this file.
                if !usesHere {
                    if semaphoreBodies == nil {
                        semaphoreBodies = enclosingBodies(s, of: GuardRegions.semaphoreMutexRegions(s, vocabulary: context.vocabulary).map(\.start))
                    }
                    usesHere = bodies.contains { semaphoreBodies!.contains($0) }
                }
                if !usesHere {
                    if queueBodies == nil {
                        queueBodies = enclosingBodies(s, of: LockRegions.queueRegions(s, vocabulary: context.vocabulary).filter { r in
                            guard let first = r.lock.first, !first.isUppercase, r.lock.first != "." else { return false }
                            if case .guarded(let kind) = executorKind(context, receiver: r.lock, at: r.acquireToken) { return kind != .mainActor }
                            return false
                        }.map(\.start))
                    }
                    usesHere = bodies.contains { queueBodies!.contains($0) }
                }
            }
            if usesHere { result.usesGuards[name] = true }
            if !wrappers.isEmpty {
                var own: [String] = []
                for u in units {
                    for m in s.children[u] where s.decls[m].kind == .function {
                        if let lock = wrappers[s.decls[m].nameText] { own.append("\(s.decls[m].nameText)=\(lock)") }
                    }
                }
                if !own.isEmpty { result.ownWrappers[name] = Array(Set(own)).sorted() }
            }
            let uncheckedHere = units.contains { isUnchecked(s, $0) }
            // A class declared here that shows nothing here may still be guarded elsewhere.
            let localCandidate = !declared.isEmpty && (usesHere || uncheckedHere)
            let globalVars = localCandidate ? nil : context.guardedClassVars(name)
            guard localCandidate || globalVars != nil else { continue }
            var vars = Set(globalVars ?? [])
            if let l = local { vars.formUnion(l.vars) }
            // The stored vars it inherits from superclasses of the run that guard nothing of their
            // own (a plain base class): the subclass's lock is the only guard they have, and its
            // code's uses of them are judged with its own state. (A superclass that guards its
            // state is judged by its own code.)
            // (Not in tests: a test case's base classes set up what its test methods use, one
            // test at a time.)
            if localCandidate, !context.fileIsTestCode, let d = declared.first {
                let inherited = inheritedVars(context, s.inheritedTypes(of: d).first?.name ?? "", own: vars)
                if !inherited.vars.isEmpty {
                    vars.formUnion(inherited.vars)
                    inheritedByClass[qualified] = inherited
                }
            }
            guard !vars.isEmpty else { continue }
            if let d = declared.first, singleThreaded.contains(where: { $0.contains(s.decls[d].keyword) }) { continue }
            recorded.append((qualified, name, units, declared, local, vars, uncheckedHere))
        }
        guard !recorded.isEmpty else { return withOutside(result) }
        for (qualified, name, units, declared, local, vars, uncheckedHere) in recorded {
            if regions == nil {
                let ranges = recorded.flatMap { r in r.units.map { s.scopes[s.decls[$0].body].interior } }
                regions = makeRegions(context, within: ranges, names: Set(recorded.map(\.name)))
            }
            var log = TypeGuardLog(path: s.file.path)
            log.testCode = context.fileIsTestCode
            log.uncheckedHere = uncheckedHere
            log.exemption = documentedExemption(s, units)
            if let d = declared.first {
                log.classRecord = classRecord(context, d, units: units, local: local!)
                // How the class holds its locks, for fix-its.
                // (The regions with a form, by the body scopes around them: indexed once per file.)
                if formRegions == nil || formRegions!.count != regions!.regions.count {
                    var byBody: [Int: [Int]] = [:]
                    for (k, r) in regions!.regions.enumerated() where !r.form.isEmpty {
                        guard let h = r.held, h.kind == .lock || r.handOff else { continue }
                        for b in enclosingBodies(s, of: CollectionOfOne(r.start)) { byBody[b, default: []].append(k) }
                    }
                    formRegions = (regions!.regions.count, byBody)
                }
                // A form that holds the lock for a write first (not a reader's block).
                let formKeys = Set(units.flatMap { formRegions!.byBody[s.decls[$0].body] ?? [] }).sorted()
                for k in formKeys.filter({ regions!.regions[$0].writes }) + formKeys.filter({ !regions!.regions[$0].writes }) {
                    let r = regions!.regions[k]
                    guard let h = r.held, log.classRecord!.guardForms[h.name] == nil else { continue }
                    log.classRecord!.guardForms[h.name] = r.form
                }
                log.vars = varRecords(context, units: declared, vars: vars, guards: Set(local!.locks + local!.queues))
                // The inherited ones (see `inheritedVars`), at the class's name: their
                // declarations are the superclass's, perhaps in another file.
                for v in (inheritedByClass[qualified]?.vars ?? []).sorted() {
                    var r = StoredVarRecord(name: v, site: CodeSite(s, token: s.decls[d].name >= 0 ? s.decls[d].name : s.decls[d].keyword))
                    r.inherited = true
                    log.vars.append(r)
                }
            }
            let references = referenceVars(context, declared).union(inheritedByClass[qualified]?.references ?? [])
            if fileSelfAliases == nil { fileSelfAliases = GuardRegions.selfAliases(s) }
            if memberUses == nil { memberUses = otherReferenceUses(s) }
            var walker = UnitWalker(context: context, name: name, vars: vars, references: references, uniqueness: uniqueness,
                                    wrappers: wrappers, selfAliases: fileSelfAliases!)
            walker.ordering = ordering ?? joins
            walker.singletons = UnitWalker.singletons(s, units: units, className: name)
            walker.ownGuards = Set((local?.locks ?? []) + (local?.queues ?? []))
            walker.delegateBound = Set(regions!.delegateBindings.flatMap(\.methods))
            walker.methodNames = Set(units.flatMap { s.children[$0] }.filter { s.decls[$0].kind == .function }.map { s.decls[$0].nameText })
            walker.writingMethods = ValueMutations.writingMethods(className: name, declared: declared, vars: vars.subtracting(references), context)
            (log.deliveryQueues, log.otherQueueUses) = deliveryQueues(context, units: units, className: name)
            if let queues = local?.queues, !queues.isEmpty {
                let handed = units.flatMap { handOutTokens(s, queues: Set(queues), unit: $0, first: false) }
                walker.handsOutQueue = !handed.isEmpty
                // Every hand-out gives the queue to an object whose callbacks are all in sight
                // (their closures hold the queue as regions): no other closure runs there.
                walker.callbacksInSight = !handed.isEmpty && handed.allSatisfy { regions!.callbackHandOuts.contains($0) }
                if walker.handsOutQueue {
                    log.classRecord?.handsOutQueue = true
                    log.classRecord?.callbacksInSight = walker.callbacksInSight
                    log.classRecord?.queueToDelegatesOnly = handed.allSatisfy { h in regions!.delegateBindings.contains { $0.call.contains(h) } }
                }
            }
            for u in units {
                walker.members(of: u, into: &log)
                walker.walk(u, regions: &regions!, into: &log)
            }
            (log.writtenThroughOthers, log.setUpThroughOthers) = writesThroughOtherReferences(s, uses: memberUses!, vars: vars, references: references,
                                                                                               className: name, uniqueness: uniqueness,
                                                                                               selfAliases: fileSelfAliases!,
                                                                                               scoped: { Set((context.lockWrapperMethods(name) ?? []).filter { !$0.hasSuffix("?") }) },
                                                                                               vocabulary: context.vocabulary)
            if log.testCode { log.concurrentUses = concurrentUses(s, names: Set(log.members.map(\.baseName)).union(vars)) }
            if log.accesses.contains(where: { a in a.guards.contains { GuardInference.isOwn($0) && $0.kind != .mainActor } }) {
                result.usesGuards[name] = true
            }
            result.logs[qualified] = log
        }
        return withOutside(result)
    }

    /// A stored property the class makes itself (`= Gate()`, `= .init()`, or `gate = Gate()` in
    /// its body), not an object handed in.
    static func madeByOwner(_ v: Decl, _ s: FileStructure) -> Bool {
        func constructs(_ k: Int) -> Bool {
            var j = k
            if s.isKeyword(j, .try) { j += 1 }
            guard j + 1 < s.code.count else { return false }
            if s.isChar(j, UInt8(ascii: ".")) { return s.is(j + 1, "init") }
            guard s.code[j].kind == .identifier, s.text(j).first?.isUppercase == true else { return false }
            return s.isChar(j + 1, UInt8(ascii: "(")) || s.isChar(j + 1, UInt8(ascii: ".")) || s.is(j + 1, "<")
        }
        if let first = v.initializer.first { return constructs(first) }
        guard v.parent >= 0, s.decls[v.parent].body >= 0 else { return false }
        let body = s.scopes[s.decls[v.parent].body]
        return s.assignments(of: v.nameText, in: s.span(body.open, body.close)).contains { k in
            (!s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self)) && constructs(k + 2)
        }
    }

    /// A queue handed to the class (an initializer's parameter, a property others set) that its
    /// code only submits work to with `async`/`asyncAfter`: it delivers events on the queue its
    /// user chose, and holding it says nothing about who else touches the state read there.
    /// Returns the names this file uses only so (at least once), and the names it uses in any
    /// other way (`sync`, a barrier, passed on, made here): the caller combines the files.
    static func deliveryQueues(_ context: RuleContext, units: [Int], className: String) -> (delivery: [String], other: [String]) {
        let s = context.structure
        guard s.identifiers.mayContainAny(["async", "asyncAfter"]) else { return ([], []) }
        // The member named at `i`: `q` or `self.q` (not another value's `x.q`).
        func memberRef(_ i: Int) -> Bool {
            if s.isChar(i - 1, UInt8(ascii: ".")) {
                let r = s.isChar(i - 2, UInt8(ascii: "?")) ? i - 3 : i - 2
                return s.isKeyword(r, .self) && !s.isChar(r - 1, UInt8(ascii: "."))
            }
            // A label (`init(queue: …)`, `f(queue: q)`), or a local or parameter of that name.
            if s.isChar(i + 1, UInt8(ascii: ":")) && (s.isChar(i - 1, UInt8(ascii: "(")) || s.isChar(i - 1, UInt8(ascii: ","))) { return false }
            guard let fn = s.enclosingFunction(of: i) else { return true }
            return !StateAccess.isShadowed(s, s.text(i), at: i, in: StateAccess.outermostMember(s, fn))
        }
        func submits(_ i: Int) -> Bool {
            guard s.isChar(i + 1, UInt8(ascii: ".")), s.is(i + 2, "async") || s.is(i + 2, "asyncAfter") else { return false }
            if s.isChar(i + 3, UInt8(ascii: "{")) { return true }
            guard s.isChar(i + 3, UInt8(ascii: "(")) else { return false }
            // `async(execute:)`, `asyncAfter(deadline:)`; not `async(flags: .barrier)` or a group.
            return s.is(i + 4, "execute") || s.is(i + 4, "deadline") || s.is(i + 4, "wallDeadline") || s.isChar(i + 4, UInt8(ascii: ")"))
        }
        var candidates = Set<String>()
        for u in units where s.decls[u].body >= 0 {
            for i in s.scopes[s.decls[u].body].interior where s.code[i].kind == .identifier && memberRef(i) && submits(i) {
                candidates.insert(s.text(i))
            }
        }
        guard !candidates.isEmpty else { return ([], []) }
        var other = Set<String>()
        var declaredHere = Set<String>()
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && candidates.contains(s.decls[m].nameText) {
                declaredHere.insert(s.decls[m].nameText)
                if madeByOwner(s.decls[m], s) { other.insert(s.decls[m].nameText) }
            }
        }
        for u in units where s.decls[u].body >= 0 {
            for i in s.scopes[s.decls[u].body].interior where s.code[i].kind == .identifier && candidates.contains(s.text(i)) && memberRef(i) {
                if submits(i) || s.isKeyword(i - 1, .var) || s.isKeyword(i - 1, .let) { continue }
                // `q = q` in an initializer, `self.q = queue`: set from a value handed in.
                if s.isChar(i + 1, UInt8(ascii: "=")) && !s.isChar(i + 2, UInt8(ascii: "=")) {
                    let v = i + 2
                    let simple = v + 1 < s.code.count && s.code[v].kind == .identifier && (s.code[v + 1].flags.contains(.newlineBefore) || s.isChar(v + 1, UInt8(ascii: "}"))
                                                                    || s.isChar(v + 1, UInt8(ascii: ";")))
                    if simple && s.text(v).first?.isLowercase == true { continue }
                }
                other.insert(s.text(i))
            }
        }
        // A queue declared in a superclass: only one the superclass does not make itself.
        for q in candidates where !declaredHere.contains(q) && !other.contains(q) {
            if context.classQueues(declaring: q, from: className)?.contains("h:" + q) != true { other.insert(q) }
        }
        return (candidates.subtracting(other).sorted(), other.sorted())
    }

    /// Calls that take a queue only to name it, not to run code on it later.
    static let namingOnlyCalls: Set<String> = [
        "onQueue", "notOnQueue", "onQueueAsBarrier", "DispatchQueue", "dispatchPrecondition", "setSpecific", "getSpecific",
        "setTarget", "precondition", "assert", "print", "debugPrint", "ObjectIdentifier", "String",
    ]

    /// Whether unit `u` passes one of `queues` (its own queues) to other code as a value: an
    /// argument (`f(queue: q)`, `.dispatch(self.q)`) or the right side of an assignment
    /// (`session.delegateQueue = q`), rather than the receiver of its own `sync`/`async`.
    static func handsOut(_ s: FileStructure, queues: Set<String>, unit u: Int) -> Bool {
        !handOutTokens(s, queues: queues, unit: u, first: true).isEmpty
    }

    /// The tokens where unit `u` hands one of `queues` out (see `handsOut`); only the first when `first`.
    static func handOutTokens(_ s: FileStructure, queues: Set<String>, unit u: Int, first: Bool) -> [Int] {
        var out: [Int] = []
        let body = s.scopes[s.decls[u].body]
        var i = body.open + 1
        while i < body.close {
            defer { i += 1 }
            guard s.code[i].kind == .identifier, queues.contains(s.text(i)) else { continue }
            // `self.q` or `q`: what stands before the whole reference.
            var before = i - 1
            if s.isChar(before, UInt8(ascii: ".")) {
                guard s.isKeyword(before - 1, .self) else { continue }
                before -= 2
            }
            // Used as a value: nothing is called or read through it after it.
            guard !s.isChar(i + 1, UInt8(ascii: ".")), !s.isChar(i + 1, UInt8(ascii: "=")) else { continue }
            let after = s.isChar(i + 1, UInt8(ascii: ")")) || s.isChar(i + 1, UInt8(ascii: ","))
                || (i + 1 < s.count && s.code[i + 1].flags.contains(.newlineBefore))
            guard after else { continue }
            if s.isChar(before, UInt8(ascii: "=")) && !s.isKeyword(before - 2, .let) && !s.isKeyword(before - 2, .var) {
                out.append(i)
                if first { return out }
                continue
            }
            guard s.isChar(before, UInt8(ascii: "(")) || s.isChar(before, UInt8(ascii: ",")) || s.isChar(before, UInt8(ascii: ":")) else { continue }
            // An argument, but not of a call that only names the queue: an assertion of where
            // code runs (`.onQueue(q)`), another queue that targets it, a key set on it.
            guard let k = s.argumentListOpen(holding: i), k >= 1, s.code[k - 1].kind == .identifier else { continue }
            // A publisher's delivery (`receive(on: q)`): the closures chained after it are the
            // queue's blocks (`GuardRegions.deliveryQueue`), not code the tool cannot see.
            if s.is(k - 1, "receive") && s.is(k + 1, "on") && s.isChar(k + 2, UInt8(ascii: ":")) { continue }
            if !Self.namingOnlyCalls.contains(s.text(k - 1)) {
                out.append(i)
                if first { return out }
            }
        }
        return out
    }

    /// `Outer.Inner` for a class nested in other types (or extensions); an extension's own
    /// dotted name.
    /// Keys the classes of the file compiled only under `#if` conditions by those conditions,
    /// and parts two declarations of one class in exclusive branches (`#if os(Windows)` …
    /// `#else`) into two: each extension goes with the first declaration it can be compiled with.
    static func splitConditionalTwins(_ s: FileStructure, _ byName: inout [String: [Int]], _ order: inout [String]) {
        var newOrder: [String] = []
        for q in order {
            let units = byName[q]!
            let declared = units.filter { s.decls[$0].kind == .class }
            let twins = declared.count > 1 && declared.contains { a in declared.contains { s.exclusive(s.decls[a].keyword, s.decls[$0].keyword) } }
            guard twins else {
                let variant = conditionalVariant(s, declared.first ?? units[0])
                if variant.isEmpty { newOrder.append(q); continue }
                byName[q] = nil
                byName[q + variant] = units
                newOrder.append(q + variant)
                continue
            }
            byName[q] = nil
            var groups: [(key: String, units: [Int])] = []
            for d in declared {
                let key = q + conditionalVariant(s, d)
                if let g = groups.firstIndex(where: { $0.key == key }) { groups[g].units.append(d) } else { groups.append((key, [d])) }
            }
            for u in units where s.decls[u].kind != .class {
                guard let g = groups.firstIndex(where: { g in !g.units.contains { s.exclusive(s.decls[$0].keyword, s.decls[u].keyword) } }) else { continue }
                groups[g].units.append(u)
            }
            for g in groups {
                byName[g.key] = g.units.sorted()
                newOrder.append(g.key)
            }
        }
        order = newOrder
    }

    /// What marks a class key as one compiled only under some `#if` conditions (see
    /// `conditionalVariant`); the key's type name is what comes before it.
    public static let variantMark: Character = "\u{1}"

    /// A class key's type part and its `#if` conditions (empty for a key without any).
    static func splitVariant(_ key: String) -> (base: Substring, conditions: Substring) {
        let parts = key.split(separator: variantMark, maxSplits: 1, omittingEmptySubsequences: false)
        return (parts[0], parts.count == 2 ? parts[1] : "")
    }

    /// The `#if` conditions declaration `di` is compiled under, as a suffix of its class key
    /// (empty outside any `#if`): two classes of one name in the two branches of an `#if os(…)`
    /// (in one file or two) are two types, each judged with its own lock and the code that can
    /// be compiled with it (`ProjectIndex.finishGuards`).
    static func conditionalVariant(_ s: FileStructure, _ di: Int) -> String {
        guard !s.branches.isEmpty else { return "" }
        let b = s.branch(of: s.decls[di].keyword)
        guard b >= 0, !s.branches[b].assumes.isEmpty else { return "" }
        return String(variantMark) + s.branches[b].assumes.sorted().joined(separator: "\u{2}")
    }

    /// Whether two class keys' `#if` conditions can hold together (neither assumes what the
    /// other assumes false).
    static func variantsCompatible(_ a: Substring, _ b: Substring) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return true }
        let other = Set(b.split(separator: "\u{2}"))
        for c in a.split(separator: "\u{2}") {
            let flipped = (c.hasPrefix("+") ? "-" : "+") + c.dropFirst()
            if other.contains(Substring(flipped)) { return false }
        }
        return true
    }

    public static func qualifiedName(_ s: FileStructure, _ di: Int) -> String {
        let d = s.decls[di]
        if d.kind == .extension { return s.writtenName(ofType: di) }
        var name = d.nameText
        var p = d.parent
        var hops = 0
        while p >= 0 && hops < 16 {
            let pd = s.decls[p]
            if pd.kind.isType {
                name = s.writtenName(ofType: p) + "." + name
            } else {
                // A class local to a function: its own scope.
                name = pd.nameText + "()." + name
            }
            p = pd.parent
            hops += 1
        }
        return name
    }

    /// Methods of the classes `types` (in this file) that hand their closure parameter, and do
    /// nothing else with it, to a closure method of a stored property whose type the run shows to
    /// run closures under a lock (`func synchronise<T>(block: () -> T) -> T { stateLock.withCriticalScope(block: block) }`,
    /// or `{ stateLock.run { block() } }`), where that type is declared in another file: method →
    /// the property, as the lock the wrapper holds.
    static func delegatingWrappers(_ context: RuleContext, types: Set<String>) -> [String: String] {
        let s = context.structure
        var out: [String: String] = [:]
        for di in s.decls.indices where s.decls[di].kind == .function && s.decls[di].body >= 0 && !s.decls[di].isStaticMember {
            guard let owner = s.owningType(of: di), types.contains(s.decls[owner].nameText) else { continue }
            let params = closureParameters(s, di)
            guard !params.isEmpty, out[s.decls[di].nameText] == nil else { continue }
            var lock: String? = nil
            var clean = true
            for k in s.scopes[s.decls[di].body].interior where s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: "."))
                && !s.isChar(k + 1, UInt8(ascii: ":")) && params.contains(s.text(k)) {
                guard let (receiver, method, at) = lockCallAround(s, k), case .member(let d) = receiverDecl(s, receiver, at: at),
                      let type = declaredTypeName(d, s).map({ context.aliasTarget($0) ?? $0 }),
                      context.lockWrapperMethods(type)?.contains(method) == true, lock == nil || lock == receiver else { clean = false; break }
                lock = receiver
            }
            if clean, let lock { out[s.decls[di].nameText] = lock }
        }
        return out
    }

    /// For a closure parameter named at `k`: the receiver, method and method token of the call
    /// that takes it as an argument (`r.m(block: p)`, `r.m(p)`), or whose trailing closure calls
    /// it on the spot (`r.m { p() }`).
    static func lockCallAround(_ s: FileStructure, _ k: Int) -> (String, String, Int)? {
        var callee = -1
        if (s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ","))) {
            var open = k - 1
            if s.isChar(open, UInt8(ascii: ":")) { open -= 2 }
            if s.isChar(open, UInt8(ascii: "(")) { callee = open - 1 }
        } else if s.isChar(k + 1, UInt8(ascii: "(")), let c = s.enclosingClosure(of: k), s.closures[c].callee >= 0,
                  Int(s.scopeOf[k]) == s.closures[c].scope || s.scopes[Int(s.scopeOf[k])].kind == .statement {
            callee = s.closures[c].callee
        }
        guard callee >= 2, s.code[callee].kind == .identifier, s.isChar(callee - 1, UInt8(ascii: ".")) else { return nil }
        let r = LockRegions.receiverStart(s, dot: callee - 1)
        guard r >= 0 else { return nil }
        let receiver = LockRegions.normalized(s.text(s.span(r, callee - 1)))
        return receiver.isEmpty ? nil : (receiver, s.text(callee), callee)
    }

    /// The file's guard regions, with the wrappers of its classes (declared here or known to the
    /// run) resolved.
    static func makeRegions(_ context: RuleContext, within ranges: [Range<Int>], names: Set<String>) -> GuardRegions {
        let s = context.structure
        var selfWrappers: [String: String] = [:]
        for (name, lock) in context.wrapperMethods { selfWrappers[name] = lock }
        for name in names.sorted() {
            for entry in context.ownWrappers(name) {
                let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 && selfWrappers[parts[0]] == nil { selfWrappers[parts[0]] = parts[1] }
            }
        }
        for (name, lock) in delegatingWrappers(context, types: names) where selfWrappers[name] == nil { selfWrappers[name] = lock }
        let extra = knownExtraScoped.union(context.vocabulary.lockScopedMethods).union(selfWrappers.keys)
        let resolution = GuardRegions.Resolution(
            executor: { receiver, at in executorKind(context, receiver: receiver, at: at) },
            closureMethod: { receiver, method, at in closureMethodLocks(context, receiver: receiver, method: method, at: at) },
            isLocal: { receiver, at in
                if case .local = receiverDecl(s, receiver, at: at) { return true }
                return false
            },
            isParameter: { receiver, at in
                if case .parameter = receiverDecl(s, receiver, at: at) { return true }
                return false
            },
            isLock: { receiver, at in
                guard case .member(let d) = receiverDecl(s, receiver, at: at) else { return false }
                return context.vocabulary.lockType(of: d, in: s, strict: false) != nil
            },
            ownsMethod: { name in !s.functionDecls(named: name).isEmpty },
            isStoredMember: { receiver, at in
                guard case .member(let d) = receiverDecl(s, receiver, at: at) else { return false }
                return !d.isComputed
            })
        var resolution2 = resolution
        resolution2.queueHandOff = { receiver, method, at in queueHandOff(context, receiver: receiver, method: method, at: at) }
        let replaced = ReplacedVars(s)
        resolution2.isReplaceable = { receiver, at in replaced.isReplaced(receiver, at: at) }
        resolution2.isSetPerCall = { receiver, at in replaced.isSetPerCall(receiver, at: at) }
        resolution2.isDomainLock = { receiver, at in LockReceivers.isDomainReceiver(receiver, at: at, context) }
        resolution2.readerMethod = { receiver, method, at in
            guard case .member(let d) = receiverDecl(s, receiver, at: at), let type = declaredTypeName(d, s) else { return false }
            return context.lockReaderMethods(type).contains(method)
        }
        var regions = GuardRegions(s, vocabulary: context.vocabulary, extraScopedMethods: extra, selfWrappers: selfWrappers,
                                   resolution: resolution2, within: ranges, lockRegions: context.lockRegions,
                                   argumentLocks: argumentLocks(context), inoutLocks: inoutArgumentLocks(context),
                                   callbackRegions: QueueHandOuts.callbackRegions(context, types: names))
        // Methods of the classes (and their superclasses, in any file) that assert an executor.
        var asserting: [String: HeldGuard] = [:]
        for name in names.sorted() {
            var type = name
            var hops = 0
            while !type.isEmpty && hops < 8 {
                for entry in context.assertingMethods(type) {
                    let parts = entry.split(separator: "=", maxSplits: 1)
                    if parts.count == 2, asserting[String(parts[0])] == nil, let g = GuardRegions.decode(parts[1]) { asserting[String(parts[0])] = g }
                }
                type = context.classQueues(type).first { $0.hasPrefix("s:") }.map { String($0.dropFirst(2)) } ?? ""
                hops += 1
            }
        }
        regions.assertingCalls = asserting
        if s.identifiers.mayContain("getSpecific") {
            regions.typeSpecificKeys = names.sorted().flatMap { context.specificKeys($0) }
        }
        return regions
    }

    /// Methods of the file's types that run their closure parameter while holding a lock (or on
    /// a serial queue) that the type owns: method name → the lock's name. The closure must be
    /// called inside the held region: a method that takes a lock and calls its closure outside
    /// it (a lazy initializer that publishes under the lock) is not a wrapper.
    /// With `statics`, the static methods and file-level functions that do so instead (a wrapper
    /// around static or global state).
    public static func ownWrappers(_ s: FileStructure, vocabulary: LockVocabulary, regions base: LockRegions? = nil,
                                   statics: Bool = false) -> [String: String] {
        var candidates: [(decl: Int, params: [String])] = []
        for di in s.decls.indices where s.decls[di].kind == .function && s.decls[di].body >= 0
            && (s.owningType(of: di) != nil ? s.decls[di].isStaticMember == statics : statics && s.decls[di].parent < 0)
            && LockWrappers.takesImmediateClosure(di, s) {
            let params = closureParameters(s, di)
            if !params.isEmpty { candidates.append((di, params)) }
        }
        guard !candidates.isEmpty else { return [:] }
        let regions = base.map { LockRegions($0, adding: LockRegions.queueRegions(s, vocabulary: vocabulary), s) }
            ?? LockRegions(s, vocabulary: vocabulary, includeQueues: ["*"])
        var out: [String: String] = [:]
        // A semaphore the method waits on and signals around the call, as a mutex (see
        // `GuardRegions.semaphoreMutexRegions`), worked out when first needed.
        var semaphores: [GuardRegions.Region]? = nil
        func semaphore(holding k: Int) -> String? {
            if semaphores == nil { semaphores = s.identifiers.mayContain("signal") ? GuardRegions.semaphoreMutexRegions(s, vocabulary: vocabulary) : [] }
            guard !semaphores!.isEmpty, let e = s.enclosingExecutable(of: k) else { return nil }
            return semaphores!.first { $0.executable == e && $0.start < k && k < $0.end && $0.definite }?.held?.name
        }
        // A wrapper may call its closure inside a closure passed to another wrapper of its type
        // (`withLock { body in withUnsafeUnderlyingLock { body() } }`): worked out to a fixed point.
        var keys: [String: String]? = nil
        var changed = true
        var rounds = 0
        while changed && rounds < 4 {
        changed = false
        rounds += 1
        for c in candidates where out[s.decls[c.decl].nameText] == nil {
            let d = s.decls[c.decl]
            var lock: String? = nil
            var calledOutside = false
            var onQueue: Set<String> = []
            for k in s.scopes[d.body].interior where s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: "."))
                && !s.isChar(k + 1, UInt8(ascii: ":")) && c.params.contains(s.text(k)) {
                let held = regions.holding(k, in: s, directOnly: false).filter { r in
                    if case .queue(let m, _) = r.form { return m == "sync" || m == "asyncAndWait" }
                    return r.blocks || !r.lock.isEmpty
                }
                let called = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "?")) && s.isChar(k + 2, UInt8(ascii: "(")))
                // Handed as an argument to a call (not kept in a var, not returned).
                let argument = (s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ",")) || s.isChar(k - 1, UInt8(ascii: ":")))
                    && (s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ",")))
                if let r = held.first, !r.lock.isEmpty, called || argument {
                    // Called (or handed on, as a closure that cannot outlive the call) in the region.
                    lock = lock ?? r.lock
                } else if called || argument, let sem = semaphore(holding: k) {
                    lock = lock ?? sem
                } else if called, let queue = onQueueBranch(s, k, within: d.body, keys: &keys) {
                    // `if DispatchQueue.getSpecific(key: k) == v { body() } else { q.sync(execute: body) }`:
                    // already on the queue the type marks with that key; counts only when the
                    // method's other calls run the closure on that same queue (checked below).
                    onQueue.insert(queue)
                } else if called || argument, let inner = enclosingWrapperCall(s, k, within: d.body, wrappers: out) {
                    lock = lock ?? inner
                } else if let receiver = handedToLock(s, k, vocabulary: vocabulary, wrappers: out) {
                    // `lock.withLock(body)`, `queue.sync(execute: body)`, `withState(body)` (another
                    // wrapper of the type).
                    lock = lock ?? receiver
                } else {
                    // Called outside the region, kept, or handed to code that may run it anywhere.
                    calledOutside = true
                    break
                }
            }
            if !calledOutside, let l = lock, onQueue.isEmpty || onQueue == [l] {
                out[d.nameText] = l
                changed = true
            }
        }
        }
        return out
    }

    /// The queue token `k` runs on when it sits (without a closure in between) in the first block
    /// of an `if` whose whole condition is `DispatchQueue.getSpecific(key: K) == v` (or `=== v`,
    /// `!= nil`) for a key `K` the file sets on that queue with `setSpecific` (a key set in
    /// another file is not seen: the call then counts as outside, as before).
    static func onQueueBranch(_ s: FileStructure, _ k: Int, within body: Int, keys: inout [String: String]?) -> String? {
        guard s.identifiers.mayContain("getSpecific") else { return nil }
        if keys == nil { keys = GuardRegions.specificKeys(s) }
        guard !keys!.isEmpty else { return nil }
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            guard scope.kind == .statement else { return nil }
            // `if [DispatchQueue].getSpecific(key: K) ==|=== v {` or `… != nil {`
            var j = scope.open - 1
            var start = -1
            while j > 0 && scope.open - j < 24 {
                if s.isKeyword(j, .if) { start = j; break }
                if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) || s.isChar(j, UInt8(ascii: ";")) { break }
                j -= 1
            }
            if start > 0, let queue = specificKeyQueue(s, condition: (start + 1)..<scope.open, keys: keys!) { return queue }
            // An `else` block, or an `if` on something else: keep looking outwards.
            sc = scope.parent
        }
        return nil
    }

    /// The queue an `if` condition says the code runs on: the whole condition is
    /// `[DispatchQueue.]getSpecific(key: K) == v` (or `=== v`, `!= nil`) for a key `K` of `keys`.
    static func specificKeyQueue(_ s: FileStructure, condition: Range<Int>, keys: [String: String]) -> String? {
        var g = condition.lowerBound
        if s.is(g, "DispatchQueue") && s.isChar(g + 1, UInt8(ascii: ".")) { g += 2 }
        guard g + 4 < condition.upperBound, s.is(g, "getSpecific"), s.isChar(g + 1, UInt8(ascii: "(")), s.is(g + 2, "key"),
              s.isChar(g + 3, UInt8(ascii: ":")) else { return nil }
        let close = Int(s.match[g + 1])
        guard close > g, close < condition.upperBound, let queue = keys[GuardRegions.keyText(s, g + 4)] else { return nil }
        let op = close + 1
        // Compared with a value (`== token`, `=== ObjectIdentifier(self)`), the comparison the
        // whole condition; or `!= nil`.
        let value = (op + 1)..<condition.upperBound
        let compared = (s.is(op, "==") || s.is(op, "===")) && !value.isEmpty && !s.isKeyword(op + 1, .nil)
            && !value.contains { s.is($0, "&&") || s.is($0, "||") || s.isChar($0, UInt8(ascii: ",")) || s.isChar($0, UInt8(ascii: "?")) }
            || s.is(op, "!=") && op + 2 == condition.upperBound && s.isKeyword(op + 1, .nil)
        return compared ? queue : nil
    }

    /// The lock of the wrapper (a method of the same type, called on `self`) whose closure holds
    /// token `k`, within body `body`.
    static func enclosingWrapperCall(_ s: FileStructure, _ k: Int, within body: Int, wrappers: [String: String]) -> String? {
        guard !wrappers.isEmpty else { return nil }
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                if c.callee >= 0, c.receiverStart < 0 || (c.receiverStart == c.callee - 2 && s.isKeyword(c.receiverStart, .self)),
                   let lock = wrappers[s.text(c.callee)] {
                    return lock
                }
            }
            sc = scope.parent
        }
        return nil
    }

    /// For a closure parameter passed on as the argument of a lock-scoped call
    /// (`lock.withLock(body)`, `queue.sync(execute: body)`): that call's receiver.
    static func handedToLock(_ s: FileStructure, _ k: Int, vocabulary: LockVocabulary, wrappers: [String: String] = [:]) -> String? {
        var open = k - 1
        if s.isChar(open, UInt8(ascii: ":")) { open -= 2 }
        // A labelled argument after others (`queue.sync(flags: .barrier, execute: body)`): back
        // over the earlier arguments, skipping bracketed ones whole, to the call's parenthesis.
        if s.isChar(open, UInt8(ascii: ",")) {
            var j = open - 1
            var steps = 0
            while j >= 0 && !s.isChar(j, UInt8(ascii: "(")) {
                steps += 1
                guard steps < 64, !s.isChar(j, UInt8(ascii: "{")), !s.isChar(j, UInt8(ascii: "[")) else { return nil }
                let m = Int(s.match[j])
                j = (m >= 0 && m < j ? m : j) - 1
            }
            open = j
        }
        guard s.isChar(open, UInt8(ascii: "(")), s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ",")) else { return nil }
        let callee = open - 1
        // Another wrapper of the type, called on `self`.
        if callee >= 0, s.code[callee].kind == .identifier, let lock = wrappers[s.text(callee)],
           !s.isChar(callee - 1, UInt8(ascii: ".")) || (s.isChar(callee - 1, UInt8(ascii: ".")) && s.isKeyword(callee - 2, .self)) {
            return lock
        }
        guard callee >= 2, s.code[callee].kind == .identifier, s.isChar(callee - 1, UInt8(ascii: ".")),
              vocabulary.lockScopedNames.contains(s, callee) || s.is(callee, "sync") || s.is(callee, "asyncAndWait")
                || s.is(callee, "performAndWait") else { return nil }
        let r = LockRegions.receiverStart(s, dot: callee - 1)
        guard r >= 0 else { return nil }
        let name = LockRegions.normalized(s.text(s.span(r, callee - 1)))
        // `Hardware.sync(body)`: a type's own static method, not a queue (judged by its body).
        if !vocabulary.lockScopedNames.contains(s, callee) && LockRegions.namesType(name) { return nil }
        return name.isEmpty ? nil : name
    }

    /// Names of the parameters of function type whose closure runs during the call: those not
    /// `@escaping`, and those declared `@escaping` that the body only calls, in place (never
    /// keeps, returns, hands on or defers), which behave the same.
    /// With `escaping`, every parameter of function type, whenever its closure runs.
    static func closureParameters(_ s: FileStructure, _ di: Int, escaping: Bool = false) -> [String] {
        var out: [String] = []
        for name in s.decls[di].parameterNames {
            guard let range = s.parameterType(name, of: di), range.contains(where: { s.is($0, "->") }) else { continue }
            if !escaping && range.contains(where: { s.code[$0].kind == .attribute && s.is($0, "@escaping") }) && !onlyCalledInPlace(s, name, of: di) { continue }
            out.append(name)
        }
        return out
    }

    /// Whether the body of function `di` uses its parameter `name` only by calling it where it
    /// stands (`action()`, `try action(&value)`, `action?()`, also inside a closure that runs at
    /// once, not one that runs later), at least once.
    static func onlyCalledInPlace(_ s: FileStructure, _ name: String, of di: Int) -> Bool {
        let body = s.decls[di].body
        guard body >= 0 else { return false }
        var calls = 0
        for k in s.scopes[body].interior where s.code[k].kind == .identifier && s.is(k, text: name) {
            // A member of something else (`x.action`) or an argument label (`action: x`) is not it.
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
            if s.isChar(k + 1, UInt8(ascii: ":")) { continue }
            let called = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "?")) && s.isChar(k + 2, UInt8(ascii: "(")))
            guard called, LockRegions.reachesWithoutDeferral(s, from: k, to: body) else { return false }
            calls += 1
        }
        return calls > 0
    }

    /// Storage passed `&x` to a function of the run that touches its `inout` parameter only
    /// under a guard it takes itself (see `InoutGuards`): the argument's tokens and the guard as
    /// the call writes it (the receiver, for a method of a lock type on itself; the stored lock or
    /// queue's name, for a method of this object that takes its own; else the lock or queue
    /// argument), with whether it is a queue. Every function of the run the call may name
    /// (by name, labels and, for a method, the receiver's type) must hold the same guard.
    static func inoutArgumentLocks(_ context: RuleContext) -> [InoutLock] {
        let s = context.structure
        var known: [String: [InoutGuards.Entry]] = [:]
        func entries(_ name: String) -> [InoutGuards.Entry] {
            if let e = known[name] { return e }
            let e = context.inoutGuards(name).compactMap { InoutGuards.Entry($0) }
            known[name] = e
            return e
        }
        var out: [InoutLock] = []
        for a in InoutGuards.arguments(s, names: { !entries($0).isEmpty }) {
            let name = s.text(a.callee)
            // The receiver's type, when it is a stored property or a local of a written type.
            var receiverType: String? = nil
            if !a.receiver.isEmpty, a.receiver != "self", case .member(let d) = receiverDecl(s, a.receiver, at: a.callee) {
                receiverType = declaredTypeName(d, s).map { context.aliasTarget($0) ?? $0 }
            }
            // A call on this object names a method of the type it is written in (or a free function).
            let ownType = a.receiver.isEmpty || a.receiver == "self" ? s.enclosingType(of: a.callee).map { s.decls[$0].nameText } : nil
            var lock: String? = nil
            var agreed = true
            var positions: [Int] = []
            for e in entries(name) {
                guard let p = e.positions(of: a.labels), e.inouts.contains(p[a.position]) else { continue }
                if let own = ownType, !e.type.isEmpty, e.type != own { continue }
                if e.lock.hasPrefix(".") || e.lock.hasPrefix(":") {
                    // A guard stored in the method's object: only for a call on this object.
                    guard ownType != nil else { continue }
                } else if e.lock == "self" {
                    // A method of a lock type on itself: only for a receiver of that type.
                    guard let t = receiverType else { agreed = false; break }
                    if t != e.type { continue }
                } else if let t = receiverType, t != e.type, !e.type.isEmpty {
                    continue
                }
                guard lock == nil || lock == e.lock else { agreed = false; break }
                lock = e.lock
                positions = p
            }
            guard agreed, let l = lock, l != "-" else { continue }
            if l == "self" {
                guard let t = receiverType, context.vocabulary.lockTypes.contains(t) || context.lockWrapperMethods(t) != nil else { continue }
                out.append(InoutLock(start: a.start, end: a.end, callee: a.callee, lock: a.receiver, queue: false))
            } else if l.hasPrefix(".") || l.hasPrefix(":") {
                out.append(InoutLock(start: a.start, end: a.end, callee: a.callee, lock: String(l.dropFirst()), queue: l.hasPrefix(":")))
            } else if let i = Int(l.dropFirst()), let j = positions.firstIndex(of: i), j < a.arguments.count {
                let r = a.arguments[j]
                guard r.end > r.start, (r.start..<r.end).allSatisfy({ s.code[$0].isWord || s.isChar($0, UInt8(ascii: ".")) || s.isKeyword($0, .self) })
                else { continue }
                out.append(InoutLock(start: a.start, end: a.end, callee: a.callee, lock: s.text(s.span(r.start, r.end)), queue: l.hasPrefix("q")))
            }
        }
        return out
    }

    public struct InoutLock {
        public var start: Int
        public var end: Int
        public var callee: Int
        public var lock: String
        public var queue: Bool
    }

    /// Closures passed to a free function of the run that runs them under a lock given as an
    /// argument (`execute(in: lock) { … }`): closure index → the argument as written.
    static func argumentLocks(_ context: RuleContext) -> [Int: String] {
        let s = context.structure
        var out: [Int: String] = [:]
        var labels: [String: String?] = [:]
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.receiverStart < 0 && c.close > c.open {
            let f = c.callee
            guard s.code[f].kind == .identifier, !s.isChar(f - 1, UInt8(ascii: ".")), s.isChar(f + 1, UInt8(ascii: "(")),
                  s.text(f).first?.isLowercase == true else { continue }
            let name = s.text(f)
            if labels[name] == nil { labels[name] = .some(context.lockArgumentLabel(name)) }
            guard let label = labels[name] ?? nil else { continue }
            let close = Int(s.match[f + 1])
            guard close > f + 1 else { continue }
            // The argument: after `label:`, or the first one for an unlabelled parameter.
            var start = -1
            if label == "_" {
                start = f + 2
            } else {
                var j = f + 2
                while j < close {
                    if s.is(j, text: label) && s.isChar(j + 1, UInt8(ascii: ":")) && (s.isChar(j - 1, UInt8(ascii: "(")) || s.isChar(j - 1, UInt8(ascii: ","))) {
                        start = j + 2
                        break
                    }
                    if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: "{")) { j = max(j, Int(s.match[j])) }
                    j += 1
                }
            }
            guard start > f + 1, start < close else { continue }
            var end = start
            while end < close && !s.isChar(end, UInt8(ascii: ",")) { end += 1 }
            guard end > start, (start..<end).allSatisfy({ s.code[$0].isWord || s.isChar($0, UInt8(ascii: ".")) || s.isKeyword($0, .self) }) else { continue }
            out[ci] = s.text(s.span(start, end))
        }
        return out
    }

    static func isUnchecked(_ s: FileStructure, _ di: Int) -> Bool {
        guard s.decls[di].inheritance.contains(where: { s.code[$0].kind == .attribute && s.is($0, "@unchecked") }),
              !s.isMarkedUnavailable(s.decls[di]) else { return false }
        return s.inheritedTypes(of: di).contains { $0.unchecked && $0.name == "Sendable" }
    }

    // MARK: Receivers

    public enum ReceiverDecl {
        case member(Decl)
        case local
        /// A parameter: an object passed in, possibly shared (a database queue).
        case parameter
        case unknown
    }

    /// The declaration of receiver `name` at token `at`: a stored property or global of this
    /// file, a local or parameter, or unknown (declared in another file).
    public static func receiverDecl(_ s: FileStructure, _ name: String, at: Int) -> ReceiverDecl {
        var n = Substring(name)
        var memberOnly = false
        if n.hasPrefix("Self.") { n = n.dropFirst(5); memberOnly = true }
        guard !n.contains("."), !n.contains("("), !n.isEmpty else { return .unknown }
        switch s.lookupVariable(String(n), at: at, memberOnly: memberOnly) {
        case .variable(let d):
            let p = s.decls[d].parent
            if p >= 0 && s.decls[p].kind.isFunctionLike { return .local }
            return .member(s.decls[d])
        case .parameter:
            return .parameter
        case .unknown:
            return .unknown
        }
    }

    /// What a block submitted to `receiver` runs on: a serial queue, a reader-writer queue, the
    /// main queue, an event loop; `.none` for a global queue, a queue made for one call or a
    /// parameter; `.unknown` when declared where the tool cannot see.
    static func executorKind(_ context: RuleContext, receiver: String, at: Int) -> GuardRegions.Executor {
        let s = context.structure
        if receiver == "DispatchQueue.main" || receiver == "OperationQueue.main" || receiver == "RunLoop.main" || receiver == ".main" {
            return .guarded(.mainActor)
        }
        if receiver.hasPrefix("DispatchQueue.global") || receiver.hasPrefix(".global") { return .none }
        if let kind = sessionDelegateQueue(context, receiver: receiver, at: at) { return kind }
        switch receiverDecl(s, receiver, at: at) {
        case .local, .parameter:
            return .none
        case .member(let d):
            if ProjectIndex.isEventLoop(d, in: s) || d.typeAnnotation.contains(where: { s.code[$0].kind == .identifier && s.is($0, "EventLoop") }) {
                return .guarded(.eventLoop)
            }
            if isConcurrentQueue(d, s) { return .guarded(.readerWriter) }
            if ProjectIndex.isMainQueue(d, in: s) { return .guarded(.mainActor) }
            if ProjectIndex.isSerialQueue(d, in: s) { return .guarded(.serialQueue) }
            if isOperationQueue(d, s) { return serialOperationQueue(d, s) ? .guarded(.serialQueue) : .none }
            if d.initializer.contains(where: { s.is($0, "global") }) { return .none }
            return .unknown
        case .unknown:
            // Declared in another file: a queue at file level, or the class's (or its
            // superclass's) serial queues.
            if !receiver.contains("."), let kind = context.globalQueue(receiver) { return .guarded(kind) }
            if let t = s.enclosingType(of: at), let facts = context.classQueues(declaring: receiver, from: s.decls[t].nameText) {
                if facts.contains("l:" + receiver) { return .guarded(.eventLoop) }
                if facts.contains("q:" + receiver) { return .guarded(.serialQueue) }
                if facts.contains("c:" + receiver) { return .guarded(.readerWriter) }
            }
            return .unknown
        }
    }

    /// `session.delegateQueue`, where `session` is a stored property its type makes (where it is
    /// declared or where the type assigns it) only as `URLSession(…, delegateQueue: q)`: the queue
    /// URLSession runs the session's callbacks on. `nil` makes URLSession create a serial queue of
    /// its own; an OperationQueue (a property, or a local of the assigning function) is serial only
    /// when its `maxConcurrentOperationCount` is set to 1, else `.none`. A serial one is `.unknown`
    /// when the session also calls back `self` as its delegate (the tool does not follow delegate
    /// methods onto the queue); `.unknown` too when the session is made otherwise; nil for any
    /// other receiver.
    static func sessionDelegateQueue(_ context: RuleContext, receiver: String, at: Int) -> GuardRegions.Executor? {
        guard receiver.hasSuffix(".delegateQueue") else { return nil }
        let s = context.structure
        var base = receiver.dropLast(".delegateQueue".count)
        if base.hasPrefix("self.") { base = base.dropFirst(5) }
        guard !base.isEmpty, !base.contains("."), !base.contains("("),
              case .member(let d) = receiverDecl(s, String(base), at: at) else { return .unknown }
        guard !d.isComputed, d.parent >= 0, s.decls[d.parent].body >= 0 else { return .unknown }
        var values: [Range<Int>] = d.initializer.isEmpty ? [] : [d.initializer]
        let body = s.scopes[s.decls[d.parent].body]
        for k in s.assignments(of: d.nameText, in: s.span(body.open, body.close))
        where !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) {
            values.append(s.span(k + 2, s.statementEnd(from: k + 1, limit: body.close)))
        }
        guard !values.isEmpty else { return .unknown }
        var serial = true
        var callsBackSelf = false
        for r in values {
            guard let made = r.first(where: { s.is($0, "URLSession") && s.isChar($0 + 1, UInt8(ascii: "(")) }),
                  let label = r.first(where: { $0 > made && s.is($0, "delegateQueue") && s.isChar($0 + 1, UInt8(ascii: ":")) }),
                  label + 2 < r.upperBound else { return .unknown }
            // Delegate callbacks of `self` run on the queue too: the tool does not follow them.
            if r.contains(where: { s.is($0, "delegate") && s.isChar($0 + 1, UInt8(ascii: ":")) && s.isKeyword($0 + 2, .self)
                && (s.isChar($0 + 3, UInt8(ascii: ",")) || s.isChar($0 + 3, UInt8(ascii: ")"))) }) { callsBackSelf = true }
            var q = label + 2
            if s.isKeyword(q, .self) && s.isChar(q + 1, UInt8(ascii: ".")) { q += 2 }
            guard s.isChar(q + 1, UInt8(ascii: ",")) || s.isChar(q + 1, UInt8(ascii: ")")) else { return .unknown }
            if s.is(q, "nil") { continue }
            guard s.code[q].kind == .identifier, case .variable(let v) = s.lookupVariable(s.text(q), at: q) else { return .unknown }
            let qd = s.decls[v]
            guard isOperationQueue(qd, s) else { return .unknown }
            if !serialOperationQueue(qd, s) { serial = false }
        }
        if !serial { return GuardRegions.Executor.none }
        return callsBackSelf ? .unknown : .guarded(.serialQueue)
    }

    /// A `DispatchQueue` made with `.concurrent`, where it is declared or where its type assigns it.
    static func isConcurrentQueue(_ v: Decl, _ s: FileStructure) -> Bool {
        ProjectIndex.queueValues(v, in: s).contains { r in
            r.contains { s.is($0, "DispatchQueue") } && r.contains { s.is($0, "concurrent") }
        }
    }

    static func isOperationQueue(_ v: Decl, _ s: FileStructure) -> Bool {
        v.typeAnnotation.contains { s.is($0, "OperationQueue") } || v.initializer.contains { s.is($0, "OperationQueue") }
    }

    /// Whether guard `name` (`queue`, `self.queue`), seen from token `at`, is a stored
    /// OperationQueue of this file: its fix-its name OperationQueue's methods, not DispatchQueue's.
    public static func isOperationQueue(named name: String, at: Int, in s: FileStructure) -> Bool {
        let bare = name.hasPrefix("self.") ? String(name.dropFirst(5)) : name
        guard !bare.isEmpty, !bare.contains("."), case .variable(let v) = s.lookupVariable(bare, at: at) else { return false }
        return isOperationQueue(s.decls[v], s)
    }

    /// An `OperationQueue` whose `maxConcurrentOperationCount` the type sets to 1, or that is made
    /// with that count as an argument (`OperationQueue(maxConcurrentOperationCount: 1)`, an
    /// initializer a project adds).
    static func serialOperationQueue(_ v: Decl, _ s: FileStructure) -> Bool {
        for k in v.initializer where s.is(k, "maxConcurrentOperationCount") && s.isChar(k + 1, UInt8(ascii: ":")) && s.is(k + 2, "1")
            && s.isChar(k + 3, UInt8(ascii: ")")) {
            return true
        }
        guard v.parent >= 0, s.decls[v.parent].body >= 0 else { return false }
        for k in s.scopes[s.decls[v.parent].body].interior where s.is(k, "maxConcurrentOperationCount") && s.isChar(k + 1, UInt8(ascii: "="))
            && s.is(k + 2, "1") {
            if s.is(k - 2, text: v.nameText) || v.initializer.contains(k) { return true }
        }
        return false
    }

    /// What the closures passed to `receiver.method { }` run on when the receiver is a stored
    /// property whose type (or, for a protocol, every implementation in the run) hands the
    /// method's closure to a dispatch queue it stores; nil when it does not.
    static func queueHandOff(_ context: RuleContext, receiver: String, method: String, at: Int) -> GuardRegions.Executor? {
        let s = context.structure
        guard case .member(let d) = receiverDecl(s, receiver, at: at), !d.isComputed, let type = declaredTypeName(d, s) else { return nil }
        let entries = context.queueHandOffs(type)
        guard !entries.isEmpty else { return nil }
        var kinds = Set<String>()
        for e in entries where e.hasPrefix(method + "=") { kinds.insert(String(e.dropFirst(method.count + 1))) }
        guard !kinds.isEmpty else { return nil }
        if kinds == [QueueHandOffs.Kind.serial.rawValue] { return .guarded(.serialQueue) }
        if kinds == [QueueHandOffs.Kind.concurrent.rawValue] { return GuardRegions.Executor.none }
        return .unknown
    }

    /// Whether `receiver.method { }` runs its closure under a lock: true, false (not a guard),
    /// or nil (cannot tell).
    static func closureMethodLocks(_ context: RuleContext, receiver: String, method: String, at: Int) -> Bool? {
        let s = context.structure
        // A type's static method (`CATransaction.setCompletionBlock { }`) is no lock of the class.
        if let first = receiver.split(separator: ".").last?.first, first.isUppercase { return false }
        let namedLike = LockVocabulary.namesLock(method)
        switch receiverDecl(s, receiver, at: at) {
        case .local:
            return false
        case .parameter:
            // An object passed in (a database queue): it may serialize what runs in its closure.
            return namedLike ? true : nil
        case .member(let d):
            guard var type = declaredTypeName(d, s) else { return namedLike ? true : nil }
            if context.vocabulary.lockTypes.contains(type) { return true }
            if let methods = context.lockWrapperMethods(type) {
                if methods.contains(method) { return true }
                return methods.contains(method + "?") ? nil : false
            }
            if let target = context.aliasTarget(type) {
                type = target
                if context.vocabulary.lockTypes.contains(type) { return true }
            }
            // A type the run declares, whose method does not run the closure under a lock (a type
            // the run only extends keeps its other methods where the tool cannot see).
            if context.declaresType(type) { return false }
            return namedLike ? true : nil
        case .unknown:
            return namedLike ? true : nil
        }
    }

    /// The type a stored property is declared with (`: Protected<T>`, `= Protected(…)`).
    public static func declaredTypeName(_ v: Decl, _ s: FileStructure) -> String? {
        if let first = v.typeAnnotation.first {
            var k = first
            while k < v.typeAnnotation.upperBound && (s.code[k].kind == .attribute || s.code[k].kind == .keyword) { k += 1 }
            // `any Locking`, `Synchronization.Mutex`
            while k + 2 < v.typeAnnotation.upperBound && s.isChar(k + 1, UInt8(ascii: ".")) && s.code[k + 2].kind == .identifier { k += 2 }
            if k < v.typeAnnotation.upperBound && s.code[k].kind == .identifier { return s.text(k) }
        }
        if let first = v.initializer.first, s.code[first].kind == .identifier {
            var k = first
            while k + 2 < v.initializer.upperBound && s.isChar(k + 1, UInt8(ascii: ".")) && s.code[k + 2].kind == .identifier
                && s.code[k + 2].kind == .identifier && !s.isChar(k + 3, UInt8(ascii: "(")) { k += 2 }
            if s.isChar(k + 1, UInt8(ascii: "(")) || s.is(k + 1, "<") { return s.text(k) }
        }
        return nil
    }

    // MARK: Declarations

    static func classRecord(_ context: RuleContext, _ d: Int, units: [Int],
                            local: ProjectIndex.ClassMembers) -> ClassRecord {
        let s = context.structure
        let decl = s.decls[d]
        var r = ClassRecord(name: decl.nameText, site: CodeSite(s, token: decl.name >= 0 ? decl.name : decl.keyword))
        r.unchecked = isUnchecked(s, d)
        let superName = s.inheritedTypes(of: d).first?.name ?? ""
        r.superclass = superName
        r.isSubclass = !superName.isEmpty && (knownBaseClasses.contains(superName) || context.isClassInRun(superName))
        r.inPackage = context.fileContext.module != nil
        // A stored value of a type of the run whose `lock()` holds nothing once it returns (a
        // counter of work in flight, a pause flag): named like a lock, it is none.
        func domainLock(_ m: Int) -> Bool {
            guard let type = declaredTypeName(s.decls[m], s) else { return false }
            return context.lockImplementations(type) == 2
        }
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable
                && (local.locks.contains(s.decls[m].nameText) && !domainLock(m) || local.queues.contains(s.decls[m].nameText)) {
                if s.decls[m].modifiers.contains(.public) || s.decls[m].modifiers.contains(.open) { r.publicGuards.append(s.decls[m].nameText) }
                if s.isVisibleOutsideFile(s.decls[m]) { r.exposedGuards.append(s.decls[m].nameText) }
                r.ownLocks.append(s.decls[m].nameText)
            }
        }
        r.superclassGuarded = !superName.isEmpty && context.isClassInRun(superName) && context.usesGuards(superName)
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isComputed {
                let name = s.decls[m].nameText
                if local.locks.contains(name) {
                    if !domainLock(m) { r.holds.append("lock '\(name)'") }
                } else if local.queues.contains(name) || local.readerWriter.contains(name) {
                    r.holds.append("queue '\(name)'")
                } else if local.eventLoops.contains(name) {
                    r.holds.append("event loop '\(name)'")
                } else if let type = declaredTypeName(s.decls[m], s), context.isActor(type, compiledWith: s.decls[m].keyword) {
                    r.holds.append("actor '\(name)'")
                }
            }
        }
        r.valueBoxes = local.boxes
        // A stored property of a box type of the run (its closure methods hand it their own value:
        // `graph.withLock { g in … }`): its closures guard that value, not this class's vars.
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isComputed
                && local.locks.contains(s.decls[m].nameText) && !r.valueBoxes.contains(s.decls[m].nameText) {
                if let type = declaredTypeName(s.decls[m], s), type.first?.isUppercase == true, context.handsStateToClosure(type) {
                    r.valueBoxes.append(s.decls[m].nameText)
                }
            }
        }
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].isLet && local.queues.contains(s.decls[m].nameText) {
                r.settableQueues.append(s.decls[m].nameText)
            }
        }
        r.mainDefaultQueues = mainDefaultQueues(s, units: units, queues: Set(local.queues))
        for m in s.children[d] where s.decls[m].kind == .variable && local.locks.contains(s.decls[m].nameText) {
            if let t = context.vocabulary.lockType(of: s.decls[m], in: s, strict: false) ?? declaredTypeName(s.decls[m], s) {
                r.lockTypes[s.decls[m].nameText] = t
            }
            let annotation = s.decls[m].typeAnnotation
            // (An implicitly unwrapped one, `NSLock!`, is written plain.)
            if !annotation.isEmpty, s.isChar(annotation.upperBound - 1, UInt8(ascii: "?")) {
                r.optionalLocks.append(s.decls[m].nameText)
            }
        }
        r.hasBehaviour = units.contains { u in
            s.children[u].contains { m in
                let k = s.decls[m].kind
                return k == .function || k == .subscript || (k == .variable && s.decls[m].isComputed)
            }
        }
        r.exemption = exemption(context, d, units: units)
        if r.exemption == "main-actor superclass" { r.runsOffMain = runsOffMain(context, units: units) }
        r.confined = units.contains { assertsEventLoop(s, $0) }
        r.varsGuardedByOwner = local.vars.filter { usedOnlyUnderOwnersLock($0, units: units, context: context) }
        if decl.parent < 0 && (decl.modifiers.contains(.private) || decl.modifiers.contains(.fileprivate)) {
            r.constructionOnly = constructionOnlyMembers(s, units: units)
        }
        r.ownedByHolder = s.attributes(of: decl).contains { s.is($0, "@propertyWrapper") } || SingleConsumer.isBox(s, d)
        return r
    }

    /// The var is never touched by its own class's members outside construction, and every
    /// access through another reference in the file holds some lock: the object is state of
    /// its owner, guarded by the owner's lock.
    static func usedOnlyUnderOwnersLock(_ name: String, units: [Int], context: RuleContext) -> Bool {
        let s = context.structure
        for u in units {
            for i in s.scopes[s.decls[u].body].interior where s.code[i].kind == .identifier && s.is(i, text: name) {
                if StateAccess.isBinding(s, i) { continue }
                if s.isChar(i - 1, UInt8(ascii: ".")) && !s.isKeyword(i - 2, .self) { continue }
                guard let fn = s.enclosingFunction(of: i) else { continue }
                if StateAccess.isConstruction(s, member: StateAccess.outermostMember(s, fn)) { continue }
                return false
            }
        }
        var others: [Int] = []
        for i in 2..<max(2, s.code.count) where s.code[i].kind == .identifier && s.isChar(i - 1, UInt8(ascii: ".")) && s.is(i, text: name) {
            if s.isKeyword(i - 2, .self) { continue }
            others.append(i)
        }
        guard !others.isEmpty else { return false }
        var regions = context.lockRegions.with(s, vocabulary: context.vocabulary, heldOnEntry: true)
        // A closure handed to a lock type of the run that runs it under its lock, declared in any
        // file (`lock.synchronized { }` on a `let lock: Mutex` of the project's own), holds it
        // too: worked out only when a use is not already held.
        if others.contains(where: { regions.holding($0, in: s, directOnly: false).isEmpty }) {
            regions = regions.addingLockScopedClosures(s, vocabulary: context.vocabulary, wrappers: context.wrapperMethods) { ci in
                VariableUses.runsUnderReceiversLock(context, closure: s.closures[ci])
            }
        }
        // A use in a helper (of the owner) that every call in the file makes with a lock held
        // (`take()` called only inside the owner's critical sections) is under that lock too.
        // The helpers' calls are found in one pass, for the uses no region holds directly.
        let unheld = others.filter { regions.holding($0, in: s, directOnly: false).isEmpty }
        guard !unheld.isEmpty else { return true }
        var helpers: [Int] = []
        for i in unheld {
            guard let fn = s.enclosingFunction(of: i).map({ StateAccess.outermostMember(s, $0) }), s.decls[fn].kind == .function else { return false }
            helpers.append(fn)
        }
        let calls = s.uses(of: Set(helpers.map { s.decls[$0].nameText }))
        var helperHeld: [Int: Bool] = [:]
        return helpers.allSatisfy { fn in
            if let known = helperHeld[fn] { return known }
            let sites = (calls[s.decls[fn].nameText] ?? []).filter { s.isChar($0 + 1, UInt8(ascii: "(")) }
            let held = !sites.isEmpty && sites.allSatisfy { !regions.holding($0, in: s, directOnly: false).isEmpty }
            helperHeld[fn] = held
            return held
        }
    }

    /// The members of a file-private class reached only from initializers (of any type of the
    /// file), directly or through other such members: nothing outside the file can call them.
    static func constructionOnlyMembers(_ s: FileStructure, units: [Int]) -> [String] {
        var helpers: [String: [Int]] = [:]
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .function && s.decls[m].body >= 0 && !s.decls[m].isStaticMember {
                helpers[s.decls[m].nameText, default: []].append(m)
            }
        }
        guard !helpers.isEmpty else { return [] }
        var sites: [String: [Int]] = [:]
        for i in 0..<s.code.count where s.code[i].kind == .identifier && (s.isChar(i + 1, UInt8(ascii: "(")) || s.isChar(i + 1, UInt8(ascii: "{"))) {
            if s.isKeyword(i - 1, .func) { continue }
            let name = s.text(i)
            guard helpers[name] != nil else { continue }
            sites[name, default: []].append(i)
        }
        var result = Set<String>()
        var changed = true
        while changed {
            changed = false
            for name in helpers.keys.sorted() where !result.contains(name) {
                guard let calls = sites[name], !calls.isEmpty else { continue }
                let allInit = calls.allSatisfy { c in
                    guard let fn = s.enclosingFunction(of: c) else { return false }
                    let top = StateAccess.outermostMember(s, fn)
                    return StateAccess.isConstruction(s, member: top) || result.contains(s.decls[top].nameText)
                }
                if allInit {
                    result.insert(name)
                    changed = true
                }
            }
        }
        return result.sorted()
    }

    static let knownBaseClasses: Set<String> = [
        "NSObject", "Operation", "BlockOperation", "Thread", "Stream", "InputStream", "OutputStream",
        "URLProtocol", "NSManagedObject", "NSDocument", "UIDocument", "XCTestCase", "NSCache", "Timer",
    ]

    /// Whether unit `u` asserts that its code runs on an event loop (SwiftNIO's
    /// `assertInEventLoop` / `preconditionInEventLoop`): the class is confined to it by contract.
    static func assertsEventLoop(_ s: FileStructure, _ u: Int) -> Bool {
        guard s.identifiers.mayContainAny(["assertInEventLoop", "preconditionInEventLoop"]) else { return false }
        return s.scopes[s.decls[u].body].interior.contains { s.code[$0].kind == .identifier && (s.is($0, "assertInEventLoop") || s.is($0, "preconditionInEventLoop")) }
    }

    /// The stored vars the classes up the chain from `superclass` declare, when none of them
    /// uses a guard of its own or is `@unchecked Sendable` (whose state its own judgement
    /// covers) or isolated to a global actor; names in `own` (the class's own, shadowing) left out.
    /// With them, those declared with a reference type (a class of the run, a reference
    /// protocol): a call through one changes the instance, not the var.
    static func inheritedVars(_ context: RuleContext, _ superclass: String, own: Set<String>) -> (vars: Set<String>, references: Set<String>) {
        var out = Set<String>()
        var references = Set<String>()
        var name = superclass
        var steps = 0
        while !name.isEmpty && steps < 4, let f = context.classFacts(name) {
            guard !f.usesGuards, !f.isUncheckedSendable, !f.isGlobalActorIsolated, !MainActorTypes.isMainActorType(name) else { return ([], []) }
            out.formUnion(f.storedVars.filter { !own.contains($0) })
            for entry in f.storedVarTypes {
                guard let eq = entry.firstIndex(of: "=") else { continue }
                let v = String(entry[..<eq]), t = String(entry[entry.index(after: eq)...])
                if isReferenceType(t, context) { references.insert(v) }
            }
            name = f.superclass
            steps += 1
        }
        return (out, references.intersection(out))
    }

    /// Why the class's state needs no guard of its own, from what its declaration shows.
    static func exemption(_ context: RuleContext, _ d: Int, units: [Int]) -> String? {
        let s = context.structure
        let decl = s.decls[d]
        if s.hasGlobalActor(decl) || units.contains(where: { s.decls[$0].kind == .class && s.hasGlobalActor(s.decls[$0]) }) { return "global actor" }
        if MainActorTypes.inheritsIsolation(d, s) || context.inheritsMainActor(superclass: s.inheritedTypes(of: d).first?.name ?? "") {
            return "main-actor superclass"
        }
        // A protocol the primary declaration conforms to that is isolated to the main actor (in
        // the run, or the SDK's): the class infers that isolation (SE-0316), unless it opts out.
        if !decl.modifiers.contains(.nonisolated), s.inheritedTypes(of: d).dropFirst().contains(where: { context.inheritsMainActor(superclass: $0.name) }) {
            return "main-actor conformance"
        }
        if context.fileContext.defaultMainActor && !decl.modifiers.contains(.nonisolated) { return "main-actor module" }
        if decl.nameText.contains("Unchecked") || decl.nameText.hasPrefix("Unsafe") { return "named unchecked" }
        var funcs = Set<String>()
        for u in units { for m in s.children[u] where s.decls[m].kind == .function { funcs.insert(s.decls[m].nameText) } }
        if funcs.contains("unlock") && funcs.contains(where: { $0.hasPrefix("lock") }) { return "is a lock" }
        if units.contains(where: { Confinement.isChannelHandler($0, s) || s.inheritedTypes(of: $0).contains { context.isChannelHandler($0.name) } }) {
            return "channel handler"
        }
        if units.contains(where: { Confinement.isExecutor($0, s) || s.inheritedTypes(of: $0).contains { context.isExecutor($0.name) } }) {
            return "executor"
        }
        if isCopyOnWriteStorage(s, className: decl.nameText) { return "copy-on-write storage" }
        let nested = decl.parent >= 0 && s.decls[decl.parent].kind.isType
        if nested || decl.modifiers.contains(.private) || decl.modifiers.contains(.fileprivate) {
            let doc = s.leadingCommentText(decl)
            if !doc.isEmpty && ByteSearch.containsAny(doc, caseInsensitive: ownerProtectionPhrases) { return "protected by its owner" }
        }
        return documentedExemption(s, units)
    }

    /// The class is the storage of a copy-on-write value in this file: a property of a struct
    /// holds it and the struct checks `isKnownUniquelyReferenced(&property)` (copying first when
    /// shared), so the instance is changed only while one value owns it.
    static func isCopyOnWriteStorage(_ s: FileStructure, className: String) -> Bool {
        guard s.identifiers.mayContain("isKnownUniquelyReferenced") else { return false }
        for k in 0..<s.code.count where s.code[k].length == 25 && s.is(k, "isKnownUniquelyReferenced") && s.isChar(k + 1, UInt8(ascii: "(")) {
            var j = k + 2
            if s.is(j, "&") { j += 1 }
            if s.isKeyword(j, .self) && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
            guard j < s.code.count, s.code[j].kind == .identifier else { continue }
            let name = s.text(j)
            guard case .member(let v) = receiverDecl(s, name, at: j), v.parent >= 0, s.decls[v.parent].kind == .struct
                    || s.decls[v.parent].kind == .extension else { continue }
            if declaredTypeName(v, s) == className { return true }
        }
        return false
    }

    /// Whether a main-actor class's own code runs off the main actor: a `nonisolated` method that
    /// takes a lock itself, or a closure in its units that uses `self` outside any main-actor hop
    /// of its own (`MainActor.assumeIsolated { }`, a main-queue block) and is kept to run later
    /// by an API of another module that is not told to run it on the main queue (a Metal command
    /// buffer's completed handler, a global queue's block). A closure handed to the class itself
    /// or to an object of a type the run declares may run anywhere its code calls it: not told.
    static func runsOffMain(_ context: RuleContext, units: [Int]) -> Bool {
        let s = context.structure
        let acquires = context.lockRegions.regions.map(\.acquireToken)
        // The class's stored vars: a nonisolated method that locks around one of them shares it
        // with the main actor (one that locks a `let` box of its own, `Mutex<State>`, does not).
        var vars = Set<String>()
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].isLet && !s.decls[m].isComputed && !s.decls[m].isStaticMember {
                vars.insert(s.decls[m].nameText)
            }
        }
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .function && s.decls[m].modifiers.contains(.nonisolated) && !s.decls[m].isStaticMember {
                guard s.decls[m].body >= 0 else { continue }
                let b = s.scopes[s.decls[m].body]
                if acquires.contains(where: { $0 > b.open && $0 < b.close }),
                   (b.open + 1..<b.close).contains(where: { s.code[$0].kind == .identifier && vars.contains(s.text($0)) }) {
                    return true
                }
            }
            guard s.decls[u].body >= 0 else { continue }
            let body = s.scopes[s.decls[u].body]
            var ci = s.firstClosure(openingAfter: body.open)
            while ci < s.closures.count && s.closures[ci].open < body.close {
                let c = s.closures[ci]
                ci += 1
                guard c.callee >= 0, LockRegions.runsLater(s, c), !MainActorCode.runs(s, at: c.open + 1, context: context) else { continue }
                // Handed over with the main queue to run it on (`addObserver(…, queue: .main) { }`).
                if let q = GuardRegions.queueArgument(s, c)?.text, q == ".main" || q.hasSuffix("Queue.main") { continue }
                // Called on the class itself, or on a member whose type the run declares.
                if !s.isChar(c.callee - 1, UInt8(ascii: ".")) || c.receiverStart < 0 { continue }
                let receiver = s.text(s.span(c.receiverStart, c.callee - 1))
                if receiver == "self" { continue }
                // A lock's method (`lock.perform { }`) runs it on the spot, on the caller's thread.
                if LockReceivers.runsOnCallersThread(s, c, context) { continue }
                if case .member(let v) = receiverDecl(s, receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver, at: c.callee),
                   let type = declaredTypeName(v, s), context.index.facts(module: context.module, name: type) != nil {
                    continue
                }
                let from = c.inKeyword > c.open ? c.inKeyword + 1 : c.open + 1
                if (from..<max(from, c.close)).contains(where: { s.isKeyword($0, .self) && !MainActorCode.runs(s, at: $0, context: context) && !assumesMain(s, $0, in: c) }) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether token `i` of closure `c`'s body sits in a `MainActor.assumeIsolated { }` inside it.
    static func assumesMain(_ s: FileStructure, _ i: Int, in c: Closure) -> Bool {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            guard scope.kind == .closure, scope.closure >= 0 else { continue }
            let inner = s.closures[scope.closure]
            if inner.open <= c.open { return false }
            if inner.callee >= 2 && s.is(inner.callee, "assumeIsolated") && s.is(inner.callee - 2, "MainActor") { return true }
        }
        return false
    }

    /// A doc comment (on the class or on a conformance) that says its instances stay on one thread.
    static func documentedExemption(_ s: FileStructure, _ units: [Int]) -> String? {
        for u in units {
            let text = s.leadingCommentText(s.decls[u]) + trailingComments(s, u)
            guard !text.isEmpty else { continue }
            if ByteSearch.containsAny(text, caseInsensitive: singleThreadPhrases) || ContractComments.statesConfinement(text) {
                return "documented confinement"
            }
            // "All interaction should be done on the handleQueue": a queue of the class's own,
            // whose blocks are then the same confinement as its callers.
            let targets = Set(ContractComments.confinementTargets(text))
            if !targets.isEmpty && units.contains(where: { u in
                s.children[u].contains { m in s.decls[m].kind == .variable && targets.contains(s.decls[m].nameText.lowercased()) }
            }) {
                return "documented confinement"
            }
            // "Mutations happen on `ioQueue`": a serial queue or a lock the file declares outside
            // the class (its owner's, or one at file level), named as where the class's code
            // runs. (One of the class's own is judged by how its code uses it.)
            let stated = Set(ContractComments.statedExecutors(text))
            var owners: Set<Int> = [-1]
            var p = s.decls[u].parent
            while p >= 0 && owners.count < 16 { owners.insert(p); p = s.decls[p].parent }
            // (Not for a class with a queue or lock of its own: its comment then says where
            // some of its code runs, and its own guard is judged by its uses.)
            func executorLike(_ d: Decl) -> Bool {
                ProjectIndex.isSerialQueue(d, in: s) || d.initializer.first.map { LockVocabulary.namesLock(s.text($0)) || s.text($0).hasSuffix("Lock") } ?? false
            }
            let ownsOne = units.contains { u in s.children[u].contains { s.decls[$0].kind == .variable && executorLike(s.decls[$0]) } }
            if !stated.isEmpty && !ownsOne && s.decls.indices.contains(where: { v in
                let d = s.decls[v]
                return d.kind == .variable && owners.contains(d.parent) && stated.contains(d.nameText.lowercased()) && executorLike(d)
            }) {
                return "documented confinement"
            }
        }
        return nil
    }

    /// Comments inside a unit's header and on the line of its closing brace when it is a
    /// one-line conformance (`extension X: @unchecked Sendable {} // reason`).
    static func trailingComments(_ s: FileStructure, _ u: Int) -> String {
        let d = s.decls[u]
        guard d.body >= 0 else { return "" }
        let sc = s.scopes[d.body]
        let from = Int(s.code[d.keyword].start)
        let line = s.line(ofToken: sc.close)
        var out = ""
        var lo = 0
        var hi = s.comments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(s.comments[mid].start) <= from { lo = mid + 1 } else { hi = mid }
        }
        for c in s.comments[lo...] {
            let l = s.file.location(Int(c.start)).line
            if Int(c.start) < Int(s.code[sc.open].start) || (sc.close - sc.open <= 1 && (l == line || l == line + 1)) {
                out += s.file.text(c.range) + "\n"
            } else if Int(c.start) > Int(s.code[sc.close].end) + 400 {
                break
            }
        }
        return out
    }

    /// The stored queues (of `queues`) an initializer of the units assigns from one of its own
    /// parameters (`self.queue = queue`) when its signature defaults a parameter to the main
    /// queue (`= .main`, `= DispatchQueue.main`).
    static func mainDefaultQueues(_ s: FileStructure, units: [Int], queues: Set<String>) -> [String] {
        guard !queues.isEmpty else { return [] }
        var out: [String] = []
        for u in units {
            for i in s.children[u] where s.decls[i].kind == .initializer && s.decls[i].body >= 0 {
                let d = s.decls[i]
                let body = s.scopes[d.body]
                // `= .main` or `= DispatchQueue.main` in the signature.
                var defaultsToMain = false
                var k = d.keyword
                while k + 2 < body.open {
                    if s.isChar(k, UInt8(ascii: "=")) && (s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, "main")
                        || s.is(k + 1, "DispatchQueue") && s.isChar(k + 2, UInt8(ascii: ".")) && s.is(k + 3, "main")) {
                        defaultsToMain = true
                        break
                    }
                    k += 1
                }
                guard defaultsToMain else { continue }
                let parameters = Set(d.parameterNames)
                // `queue = param` or `self.queue = param`.
                var j = body.open + 1
                while j + 2 < body.close {
                    defer { j += 1 }
                    guard s.code[j].kind == .identifier, queues.contains(s.text(j)), s.isChar(j + 1, UInt8(ascii: "=")),
                          s.code[j + 2].kind == .identifier, parameters.contains(s.text(j + 2)),
                          !s.isChar(j + 3, UInt8(ascii: ".")), !s.isChar(j + 3, UInt8(ascii: "(")) else { continue }
                    if s.isChar(j - 1, UInt8(ascii: ".")) && !s.isKeyword(j - 2, .self) { continue }
                    if !out.contains(s.text(j)) { out.append(s.text(j)) }
                }
            }
        }
        return out
    }

    /// The vars that an initializer among `units` changes as a `let` may not (see
    /// `StoredVarRecord.mutatedInInit`): `&v`, `v op= …`, or a second `v = …` (the first when
    /// the declaration gives a value), bare or through `self.`. One pass over the initializers.
    static func mutatedInInit(_ s: FileStructure, units: [Int], vars: Set<String>) -> Set<String> {
        var initial: [String: Int] = [:]
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].initializer.isEmpty && vars.contains(s.decls[m].nameText) {
                initial[s.decls[m].nameText] = 1
            }
        }
        var out = Set<String>()
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .initializer && s.decls[m].body >= 0 {
                let body = s.scopes[s.decls[m].body]
                var assignments = initial
                for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier {
                    let name = s.text(k)
                    guard vars.contains(name), !out.contains(name) else { continue }
                    let member = s.isChar(k - 1, UInt8(ascii: "."))
                    if member && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
                    let first = member ? k - 2 : k
                    if s.isChar(first - 1, UInt8(ascii: "&")) { out.insert(name); continue }
                    if s.isChar(k + 1, UInt8(ascii: "=")) {
                        assignments[name, default: 0] += 1
                        if assignments[name]! > 1 { out.insert(name) }
                        continue
                    }
                    // `+=`, `&<<=`, …: any other assignment operator changes it.
                    if StateWrites.isAssignmentOperator(s, k + 1) { out.insert(name) }
                }
            }
        }
        return out
    }

    static func varRecords(_ context: RuleContext, units: [Int], vars: Set<String>, guards: Set<String>) -> [StoredVarRecord] {
        let s = context.structure
        var out: [StoredVarRecord] = []
        let wrapped = wrapperComments(s, units: units, vars: vars)
        let mutated = mutatedInInit(s, units: units, vars: vars)
        for u in units {
            for m in s.children[u] {
                let v = s.decls[m]
                guard v.kind == .variable, !v.isStaticMember, !v.isLet, !v.isComputed, v.name >= 0, vars.contains(v.nameText) else { continue }
                var r = StoredVarRecord(name: v.nameText, site: CodeSite(s, token: v.name))
                r.weak = v.modifiers.contains(.weak) || v.modifiers.contains(.unowned)
                r.settableOutsideModule = s.isSettableOutsideModule(v)
                r.settableOutsideFile = s.isSettableOutsideFile(v)
                r.observed = s.hasObservers(v)
                r.lazy = v.modifiers.contains(.lazy)
                // (A public member of an internal type is internal: no other module sees it.)
                r.readableOutsideModule = s.isVisibleOutsideModule(v)
                r.type = s.text(v.typeAnnotation)
                r.hidden = v.modifiers.contains(.private) || v.modifiers.contains(.fileprivate)
                    || s.decls[u].modifiers.contains(.private) || s.decls[u].modifiers.contains(.fileprivate)
                r.mutatedInInit = mutated.contains(v.nameText)
                var text = s.leadingCommentText(v)
                // The comment of the computed property that wraps it speaks for it too.
                if let w = wrapped[v.nameText] { text = text.isEmpty ? w : text + "\n" + w }
                // A guard the comment names, or a contract it states (set once before sharing).
                if !text.isEmpty && (ByteSearch.containsAny(text, caseInsensitive: protectionPhraseBytes) || ContractComments.documentsContract(text)) {
                    if let own = guards.sorted().first(where: { ByteSearch.containsAny(text, caseInsensitive: [Array($0.lowercased().utf8)]) }) {
                        r.documentedGuard = own
                    } else {
                        r.documentedExternal = true
                    }
                }
                out.append(r)
            }
        }
        return out
    }

    /// The doc comments of computed properties that wrap one stored var: their accessors name no
    /// other var of the class, and the setter stores `newValue` into it (`var timeout { get {
    /// _timeout } set { _timeout = newValue } }`). What such a comment says of the property
    /// (`set only before start`) it says of the var. Stored var name → comment text.
    static func wrapperComments(_ s: FileStructure, units: [Int], vars: Set<String>) -> [String: String] {
        var out: [String: String] = [:]
        for u in units {
            for m in s.children[u] {
                let w = s.decls[m]
                guard w.kind == .variable, w.isComputed, !w.isStaticMember, w.body >= 0 else { continue }
                let text = s.leadingCommentText(w)
                guard !text.isEmpty else { continue }
                let body = s.scopes[w.body]
                var named: String? = nil
                var stores = false
                var other = false
                for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier {
                    let word = s.text(k)
                    guard vars.contains(word), !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) else { continue }
                    if named == nil { named = word } else if named != word { other = true; break }
                    if s.isChar(k + 1, UInt8(ascii: "=")) && s.is(k + 2, "newValue") { stores = true }
                }
                if !other, stores, let n = named { out[n] = text }
            }
        }
        return out
    }

    /// Vars declared here whose type is a class (or a protocol only classes adopt): changing the
    /// instance's members (`app.config.x = 1`) writes the instance, not the var.
    static func referenceVars(_ context: RuleContext, _ units: [Int]) -> Set<String> {
        let s = context.structure
        var out = Set<String>()
        for u in units {
            for m in s.children[u] where s.decls[m].kind == .variable && !s.decls[m].isLet {
                let d = s.decls[m]
                var type: String? = nil
                // `any P`: the protocol's name.
                let annotation = d.typeAnnotation.first.map { s.is($0, "any") ? $0 + 1 : $0 }
                if let first = annotation, first < d.typeAnnotation.upperBound, s.code[first].kind == .identifier {
                    var after = first + 1
                    if s.is(after, "<") {
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
                if isReferenceType(t, context) { out.insert(d.nameText) }
            }
        }
        return out
    }

    /// Whether a var declared with type `t` holds a reference: a known reference type, a class
    /// of the run, or a protocol of the run only classes conform to.
    static func isReferenceType(_ t: String, _ context: RuleContext) -> Bool {
        knownReferenceTypes.contains(t) || context.isClassInRun(t) || context.isReferenceProtocol(t)
    }

    static let knownReferenceTypes: Set<String> = [
        "Application", "NSObject", "URLSession", "FileManager", "Thread", "JSONEncoder", "JSONDecoder", "NSMutableArray",
        "NSMutableDictionary", "EventLoopGroup", "MultiThreadedEventLoopGroup", "HTTPClient",
        // Pointers: setting `pointee` or an element writes the memory they point to, not the var
        // (their setters are nonmutating).
        "UnsafeMutablePointer", "UnsafeMutableBufferPointer", "UnsafeMutableRawPointer", "UnsafeMutableRawBufferPointer",
        "UnsafePointer", "UnsafeBufferPointer", "UnsafeRawPointer", "UnsafeRawBufferPointer", "OpaquePointer",
    ]

    /// The member names used (`x.name`, `x.name(`) inside the file's concurrent closures.
    static func concurrentMemberNames(_ s: FileStructure) -> [String] {
        var out = Set<String>()
        for c in s.closures where c.callee >= 0 && concurrentCallees.contains(s.text(c.callee)) {
            for k in c.interior where s.code[k].kind == .identifier && s.isChar(k - 1, UInt8(ascii: ".")) { out.insert(s.text(k)) }
        }
        return out.sorted()
    }

    /// Names among `names` used (`x.name`, `name(`) inside concurrent closures of the file.
    static func concurrentUses(_ s: FileStructure, names: Set<String>) -> [String] {
        var out = Set<String>()
        let set = NameSet(names)
        for c in s.closures where c.callee >= 0 && concurrentCallees.contains(s.text(c.callee)) {
            for k in c.interior where s.code[k].kind == .identifier && set.contains(s, k) { out.insert(s.text(k)) }
        }
        return out.sorted()
    }

    /// Vars of the class written in this file through references other than `self`: while
    /// anyone may hold the instance, and while it is being set up (or copied on write).
    /// The scopes that strictly enclose any of the token positions `starts`: a body in this set
    /// holds one of them.
    static func enclosingBodies<S: Sequence>(_ s: FileStructure, of starts: S) -> Set<Int> where S.Element == Int {
        var out = Set<Int>()
        for pos in starts where pos >= 0 && pos < s.code.count {
            var sc = Int(s.scopeOf[pos])
            while sc >= 0 {
                let scope = s.scopes[sc]
                if scope.open < pos && pos < scope.close { out.insert(sc) }
                sc = scope.parent
            }
        }
        return out
    }

    /// The file's member uses through a receiver other than `self` (`other.name`), by name, in
    /// file order: what `writesThroughOtherReferences` looks at for each class.
    static func otherReferenceUses(_ s: FileStructure) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for i in 2..<max(2, s.code.count) where s.code[i].kind == .identifier && s.isChar(i - 1, UInt8(ascii: ".")) && !s.isKeyword(i - 2, .self) {
            out[s.text(i), default: []].append(i)
        }
        return out
    }

    static func writesThroughOtherReferences(_ s: FileStructure, uses: [String: [Int]], vars: Set<String>, references: Set<String>,
                                             className: String, uniqueness: Set<String>, selfAliases: Set<String> = [],
                                             scoped: () -> Set<String> = { [] }, vocabulary: LockVocabulary) -> ([String], [String]) {
        var out = Set<String>()
        var safe = Set<String>()
        var ambiguous: [String: Bool] = [:]
        var owned: [String: Int] = [:]
        var lockScoped: Set<String>? = nil
        for i in vars.flatMap({ uses[$0] ?? [] }) {
            let name = s.text(i)
            if out.contains(name) { continue }
            guard StateAccess.mayWrite(s, i, reference: references.contains(name)) else { continue }
            // `strongSelf.x = …` after `guard let strongSelf = self`: the class's own write.
            if !selfAliases.isEmpty && i >= 2 && s.code[i - 2].kind == .identifier && selfAliases.contains(s.text(i - 2))
                && !s.isChar(i - 3, UInt8(ascii: ".")) { continue }
            if ambiguous[name] == nil {
                ambiguous[name] = s.variableDecls(named: name).contains { k in
                    let d = s.decls[k]
                    return d.parent >= 0 && s.decls[d.parent].kind.isType && s.decls[d.parent].nameText != className
                }
            }
            if ambiguous[name]! && !receiverIsDeclared(s, receiver: i - 2, as: className) { continue }
            if StateAccess.isSetUpOfFreshInstance(s, receiver: i - 2) || StateAccess.isCopyOnWrite(s, at: i, uniquenessHelpers: uniqueness)
                || StateAccess.isSetUpOfOwnedInstance(s, receiver: i - 2, cache: &owned) {
                safe.insert(name)
                continue
            }
            // `holder.sync { holder.x = … }`: written inside a closure that a method of the class
            // runs under its own lock or queue, on the same object: guarded like the class's own.
            if heldByReceiversWrapper(s, write: i, lockScoped: &lockScoped, scoped: scoped) { continue }
            // `monitor.withLock { $0.cancelled = true }`: the value a state-holding lock keeps.
            if writesLockValue(s, receiver: i - 2, className: className, vocabulary: vocabulary) { continue }
            out.insert(name)
        }
        return (out.sorted(), safe.sorted())
    }

    /// Whether receiver `r` of a write (`$0.x = …`, `state.x = …`) is the parameter of a closure
    /// that a lock keeping its own state runs (`monitor.withLock { $0.cancelled = true }` on a
    /// `Mutex<(cancelled: Bool, …)>`): the lock's value, whose type its declaration names, and
    /// not an instance of `className` unless that declaration names the class.
    static func writesLockValue(_ s: FileStructure, receiver r: Int, className: String, vocabulary: LockVocabulary) -> Bool {
        guard r >= 0, s.code[r].kind == .identifier else { return false }
        let name = s.text(r)
        var sc = Int(s.scopeOf[r])
        while sc >= 0 {
            let scope = s.scopes[sc]
            if scope.kind == .functionBody || scope.kind == .typeBody || scope.kind == .accessorBlock { return false }
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                let named = c.parameterNames.contains(name)
                // `$0` is the innermost closure's, when that closure names no parameters.
                guard named || (name == "$0" && c.inKeyword < 0) else {
                    sc = scope.parent
                    continue
                }
                guard c.callee >= 2, c.receiverStart >= 0, s.isChar(c.callee - 1, UInt8(ascii: ".")),
                      c.receiverStart == c.callee - 2 || (s.isKeyword(c.receiverStart, .self) && c.receiverStart == c.callee - 4),
                      c.parameterNames.first == name || !named else { return false }
                let lock = s.text(c.callee - 2)
                return s.variableDecls(named: lock).contains { k in
                    let v = s.decls[k]
                    guard let t = vocabulary.lockType(of: v, in: s, strict: false), vocabulary.stateHoldingLockTypes.contains(t),
                          ProjectIndex.holdsState(v, s) else { return false }
                    return !(Array(v.typeAnnotation) + Array(v.initializer)).contains { s.code[$0].kind == .identifier && s.is($0, text: className) }
                }
            }
            sc = scope.parent
        }
        return false
    }

    /// Whether the write of member `i` (`r.x = …`) lies in a closure run on the spot by a call
    /// `r.m { … }` on the same receiver, where `m` runs its closure under the class's lock or
    /// queue (`scoped`, asked once when first needed), with only closures run on the spot between.
    static func heldByReceiversWrapper(_ s: FileStructure, write i: Int, lockScoped: inout Set<String>?, scoped: () -> Set<String>) -> Bool {
        let r = i - 2
        guard r >= 0, s.code[r].kind == .identifier, s.isChar(i - 1, UInt8(ascii: ".")) else { return false }
        var sc = Int(s.scopeOf[i])
        while sc >= 0 {
            let scope = s.scopes[sc]
            if scope.kind == .functionBody || scope.kind == .typeBody || scope.kind == .accessorBlock { return false }
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                if c.callee >= 2, s.isChar(c.callee - 1, UInt8(ascii: ".")), s.code[c.callee - 2].kind == .identifier,
                   s.code[c.callee - 2].length == s.code[r].length, s.is(c.callee - 2, text: s.text(r)) {
                    if lockScoped == nil { lockScoped = scoped() }
                    if lockScoped!.contains(s.text(c.callee)) { return true }
                }
                // A closure that may run later (`async`, a stored callback) leaves the hold.
                guard c.callee >= 0, HeldReach.onTheSpot.contains(s.text(c.callee)) else { return false }
            }
            sc = scope.parent
        }
        return false
    }

    static func receiverIsDeclared(_ s: FileStructure, receiver r: Int, as className: String) -> Bool {
        guard r >= 0, r < s.code.count, s.code[r].kind == .identifier else { return false }
        let local = s.text(r)
        for d in s.variableDecls(named: local) {
            let v = s.decls[d]
            if v.typeAnnotation.contains(where: { s.code[$0].kind == .identifier && s.is($0, text: className) }) { return true }
            if let f = v.initializer.first, s.is(f, text: className) { return true }
        }
        return false
    }
}

/// Walks the units (class body, extensions) of one class in one file and records its members,
/// the uses of its stored vars and the calls to its own members.
struct UnitWalker {
    let context: RuleContext
    let s: FileStructure
    let name: String
    let vars: Set<String>
    let varNames: NameSet
    let references: Set<String>
    let uniqueness: Set<String>
    let wrappers: [String: String]
    let selfAliases: Set<String>
    /// The class hands one of its own queues to other code as a value (`callbackQueue:
    /// .dispatch(queue)`, `delegateQueue: queue`, `x.queue = queue`): the closures it gives out
    /// may be called back on that queue, which the tool cannot see.
    var handsOutQueue = false
    /// Every queue the class hands out goes to objects whose callbacks the run shows: those
    /// closures hold the queue (`QueueHandOuts.callbackRegions`), and no other closure runs on it.
    var callbacksInSight = false
    /// In test code: the order its test functions keep; in product code that waits, its joins.
    var ordering: TestOrdering? = nil
    /// Per var of a value type the run declares: the methods whose call writes it (its type's
    /// `mutating` methods, see `ValueMutations`).
    var writingMethods: [String: Set<String>] = [:]
    /// The names of the class's methods (in this file): a var's name called as one of them is a call.
    var methodNames: Set<String> = []
    /// The file's delegate methods bound to a queue (see `GuardRegions.delegateBindings`).
    var delegateBound: Set<Int> = []
    var shadowCache: [Int: Set<String>] = [:]
    /// Per closure: whether it is a thread body an initializer starts once (see `ThreadBodies`).
    var threadBodyCache: [Int: Bool] = [:]
    /// The file's call sites by function name (see `ThreadBodies.callSites`), made on first use.
    var callSitesCache: [String: [Int]]? = nil
    var keyCache: [Int: String] = [:]
    /// Per name of a function declared in the file: how many code tokens spell it.
    var nameTokens: [String: Int]? = nil
    /// Per name of a function declared in the file: how many of those tokens are calls on a
    /// reference in a closure.
    var closureNameTokens: [String: Int]? = nil
    /// Per initializer: the `self` where it first hands the instance on (see `ConstructionPhase.handsOn`).
    var initHandOff: [Int: Int] = [:]
    /// The class's static stored properties that hold its one shared instance (`static let
    /// shared = Diag()`): in the class's static members, `shared.items` is this instance's var.
    var singletons: Set<String> = []
    /// The names of the class's own locks and queues (its guards as its instance methods name
    /// them): what its shared instance's guards map to, and what its comments may name.
    var ownGuards: Set<String> = []

    init(context: RuleContext, name: String, vars: Set<String>, references: Set<String>, uniqueness: Set<String>,
         wrappers: [String: String], selfAliases: Set<String>) {
        self.wrappers = wrappers
        self.selfAliases = selfAliases
        self.context = context
        self.s = context.structure
        self.name = name
        self.vars = vars
        self.varNames = NameSet(vars)
        self.references = references
        self.uniqueness = uniqueness
    }

    /// How many times the file's code spells function name `name`, besides its declaration:
    /// its calls and references (a file-private function is named nowhere else).
    mutating func mentions(of name: String) -> Int {
        countNameTokens()
        return max(0, (nameTokens![name] ?? 0) - s.functionDecls(named: name).count)
    }

    /// How many of the file's mentions of function name `name` are calls on a reference made in
    /// a closure handed to a function of the file (see `countNameTokens`).
    mutating func closureMentions(of name: String) -> Int {
        countNameTokens()
        return closureNameTokens![name] ?? 0
    }

    /// Counts, once per file, the code tokens that spell a function the file declares, and of
    /// those the calls on a reference in a closure handed to a function of the file.
    mutating func countNameTokens() {
        if nameTokens == nil {
            // (Also a private computed property's name: see `MemberRecord.mentions`.)
            let names = NameSet(s.decls.filter { $0.kind == .function || ($0.kind == .variable && $0.isComputed && !$0.isStaticMember) }.map(\.nameText))
            var counts: [String: Int] = [:]
            var inClosures: [String: Int] = [:]
            for k in 0..<s.code.count where s.code[k].kind == .identifier && names.contains(s, k) {
                counts[s.text(k), default: 0] += 1
                // `onQueue { service in service.flush() }`: called on a reference, in a closure
                // handed to a function of the file (the class's own helper decides where it runs).
                if s.isChar(k - 1, UInt8(ascii: ".")), inClosureOfFileFunction(k) {
                    inClosures[s.text(k), default: 0] += 1
                }
            }
            nameTokens = counts
            closureNameTokens = inClosures
        }
    }

    /// Whether token `k` is in a closure (or one nested in it) passed to a function the file
    /// declares by a plain call (`onQueue { … }`, not `x.async { }` on another receiver).
    func inClosureOfFileFunction(_ k: Int) -> Bool {
        for sc in s.enclosingScopes(of: k) {
            let scope = s.scopes[sc]
            if scope.kind == .functionBody || scope.kind == .typeBody { return false }
            if scope.kind == .closure && scope.closure >= 0 {
                let c = s.closures[scope.closure]
                if c.callee >= 0 && (!s.isChar(c.callee - 1, UInt8(ascii: ".")) || s.isKeyword(c.callee - 2, .self))
                    && !s.functionDecls(named: s.text(c.callee)).isEmpty {
                    return true
                }
            }
        }
        return false
    }

    /// The member records of unit `u`.
    mutating func members(of u: Int, into log: inout TypeGuardLog) {
        let unitAccess = Self.accessLevel(s.decls[u].modifiers, default: .module)
        // An extension's access modifier is its members' default: `public extension` makes
        // them public, so code outside the module calls them. (A member an extension without a
        // modifier marks public is left as before: often a delegate method of a conformance,
        // which may be called back on a queue the class hands out.)
        let memberDefault: MemberRecord.Access = s.decls[u].kind == .extension ? unitAccess : .module
        for m in s.children[u] {
            let d = s.decls[m]
            if d.isStaticMember {
                // A static method or computed property that reaches the shared instance's vars:
                // an entry of its own (under a key no instance member has).
                if !singletons.isEmpty && (d.kind == .function || d.kind == .variable && d.isComputed), d.body >= 0 || d.kind == .variable {
                    let r = staticRecord(m)
                    let site = CodeSite(s, token: d.name >= 0 ? d.name : d.keyword)
                    let access = min(unitAccess, Self.accessLevel(d.modifiers, default: memberDefault))
                    log.members.append(MemberRecord(key: staticKey + key(r), baseName: staticKey + d.nameText, site: site, access: access))
                }
                continue
            }
            var records: [Int] = []
            if d.kind.isFunctionLike && d.kind != .accessor {
                records.append(m)
            } else if d.kind == .variable {
                if d.isComputed && !s.children[m].contains(where: { s.decls[$0].kind == .accessor }) { records.append(m) }
                records.append(contentsOf: s.children[m].filter { s.decls[$0].kind == .accessor })
            }
            for r in records {
                let rd = s.decls[r]
                let site = CodeSite(s, token: rd.name >= 0 ? rd.name : rd.keyword)
                var access = min(unitAccess, Self.accessLevel(d.modifiers, default: memberDefault))
                if rd.kind == .accessor && (s.is(rd.keyword, "set") || s.is(rd.keyword, "didSet") || s.is(rd.keyword, "willSet")),
                   let setter = s.setterAccess(d) {
                    access = min(access, setter == "private" || setter == "fileprivate" ? .file : .module)
                }
                var rec = MemberRecord(key: key(r), baseName: d.kind == .initializer ? "init" : d.nameText, site: site, access: access)
                let dynamic = d.modifiers.contains(.dynamic)
                    || s.attributes(of: d).contains { s.is($0, "@objc") || s.is($0, "@IBAction") || s.is($0, "@objc(") }
                rec.enteredFromOutside = d.modifiers.contains(.override) || dynamic
                rec.overrideOnly = d.modifiers.contains(.override) && !dynamic
                rec.construction = d.kind.isFunctionLike && StateAccess.isConstruction(s, member: m)
                // (Only a member declared `private`, or `fileprivate` in a type that is not: one
                // the type's access makes file-private may be a protocol witness, called from
                // anywhere through the protocol.)
                if rd.kind == .function && (d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate) && unitAccess > .file) {
                    rec.mentions = mentions(of: d.nameText)
                    rec.closureMentions = closureMentions(of: d.nameText)
                }
                // A computed property declared so (its accessors): the file's mentions of its
                // name besides its declaration (every use, `self.x`, a key path `\.x`).
                if rd.kind == .accessor || (rd.kind == .variable && d.isComputed), d.kind == .variable, !d.isStaticMember,
                   d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate) && unitAccess > .file {
                    countNameTokens()
                    rec.mentions = max(0, (nameTokens![d.nameText] ?? 0) - 1)
                }
                rec.documentedGuard = Self.guardAskedOfCaller(s, d, guards: ownGuards)
                rec.saysCallerHolds = Self.saysCallerHolds(s, d) || rec.documentedGuard != nil
                rec.mainActorIsolated = s.hasMainActorAttribute(d) || s.hasMainActorAttribute(s.decls[u])
                if rd.kind == .function, let first = GuardRegions.firstParameterType(s, rd), let c = s.text(first).first, c.isUppercase,
                   let open = s.argumentListOpen(holding: first), s.is(open + 1, "_") {
                    rec.delegateShaped = true
                    rec.onDelegateQueue = delegateBound.contains(r)
                }
                if rd.kind == .function || rd.kind == .initializer {
                    let labels = SelfCalls.parameterLabels(s, rd)
                    if labels.contains(where: \.hasDefault) { rec.labels = labels }
                }
                // A wrapper to offer in fix-its: the closure is its only parameter.
                // (Only one that does nothing else: a method that also publishes or saves the value
                // around the locked part is not a way of holding the lock.)
                if d.kind == .function, d.parameterNames.count == 1, let lock = wrappers[d.nameText], Self.onlyHolds(s, d, lock: lock) { rec.wrapsLock = lock }
                log.members.append(rec)
            }
        }
    }

    static func accessLevel(_ m: Modifiers, default d: MemberRecord.Access) -> MemberRecord.Access {
        if m.contains(.private) || m.contains(.fileprivate) { return .file }
        if m.contains(.public) || m.contains(.open) { return .world }
        if m.contains(.internal) || m.contains(.package) { return .module }
        return d
    }

    /// `…Locked`, `unsafe…`, `…_locked`, `_locked_…`, `…WhileLocked`, `…NoLock`, or a doc comment saying the
    /// caller holds the lock or runs on the queue.
    /// Whether wrapper method `d` (its one parameter is the closure it runs holding `lock`) does
    /// nothing but hold the lock around that closure: every call in its body is on the lock
    /// (`lock.lock()`, `lock.withLock { }`, `os_unfair_lock_lock(&lock)`), the closure itself, or
    /// inside the locked closure.
    static func onlyHolds(_ s: FileStructure, _ d: Decl, lock: String) -> Bool {
        guard d.body >= 0, let param = d.parameterNames.first else { return false }
        let name = Substring(lock.split(separator: ".").last ?? Substring(lock))
        let b = d.body
        func onLock(_ k: Int) -> Bool {
            // `lock.m(` / `self.lock.m(`, or the lock among the call's arguments.
            if s.isChar(k - 1, UInt8(ascii: ".")) && k >= 2 && s.code[k - 2].kind == .identifier && s.text(k - 2) == name { return true }
            if s.isChar(k + 1, UInt8(ascii: "(")) {
                let close = Int(s.match[k + 1])
                if close > k + 1 && s.span(k + 2, close - 1).contains(where: { s.code[$0].kind == .identifier && s.text($0) == name }) { return true }
            }
            return false
        }
        for k in s.scopes[b].interior where s.code[k].kind == .identifier {
            let call = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "{")) && Int(s.scopeOf[k + 1]) >= 0
                && s.scopes[Int(s.scopeOf[k + 1])].kind == .closure && s.scopes[Int(s.scopeOf[k + 1])].open == k + 1)
            guard call else { continue }
            if s.text(k) == param || onLock(k) { continue }
            // Inside a closure handed to a method of the lock.
            var sc = Int(s.scopeOf[k])
            var locked = false
            while sc >= 0 && sc != b && !locked {
                let scope = s.scopes[sc]
                if scope.kind == .closure {
                    let c = s.closures[scope.closure]
                    if c.callee >= 0 && onLock(c.callee) { locked = true }
                }
                sc = scope.parent
            }
            if !locked { return false }
        }
        return true
    }

    /// How a sentence of a comment asks the code calling a member for something, not says what
    /// the member does: it starts so ("Call the subscript on syncQueue", "Only from `workQueue`",
    /// "Must run on …", "Make sure you are on …"), or says where it is called ("is called on …").
    static let askingStarts = ["call ", "only ", "must ", "make sure", "ensure ", "invoke ", "requires ", "expects ", "assumes "]
    static let askingAnywhere = ["called on", "called from", "called with", "called while", "called under", "called inside", "invoked on", "invoked from"]
    /// A word every asking sentence holds (its start, or a phrase of `askingAnywhere`).
    static let askingWords: [[UInt8]] = ["call", "only", "must", "make sure", "ensure", "invoke", "require", "expect", "assume"].map { Array($0.utf8) }

    /// The guard a sentence of the comment of member `d` asks its caller for: the sentence asks
    /// and then names one of the class's own guards (`guards`: its locks and queues, as a word).
    /// The contract is that its caller holds that guard or runs there, in the class's own words.
    static func guardAskedOfCaller(_ s: FileStructure, _ d: Decl, guards: Set<String>) -> String? {
        guard !guards.isEmpty else { return nil }
        let doc = s.leadingCommentText(d)
        // (Most comments ask nothing: one scan of the bytes before any sentence is cut out.)
        guard !doc.isEmpty, ByteSearch.containsAny(doc, caseInsensitive: askingWords) else { return nil }
        let trim = Set<Character>([" ", "\t", "\n", "/", "*", "-", "`"])
        // Sentences (and clauses after a colon), the comment markers trimmed off.
        for raw in doc.split(whereSeparator: { $0 == "." || $0 == ":" || $0 == ";" || $0 == "!" }) {
            let sentence = raw.drop(while: { trim.contains($0) })
            let lower = sentence.lowercased()
            var rest: Substring? = nil
            if let p = askingStarts.first(where: { lower.hasPrefix($0) }) {
                rest = sentence.dropFirst(p.count)
            } else if let r = askingAnywhere.lazy.compactMap({ lower.range(of: $0) }).first {
                rest = sentence[sentence.index(sentence.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: r.upperBound))...]
            }
            guard let rest else { continue }
            let text = String(rest)
            // ("Called from the main dispatch queue" names the main queue, not a `queue` of the
            // class: a sentence that says "main" is about the main thread.)
            if ByteSearch.containsWord(text.lowercased(), Array("main".utf8)) { continue }
            if let g = guards.sorted().first(where: { ByteSearch.containsWord(text, Array($0.utf8)) }) { return g }
        }
        return nil
    }

    static func saysCallerHolds(_ s: FileStructure, _ d: Decl) -> Bool {
        let n = d.nameText
        if n.hasSuffix("Locked") && !n.hasSuffix("Unlocked") || n.hasSuffix("_locked") || n.hasPrefix("unsafe") || n.hasPrefix("_unsafe")
            || n.hasSuffix("NoLock") || n.hasSuffix("WithoutLock") || n.hasSuffix("WithoutLocking") || n.hasSuffix("LockHeld")
            || n.hasSuffix("UnderLock") || n.hasPrefix("locked") || n.contains("OnQueue") || n.hasSuffix("_onQueue")
            || n.hasPrefix("synchronized_") || n.hasPrefix("_synchronized") {
            return true
        }
        // `_locked_count`, `LOCKED_reset`, `state_Locked`: the word set apart by underscores, in any case.
        let lower = n.lowercased()
        if lower.hasPrefix("_locked_") || lower.hasPrefix("locked_") || lower.hasSuffix("_locked") {
            return true
        }
        let doc = s.leadingCommentText(d)
        return !doc.isEmpty && ByteSearch.containsAny(doc, caseInsensitive: GuardLogExtractor.callerHoldsPhrases)
    }

    mutating func key(_ d: Int) -> String {
        if let k = keyCache[d] { return k }
        let k = StateAccess.memberKey(s, d)
        keyCache[d] = k
        return k
    }

    /// The member declaration (function, initializer, computed property, accessor) of unit `u`
    /// whose body holds token `i`, or nil (a nested type's code, a stored property's initializer).
    func member(at i: Int, unit u: Int) -> Int? {
        guard let fn = s.enclosingFunction(of: i) else {
            // A stored property's observer or a lazy initializer's closure.
            return nil
        }
        var d = fn
        while true {
            let p = s.decls[d].parent
            if p < 0 { return nil }
            if p == u { return d }
            // An accessor of a property of the unit is a member of its own (`count.didSet`).
            if s.decls[d].kind == .accessor && s.decls[p].kind == .variable && s.decls[p].parent == u { return d }
            if s.decls[p].kind.isType { return nil }
            d = p
        }
    }

    /// Records the uses of the class's vars and calls to its members in unit `u`.
    mutating func walk(_ u: Int, regions: inout GuardRegions, into log: inout TypeGuardLog) {
        let body = s.scopes[s.decls[u].body]
        // The once-sections of the unit's code: those a guard of the class holds.
        var once: [(check: Int, range: Range<Int>, flag: String)] = []
        // Index of each of `once` in the log's once-sections.
        var onceIndex: [Int] = []
        // The code that runs only while a flag is false, checked under a guard.
        var gated: [(range: Range<Int>, flag: String)] = []
        for g in OnceSections.gates(s, body: s.decls[u].body, vars: varNames) {
            let held = regions.held(at: g.check, write: true)
            guard !held.guards.isEmpty, !held.possible, let m = member(at: g.check, unit: u) else { continue }
            gated.append((g.range, g.flag))
            guard g.setsFlag else { continue }
            let c = (check: g.check, range: g.range, flag: g.flag)
            once.append(c)
            onceIndex.append(log.onceSections.count)
            log.onceSections.append(OnceSection(member: key(m), flag: c.flag, site: CodeSite(s, token: c.check),
                                                leading: OnceSections.leads(s, c.check, body: memberBody(m, at: c.check), escaping: regions.escaping)))
        }
        var i = body.open + 1
        while i < body.close {
            defer { i += 1 }
            if s.code[i].kind == .keyword && s.isKeyword(i, .self) {
                // Where an initializer first hands the instance on: its calls after that are
                // not made while it is still being built.
                if let m = member(at: i, unit: u), s.decls[m].kind == .initializer, initHandOff[m] == nil, s.decls[m].body >= 0,
                   ConstructionPhase.handsOn(s, selfAt: i, body: s.decls[m].body) {
                    initHandOff[m] = i
                }
                if recordHandOut(i, unit: u, regions: &regions, into: &log), let o = once.firstIndex(where: { $0.range.contains(i) }) {
                    log.onceSections[onceIndex[o]].handOut = CodeSite(s, token: i)
                }
                if s.isChar(i + 1, UInt8(ascii: "[")) && !s.isChar(i - 1, UInt8(ascii: ".")) { recordSubscriptUse(i, unit: u, regions: &regions, into: &log) }
                continue
            }
            guard s.code[i].kind == .identifier else { continue }
            // Cheap test first: a var of the class, or a possible call.
            // A var's name called with arguments, where the class also has a method of that name
            // (`events(withNames:)` beside `var events`), calls the method.
            let isVar = varNames.contains(s, i) && !(s.isChar(i + 1, UInt8(ascii: "(")) && methodNames.contains(s.text(i)))
            let isCall = !isVar && isCallee(i)
            if !isVar && !isCall && s.isChar(i - 1, UInt8(ascii: ".")) && !s.isKeyword(i - 2, .self) { continue }
            guard let m = member(at: i, unit: u) else { continue }
            let md = s.decls[m]
            let top = md.kind == .accessor && md.parent >= 0 ? md.parent : m
            // In a static member: only a var of the shared instance (`shared.items`).
            var viaSingleton: String? = nil
            if md.isStaticMember || s.decls[top].isStaticMember {
                guard isVar, !singletons.isEmpty, let shared = singletonReceiver(i) else { continue }
                viaSingleton = shared
            }
            // Receiver: implicit self, or `self.` / `self?.` / `self!.`, or an alias of self
            // (`guard let strongSelf = self`).
            if viaSingleton != nil {
                // (Checked above.)
            } else if s.isChar(i - 1, UInt8(ascii: ".")) {
                let r = s.isChar(i - 2, UInt8(ascii: "?")) || s.isChar(i - 2, UInt8(ascii: "!")) ? i - 3 : i - 2
                guard s.isKeyword(r, .self) || (r >= 0 && s.code[r].kind == .identifier && selfAliases.contains(s.text(r))),
                      !s.isChar(r - 1, UInt8(ascii: ".")) else {
                    // A method called on another instance (`target.compact()`) inside a block that
                    // is or may be a guard's: that instance's code may run under its own guard
                    // there, so the call is a possible call site of the method, not an entry.
                    if isCall && md.kind == .function && s.code[r].kind == .identifier && isInstanceOfClass(r) {
                        let held = regions.held(at: i, write: false)
                        if held.possible || !held.guards.isEmpty {
                            var rec = MemberCallRecord(callee: StateAccess.callKey(s, i), baseName: s.text(i), member: key(m),
                                                       site: CodeSite(s, token: i), guards: [])
                            rec.possible = true
                            log.calls.append(rec)
                        }
                    }
                    continue
                }
            } else {
                // A conditional binding of the var's own name reads it (`if let x {`, `if let x = x`).
                let reading = isVar ? StateAccess.readingBinding(s, i) : nil
                if reading == nil && StateAccess.isBinding(s, i) { continue }
                // An argument label or a parameter's name in a signature.
                if s.isChar(i + 1, UInt8(ascii: ":")) && (s.isChar(i - 1, UInt8(ascii: "(")) || s.isChar(i - 1, UInt8(ascii: ","))) { continue }
                if s.isKeyword(i - 1, .func) || s.isKeyword(i - 1, .case) { continue }
                let fn = s.enclosingFunction(of: i) ?? m
                let outer = StateAccess.outermostMember(s, fn)
                if shadowCache[outer] == nil { shadowCache[outer] = shadowed(outer) }
                if shadowCache[outer]!.contains(s.text(i)) && StateAccess.isShadowed(s, s.text(i), at: i, in: outer, boundBefore: reading) { continue }
            }
            let word = s.text(i)
            // In the property's own willSet/didSet: part of the write that triggers it.
            if isVar && md.kind == .accessor && md.parent >= 0 && s.decls[md.parent].nameText == word {
                if !s.is(md.keyword, "get") && !s.is(md.keyword, "set") { continue }
            }
            let memberKey = viaSingleton == nil ? key(m) : staticKey + key(staticRecord(m))
            let bodyScope = memberBody(m, at: i)
            let runsLater = bodyScope >= 0 && !LockRegions.reachesWithoutDeferral(s, from: i, to: bodyScope, escaping: regions.escaping)
            let construction = !runsLater && (StateAccess.isConstruction(s, member: top) || isCopyOnWrite(i))
            if isVar {
                var write = StateAccess.mayWrite(s, i, reference: references.contains(word))
                if !write, let methods = writingMethods[word], let m = ValueMutations.calledMethod(s, i), methods.contains(m) { write = true }
                var held = regions.held(at: i, write: write)
                // The shared instance's guards, as its static members name them (`shared.lock`),
                // are the instance's own.
                // (One the tool cannot name as the instance's own, such as a method of the
                // instance run as a lock, `shared.withLock { }`, may be its guard: cannot tell.)
                if let shared = viaSingleton {
                    var own: [HeldGuard] = []
                    for g in held.guards {
                        let o = Self.ownGuard(g, through: shared, className: name)
                        if o.name != g.name && ownGuards.contains(o.name) { own.append(o) } else if o.name != g.name || g.name == shared { held.possible = true } else { own.append(g) }
                    }
                    // A block the code sends to the instance's own queue through it
                    // (`shared.queue.sync { }`): that queue, as the class's other blocks hold it.
                    if own.isEmpty, let q = singletonQueue(i, shared: shared, regions: regions) {
                        if q.kind == .readerWriter { held.possible = true } else { own.append(q) }
                    }
                    held.guards = own
                }
                var rec = StateAccessRecord(variable: word, site: CodeSite(s, token: i), member: memberKey, guards: held.guards)
                if !runsLater { rec.releasedEntry = regions.releasedOnEntry(before: i) }
                rec.write = write
                rec.invoked = !write && StateAccess.isInvoked(s, i)
                rec.discarded = !write && StateAccess.isDiscardedRead(s, i)
                if !write && runsLater && s.variableDecls(named: word).contains(where: { s.decls[$0].modifiers.contains(.lazy) }) {
                    rec.afterOwnRead = readBeforeClosure(i, body: bodyScope)
                }
                rec.construction = construction
                if construction { rec.lifecycle = StateAccess.lifecycle(s, member: top) }
                rec.runsLater = runsLater
                rec.possible = held.possible
                rec.inAsync = AsyncContext.isAsync(s, at: i)
                if held.guards.isEmpty { rec.offMain = MainThreadEntries.runsOffMain(s, at: i) }
                if !s.comments.isEmpty && held.guards.isEmpty && saysDeliberate(i) { rec.possible = true }
                // In a closure or local function of a class that hands its queue out: it may be
                // called back on that queue.
                if handsOutQueue && !callbacksInSight && held.guards.isEmpty, runsLater || inLocalFunction(i, body: bodyScope) { rec.possible = true }
                rec.concurrent = inConcurrentClosure(i)
                if write && held.guards.isEmpty { rec.plainBlockWrite = plainReaderWriterBlock(i, regions: regions) }
                rec.exec = execOffset(i)
                rec.testOnly = s.inTestOnlyCode(i)
                if let ordering, !ordering.product, !runsLater, let e = s.enclosingExecutable(of: i), s.scopes[e].kind == .functionBody {
                    rec.testOrder = ordering.order(at: i, body: e)
                }
                if let ordering, ordering.product, !write, let e = s.enclosingExecutable(of: i) {
                    rec.afterJoin = ordering.joined(at: i, exec: e)
                }
                if runsLater { (rec.registration, rec.registrationGuards, rec.registrationExec) = registration(i, regions: &regions) }
                if runsLater && held.guards.isEmpty { rec.callback = callbackKey(i, regions: &regions) }
                if runsLater { rec.threadBody = threadBody(i, regions: regions) }
                if write && !runsLater && !construction, let o = once.first(where: { $0.range.contains(i) }) {
                    rec.onceFlag = word != o.flag || OnceSections.setsTrue(s, i) ? o.flag : nil
                }
                if write && !construction {
                    rec.gateFlag = gated.first(where: { $0.range.contains(i) && $0.flag != word })?.flag
                    rec.setsTrue = OnceSections.setsTrue(s, i)
                    rec.closesLeading = rec.setsTrue && !runsLater && !held.guards.isEmpty && !held.possible
                        && OnceSections.leads(s, i, body: bodyScope, escaping: regions.escaping)
                }
                log.accesses.append(rec)
            } else {
                let isCallee = isCall
                // A plain use: a computed property's getter, or a method named as a value (a
                // leading underscore is part of a member's name, `_cachedCount`; a capital starts a type's).
                if !isCallee && (s.code[i].flags.contains(.escaped) || !(word.first(where: { $0 != "_" })?.isLowercase ?? false)) { continue }
                let held = regions.held(at: i, write: false)
                let callee = isCallee ? StateAccess.callKey(s, i) : StateAccess.isWrite(s, i) ? word + "=" : word
                var rec = MemberCallRecord(callee: callee, baseName: word, member: memberKey, site: CodeSite(s, token: i), guards: held.guards)
                rec.reference = isCallee ? SelfCalls.isMethodReference(s, i) : memberKey.hasSuffix(")")
                if !runsLater { rec.releasedEntry = regions.releasedOnEntry(before: i) }
                rec.afterHandOff = !runsLater && s.decls[top].kind == .initializer && initHandOff[top].map { $0 < i } ?? false
                rec.construction = construction && !rec.afterHandOff
                rec.runsLater = runsLater
                rec.possible = held.possible
                if handsOutQueue && !callbacksInSight && held.guards.isEmpty, runsLater || inLocalFunction(i, body: bodyScope) { rec.possible = true }
                if runsLater { (rec.registration, rec.registrationGuards, rec.registrationExec) = registration(i, regions: &regions) }
                if runsLater && held.guards.isEmpty { rec.callback = callbackKey(i, regions: &regions) }
                if isCallee && !runsLater && !construction { rec.leading = OnceSections.leads(s, i, body: bodyScope, escaping: regions.escaping) }
                rec.codeAfter = !StateAccess.nothingRunsAfter(s, i)
                log.calls.append(rec)
            }
        }
    }

    /// `self[key]`, `self[id: x] = v`: a use of the class's own subscript, a call of it (keyed as
    /// its declaration is, `subscript(_:)`), made with what is held there.
    mutating func recordSubscriptUse(_ i: Int, unit u: Int, regions: inout GuardRegions, into log: inout TypeGuardLog) {
        let open = i + 1
        let close = Int(s.match[open])
        guard close > open, let m = member(at: i, unit: u), !s.decls[m].isStaticMember else { return }
        let labels = StateAccess.argumentLabels(s, open: open, close: close)
        let md = s.decls[m]
        let top = md.kind == .accessor && md.parent >= 0 ? md.parent : m
        let bodyScope = memberBody(m, at: i)
        let runsLater = bodyScope >= 0 && !LockRegions.reachesWithoutDeferral(s, from: i, to: bodyScope, escaping: regions.escaping)
        let held = regions.held(at: i, write: false)
        var rec = MemberCallRecord(callee: "subscript(" + labels + ")", baseName: "subscript", member: key(m), site: CodeSite(s, token: i), guards: held.guards)
        if !runsLater { rec.releasedEntry = regions.releasedOnEntry(before: i) }
        rec.construction = !runsLater && StateAccess.isConstruction(s, member: top)
        rec.runsLater = runsLater
        rec.possible = held.possible
        if handsOutQueue && !callbacksInSight && held.guards.isEmpty, runsLater || inLocalFunction(i, body: bodyScope) { rec.possible = true }
        if runsLater { (rec.registration, rec.registrationGuards, rec.registrationExec) = registration(i, regions: &regions) }
        if runsLater && held.guards.isEmpty { rec.callback = callbackKey(i, regions: &regions) }
        rec.codeAfter = !StateAccess.nothingRunsAfter(s, i)
        log.calls.append(rec)
    }

    /// The declaration a static member's record is keyed by: a computed property's getter (or the
    /// property, written without accessors), a method itself.
    func staticRecord(_ m: Int) -> Int {
        s.decls[m].kind == .variable ? (s.children[m].first { s.is(s.decls[$0].keyword, "get") } ?? m) : m
    }

    /// The prefix of the keys and base names of static members: the class's name (`Diag.clear()`),
    /// as callers write the call, and which no instance member's key starts with.
    var staticKey: String { (name.split(separator: ".").last.map(String.init) ?? name) + "." }

    /// The class's static stored properties in units `units` that hold an instance of the class
    /// itself (`static let shared = Diag()`, `static var instance: Diag!`, `= Self()`).
    static func singletons(_ s: FileStructure, units: [Int], className: String) -> Set<String> {
        let simple = className.split(separator: ".").last.map(String.init) ?? className
        var out = Set<String>()
        for u in units {
            for v in s.children[u] where s.decls[v].kind == .variable && s.decls[v].isStaticMember && !s.decls[v].isComputed && s.decls[v].name >= 0 {
                let d = s.decls[v]
                let ann = d.typeAnnotation.first { s.code[$0].kind == .identifier }
                let start = d.initializer.lowerBound
                let madeHere = !d.initializer.isEmpty && (s.is(start, text: simple) || s.is(start, "Self"))
                    && (s.isChar(start + 1, UInt8(ascii: "(")) || s.isChar(start + 1, UInt8(ascii: ".")) && s.is(start + 2, "init"))
                let typed = ann.map { s.is($0, text: simple) && (s.isChar($0 + 1, UInt8(ascii: "!")) || s.isChar($0 + 1, UInt8(ascii: "?"))
                                                                   || $0 + 1 >= d.typeAnnotation.upperBound || s.isChar($0 + 1, UInt8(ascii: "="))) } ?? false
                if madeHere || typed { out.insert(d.nameText) }
            }
        }
        return out
    }

    /// The shared instance whose var token `i` names (`shared.items`, `Self.shared.items`,
    /// `Diag.shared?.items`), or nil.
    func singletonReceiver(_ i: Int) -> String? {
        guard s.isChar(i - 1, UInt8(ascii: ".")) else { return nil }
        var r = i - 2
        if s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!")) { r -= 1 }
        guard r >= 0, s.code[r].kind == .identifier, singletons.contains(s.text(r)) else { return nil }
        if s.isChar(r - 1, UInt8(ascii: ".")) {
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            guard r >= 2, s.is(r - 2, "Self") || s.is(r - 2, text: simple), !s.isChar(r - 3, UInt8(ascii: ".")) else { return nil }
        }
        return s.text(r)
    }

    /// The class's own serial queue that token `i` runs on through the shared instance `shared`:
    /// `i` lies in the block of `shared.queue.sync { }` (or `async`, `asyncAndWait`) for a queue
    /// `queue` of the class, held as the class's other blocks on it hold it.
    func singletonQueue(_ i: Int, shared: String, regions: GuardRegions) -> HeldGuard? {
        guard let c = s.enclosingClosure(of: i) else { return nil }
        let closure = s.closures[c]
        guard closure.callee >= 2, closure.receiverStart >= 0, s.is(closure.callee, "sync") || s.is(closure.callee, "async") || s.is(closure.callee, "asyncAndWait"),
              s.isChar(closure.callee - 1, UInt8(ascii: ".")) else { return nil }
        let receiver = LockRegions.normalized(s.text(s.span(closure.receiverStart, closure.callee - 1)))
        for prefix in Self.sharedPrefixes(shared, className: name) where receiver.hasPrefix(prefix) {
            let q = String(receiver.dropFirst(prefix.count))
            guard ownGuards.contains(q), let h = regions.regions.lazy.compactMap(\.held).first(where: { $0.name == q && $0.kind != .lock }) else { return nil }
            return h
        }
        return nil
    }

    /// How the class's static members spell a member of shared instance `shared`: `shared.`,
    /// `Self.shared.`, `Diag.shared.`.
    static func sharedPrefixes(_ shared: String, className: String) -> [String] {
        let simple = className.split(separator: ".").last.map(String.init) ?? className
        return [shared + ".", "Self." + shared + ".", simple + "." + shared + "."]
    }

    /// Guard `g` held in a static member, named through the shared instance `shared`
    /// (`shared.lock`, `Self.shared.queue`): the instance's own guard (`lock`, `queue`).
    static func ownGuard(_ g: HeldGuard, through shared: String, className: String) -> HeldGuard {
        for prefix in sharedPrefixes(shared, className: className) where g.name.hasPrefix(prefix) {
            var own = g
            own.name = String(g.name.dropFirst(prefix.count))
            return own
        }
        return g
    }

    /// The key of the closure around token `i` that runs later, when it is one handed to a type's
    /// initializer or one that takes the main actor's isolation from the code that makes it (see
    /// `ObserverDelivery.callbackKey(_:at:)`, `ObserverDelivery.inheritedKey`).
    func callbackKey(_ i: Int, regions: inout GuardRegions) -> String? {
        if let key = ObserverDelivery.callbackKey(s, at: i) { return key }
        var mainAt: Int? = nil
        let key = ObserverDelivery.inheritedKey(s, at: i) { k in mainAt = k; return true }
        guard let key, let k = mainAt, regions.assertions(around: k).contains(.mainActor) else { return nil }
        return key
    }

    /// `self` handed to other code as a call argument (`plugin.install(self)`, `f(owner: self)`):
    /// recorded as a use of `OutsideAccesses.handOut` with the guards held there, for the
    /// inference: code that gets the instance while the class holds a guard may read its vars
    /// under that guard, and the tool cannot see which of that code's accesses run so.
    /// Returns whether it recorded one.
    @discardableResult
    mutating func recordHandOut(_ i: Int, unit u: Int, regions: inout GuardRegions, into log: inout TypeGuardLog) -> Bool {
        guard s.isChar(i + 1, UInt8(ascii: ")")) || s.isChar(i + 1, UInt8(ascii: ",")) else { return false }
        let labelled = s.isChar(i - 1, UInt8(ascii: ":")) && i >= 2 && s.code[i - 2].isWord
        guard labelled || s.isChar(i - 1, UInt8(ascii: "(")) || s.isChar(i - 1, UInt8(ascii: ",")) else { return false }
        guard let open = s.argumentListOpen(holding: i), let m = member(at: i, unit: u), !s.decls[m].isStaticMember else { return false }
        let bodyScope = memberBody(m, at: i)
        let runsLater = bodyScope >= 0 && !LockRegions.reachesWithoutDeferral(s, from: i, to: bodyScope, escaping: regions.escaping)
        let held = regions.held(at: i, write: false)
        let receiving = OutsideAccesses.handOut(to: handOutReceiverType(callee: open - 1) ?? "")
        var rec = StateAccessRecord(variable: receiving, site: CodeSite(s, token: i), member: key(m), guards: held.guards)
        rec.runsLater = runsLater
        rec.possible = held.possible
        if !runsLater { rec.releasedEntry = regions.releasedOnEntry(before: i) }
        log.accesses.append(rec)
        return true
    }

    /// The declared type of the instance whose method a hand-out passes `self` to
    /// (`parser.parse(data, self)`: `parser`'s type), when the file tells it.
    func handOutReceiverType(callee c: Int) -> String? {
        guard c >= 2, s.code[c].kind == .identifier, s.isChar(c - 1, UInt8(ascii: ".")),
              let (r, memberOnly) = ReceiverTable.receiver(s, ofMember: c, optionalSelf: true),
              case .variable(let d) = s.lookupVariable(s.text(r), at: r, memberOnly: memberOnly) else { return nil }
        return GuardLogExtractor.declaredTypeName(s.decls[d], s)
    }

    /// Whether the variable named at token `r` is declared as an instance of this class (its
    /// annotation or the start of its initializer names the class: `let target = Store(…)`).
    func isInstanceOfClass(_ r: Int) -> Bool {
        guard case .variable(let d) = s.lookupVariable(s.text(r), at: r) else { return false }
        let decl = s.decls[d]
        for k in decl.typeAnnotation where s.code[k].kind == .identifier && s.is(k, text: name) { return true }
        for k in decl.initializer.prefix(4) where s.code[k].kind == .identifier && s.is(k, text: name) { return true }
        return false
    }

    /// The comments on the statement holding token `i` (the lines just above it, inside the body
    /// that runs it, and the end of its own line) say it deliberately goes without the lock.
    func saysDeliberate(_ i: Int) -> Bool {
        guard let exec = s.enclosingExecutable(of: i) else { return false }
        let floor = Int(s.code[s.scopes[exec].open].end)
        var first = i
        while first > 0 && !s.code[first].flags.contains(.newlineBefore) { first -= 1 }
        let from = max(floor, first > 0 ? Int(s.code[first - 1].end) : 0)
        let line = s.line(ofToken: i)
        var k = s.firstComment(atOrAfter: from)
        var text = ""
        while k < s.comments.count {
            let c = s.comments[k]
            guard Int(c.start) < Int(s.code[first].start) || s.file.location(Int(c.start)).line == line else { break }
            text += s.file.text(c.range) + "\n"
            k += 1
        }
        return !text.isEmpty && ByteSearch.containsAny(text, caseInsensitive: GuardLogExtractor.deliberatePhrases)
    }

    /// `f(…)`, or `f { … }` with only a trailing closure (not `if f {`).
    func isCallee(_ i: Int) -> Bool {
        if s.isChar(i + 1, UInt8(ascii: "(")) { return true }
        guard s.isChar(i + 1, UInt8(ascii: "{")) else { return false }
        let sc = Int(s.scopeOf[i + 1])
        return sc >= 0 && s.scopes[sc].open == i + 1 && s.scopes[sc].kind == .closure && s.closures[s.scopes[sc].closure].callee == i
    }

    /// The scope of member `m`'s body (a computed property's accessor block included).
    /// Whether token `i` is in a function declared inside the member whose body is `body`.
    func inLocalFunction(_ i: Int, body: Int) -> Bool {
        guard let e = s.enclosingExecutable(of: i), e != body else { return false }
        return s.scopes[e].kind == .functionBody
    }

    /// The body of member `m` that runs token `i`: for a subscript with `get`/`set`, the
    /// accessor's (each runs when the subscript is used, not later).
    func memberBody(_ m: Int, at i: Int) -> Int {
        let d = s.decls[m]
        if d.kind == .subscript {
            for a in s.children[m] where s.decls[a].kind == .accessor && s.decls[a].body >= 0 && s.scopes[s.decls[a].body].interior.contains(i) {
                return s.decls[a].body
            }
        }
        return d.body
    }

    func shadowed(_ fn: Int) -> Set<String> {
        StateAccess.shadowedNames(s, fn)
    }

    func isCopyOnWrite(_ i: Int) -> Bool {
        !uniqueness.isEmpty || s.identifiers.mayContain("isKnownUniquelyReferenced")
            ? StateAccess.isCopyOnWrite(s, at: i, uniquenessHelpers: uniqueness) : false
    }

    /// Inside a closure passed to something that runs it concurrently.
    func inConcurrentClosure(_ i: Int) -> Bool {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            if scope.kind == .functionBody { return false }
            guard scope.kind == .closure else { continue }
            let c = s.closures[scope.closure]
            if c.callee >= 0 && GuardLogExtractor.concurrentCallees.contains(s.text(c.callee)) { return true }
        }
        return false
    }

    /// For a write in a plain block of a reader-writer queue: that block.
    func plainReaderWriterBlock(_ i: Int, regions: GuardRegions) -> PlainBlock? {
        for r in regions.regions where r.start < i && i < r.end {
            if let h = r.held, h.kind == .readerWriter, !r.writes, s.enclosingExecutable(of: i) == r.executable {
                let item = s.scopes[r.executable].kind == .closure && GuardRegions.workItem(s, s.closures[s.scopes[r.executable].closure]) != nil
                return PlainBlock(queue: h.name, method: r.form.isEmpty ? "sync" : r.form, line: s.line(ofToken: r.start), workItem: item)
            }
        }
        return nil
    }

    /// The innermost closure around `i` that runs later: where it is handed over, what is held
    /// there, and the body that runs the registration.
    func registration(_ i: Int, regions: inout GuardRegions) -> (CodeSite?, [HeldGuard], Int) {
        guard let ci = laterClosure(around: i, regions: regions) else { return (nil, [], -1) }
        let c = s.closures[ci]
        guard c.callee >= 0, !LockRegions.serialExecutorMethods.contains(s.text(c.callee)) else { return (nil, [], -1) }
        return (CodeSite(s, token: c.callee), regions.held(at: c.callee, write: false).guards, execOffset(c.callee))
    }

    /// The innermost closure around `i`, inside its function, that runs later (its index).
    func laterClosure(around i: Int, regions: GuardRegions) -> Int? {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            if scope.kind == .functionBody { break }
            guard scope.kind == .closure, LockRegions.runsLater(s, s.closures[scope.closure], escaping: regions.escaping) else { continue }
            return scope.closure
        }
        return nil
    }

    /// The innermost closure around `i` that runs later, when it is a body a thread (or task)
    /// started once per instance runs: the byte offset of its `{`, else -1.
    mutating func threadBody(_ i: Int, regions: GuardRegions) -> Int {
        guard let ci = laterClosure(around: i, regions: regions) else { return -1 }
        let c = s.closures[ci]
        if threadBodyCache[ci] == nil {
            threadBodyCache[ci] = ThreadBodies.isStartedOnce(s, c, calls: {
                if callSitesCache == nil { callSitesCache = ThreadBodies.callSites(s) }
                return callSitesCache!
            })
        }
        return threadBodyCache[ci]! ? Int(s.code[c.open].start) : -1
    }

    /// Whether code that makes a closure holding token `i` (a use of a var) reads the same var of
    /// `self` first, on every path to the closure: in a scope around the closure (inside member
    /// body `body`), straight in that scope, before the closure's `{` (`q.async { sem.wait();
    /// work { sem.signal() } }`). That closure runs only after it is made.
    func readBeforeClosure(_ i: Int, body: Int) -> Bool {
        let word = s.text(i)
        var child = Int(s.scopeOf[i])
        while child >= 0 && child != body {
            let parent = s.scopes[child].parent
            guard parent >= 0 else { return false }
            if s.scopes[child].kind == .closure {
                for k in s.scopes[parent].open + 1 ..< s.scopes[child].open where Int(s.scopeOf[k]) == parent {
                    guard s.code[k].kind == .identifier, s.text(k) == word, !s.isChar(k + 1, UInt8(ascii: ":")) else { continue }
                    if !s.isChar(k - 1, UInt8(ascii: ".")) && !StateAccess.isBinding(s, k) { return true }
                    let r = s.isChar(k - 2, UInt8(ascii: "?")) || s.isChar(k - 2, UInt8(ascii: "!")) ? k - 3 : k - 2
                    if s.isChar(k - 1, UInt8(ascii: ".")) && r >= 0 && (s.isKeyword(r, .self) || selfAliases.contains(s.text(r))) && !s.isChar(r - 1, UInt8(ascii: ".")) {
                        return true
                    }
                }
            }
            child = parent
        }
        return false
    }

    /// The byte offset of the `{` opening the body or closure that runs token `i`.
    func execOffset(_ i: Int) -> Int {
        guard let e = s.enclosingExecutable(of: i) else { return -1 }
        return Int(s.code[s.scopes[e].open].start)
    }
}

/// A private class whose every instance is a local used only by one async sequence's element
/// producer (`AsyncStream { await box.next() }`, `frames.compactMap(box.accept)`): the sequence's
/// single consumer calls it one element at a time.
enum SingleConsumer {
    static let elementProducers: Set<String> = [
        "AsyncStream", "AsyncThrowingStream", "map", "compactMap", "flatMap", "filter", "prefix", "drop", "reduce",
    ]

    static func isBox(_ s: FileStructure, _ di: Int) -> Bool {
        let d = s.decls[di]
        guard d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate), d.body >= 0 else { return false }
        let own = s.scopes[d.body]
        var found = false
        for k in 0..<s.code.count where s.code[k].kind == .identifier && s.is(k, text: d.nameText) && s.isChar(k + 1, UInt8(ascii: "(")) {
            if k > own.open && k < own.close { continue }
            guard k >= 3, s.isKeyword(k - 3, .let), s.code[k - 2].kind == .identifier, s.isChar(k - 1, UInt8(ascii: "=")),
                  let exec = s.enclosingExecutable(of: k) else { return false }
            let local = s.text(k - 2)
            let body = s.scopes[exec]
            var owner: Int? = nil
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

    static func producerUsing(_ s: FileStructure, _ j: Int) -> Int? {
        if let c = nearestClosure(s, j) {
            let closure = s.closures[c]
            var callee = closure.callee
            if callee < 0 && closure.open >= 1 && s.is(closure.open - 1, ">") {
                var k = closure.open - 2
                while k > closure.open - 10 && k >= 1 && !s.is(k, "<") { k -= 1 }
                if k >= 1 && s.is(k, "<") { callee = k - 1 }
            }
            guard callee >= 0, s.code[callee].kind == .identifier, elementProducers.contains(s.text(callee)) else { return nil }
            return closure.open
        }
        guard s.isChar(j - 1, UInt8(ascii: "(")), s.isChar(j + 1, UInt8(ascii: ".")), j + 3 < s.code.count,
              s.isChar(j + 3, UInt8(ascii: ")")), s.code[j - 2].kind == .identifier,
              elementProducers.contains(s.text(j - 2)) else { return nil }
        return j - 2
    }

    static func nearestClosure(_ s: FileStructure, _ i: Int) -> Int? {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            if scope.kind == .closure { return scope.closure }
            if scope.kind == .functionBody || scope.kind == .accessorBlock { return nil }
        }
        return nil
    }
}
