import Foundation

final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLockedValue<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

// Accessors over a lock box: the check reads through the getter, the act writes through the
// setter, each a separate acquisition. Two callers can both find the batch and both take it.
final class Reader: @unchecked Sendable {
    private let _prefetched = Box<[Int]?>(nil)
    private let _limit = Box(10)

    private var prefetched: [Int]? {
        get { _prefetched.withLockedValue { $0 } }
        set { _prefetched.withLockedValue { $0 = newValue } }
    }

    var limit: Int {
        get { _limit.withLockedValue { $0 } }
        set { _limit.withLockedValue { $0 = newValue } }
    }

    func next() -> [Int] {
        if let batch = self.prefetched {
            self.prefetched = nil // expect: split_critical_section
            return batch
        }
        return []
    }

    // A read only logged, and a write that does not depend on it: quiet.
    func drop() {
        print("dropping \(String(describing: prefetched))")
        prefetched = nil
    }

    // A write decided by something else than the read: quiet.
    func reset(_ force: Bool) {
        if force {
            self.prefetched = nil
        }
    }

    // Found absent and filled (a cache made twice at worst): quiet.
    func prime() {
        if prefetched == nil {
            prefetched = [1, 2, 3]
        }
    }

    // One acquisition that checks and takes: quiet.
    func take() -> [Int]? {
        _prefetched.withLockedValue { value in
            let batch = value
            value = nil
            return batch
        }
    }
}

// lock() / defer unlock() accessors: a state checked, then moved to another case through the
// setter. Two callers can both find it idle and both start: reported. (A plain check-then-set of
// anything else than an enum case, a flag, is most often one whose callers already take turns,
// which the tool cannot see: see `Ledger.begin` below.)
enum Stage { case idle, running, done }

final class Runner: @unchecked Sendable {
    private let lock = NSLock()
    private var _stage = Stage.idle

    var stage: Stage {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _stage
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _stage = newValue
        }
    }

    func start() -> Bool {
        guard stage == .idle else { return false }
        stage = .running // expect: split_critical_section
        return true
    }

    func stop() { stage = .done }

    // Checked and set in one acquisition: quiet.
    func startAtomically() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard _stage == .idle else { return false }
        _stage = .running
        return true
    }
}

// Plain computed properties that take no lock: quiet.
final class Plain {
    private var _token: String?
    var token: String? {
        get { _token }
        set { _token = newValue }
    }

    func consume() -> String? {
        if let token {
            self.token = nil
            return token
        }
        return nil
    }
}

// The same steps in an actor: nothing runs between them.
actor Keeper {
    private let lock = NSLock()
    private var _slot: Int?
    var slot: Int? {
        get { lock.withLock { _slot } }
        set { lock.withLock { _slot = newValue } }
    }

    func claim() -> Int? {
        if let taken = slot {
            slot = nil
            return taken
        }
        return nil
    }
}

// A recursive lock held around both steps by the caller, the same lock the accessors take:
// nothing can come between them. Quiet. (A flag only ever set to one value through its setter,
// like `started` below, is a one-way latch: quiet too.)
final class Ledger: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var _open: [Int]?
    private var _started = false

    var started: Bool {
        get { lock.withLock { _started } }
        set { lock.withLock { _started = newValue } }
    }

    func begin() {
        guard !started else { return }
        started = true
    }

    var open: [Int]? {
        get { lock.withLock { _open } }
        set { lock.withLock { _open = newValue } }
    }

    func close() -> [Int]? {
        lock.lock()
        defer { lock.unlock() }
        if let entries = open {
            open = nil
            return entries
        }
        return nil
    }

    func takeAll() -> [Int]? {
        lock.withLock {
            let entries = open
            open = nil
            return entries
        }
    }
}

// Every assignment of the property runs on one serial queue of the type, the check and the act
// included: the queue runs them one at a time. Quiet.
final class Connector: @unchecked Sendable {
    private let lock = NSLock()
    private let work = DispatchQueue(label: "connector")
    private var _link: String?

    private var link: String? {
        get { lock.withLock { _link } }
        set { lock.withLock { _link = newValue } }
    }

    func refresh(_ fresh: String) {
        work.sync {
            if link != fresh {
                link = fresh
            }
        }
    }

    func drop() {
        work.async {
            if let link = self.link {
                print(link)
                self.link = nil
            }
        }
    }

    func peek() -> String? { link }
}
