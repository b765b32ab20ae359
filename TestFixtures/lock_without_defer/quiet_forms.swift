import Foundation

final class Store: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    private var state: State = .idle

    func deferred() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard !items.isEmpty else { return 0 }
        try validate()
        return items.count
    }

    func deferredLater() throws {
        lock.lock()
        let count = items.count
        defer {
            if count > 0 { lock.unlock() } else { lock.unlock() }
        }
        try validate()
    }

    func releasedOnEveryExit(_ s: String) {
        lock.lock()
        guard case .idle = state else {
            lock.unlock()
            return
        }
        if s.isEmpty {
            lock.unlock()
            return
        }
        items.append(s)
        lock.unlock()
    }

    func branches(_ flag: Bool) -> Int {
        lock.lock()
        if flag {
            let n = items.count
            lock.unlock()
            return n
        } else if items.isEmpty {
            lock.unlock()
        } else {
            items.removeAll()
            lock.unlock()
        }
        return 0
    }

    func switchEveryCase(_ event: Event) {
        lock.lock()
        switch event {
        case .start:
            state = .running
            lock.unlock()
        case .stop:
            lock.unlock()
            return
        @unknown default:
            lock.unlock()
        }
    }

    func caught() {
        lock.lock()
        do {
            try validate()
        } catch {
            items.removeAll()
        }
        let quiet = try? decode()
        _ = quiet
        lock.unlock()
    }

    func drain() -> [String] {
        var out: [String] = []
        lock.lock()
        while true {
            guard let next = items.popLast() else {
                lock.unlock()
                return out
            }
            lock.unlock()
            out.append(next)
            lock.lock()
        }
    }

    func repeated() {
        repeat {
            lock.lock()
            if items.isEmpty { lock.unlock(); break }
            items.removeLast()
            lock.unlock()
        } while true
    }

    func breakThenRelease(_ limit: Int) {
        lock.lock()
        for item in items {
            if item.count > limit { break }
            print(item)
        }
        lock.unlock()
    }

    func releasedThenReacquiredInLoop() {
        lock.lock()
        for item in items {
            lock.unlock()
            print(item)
            lock.lock()
        }
        lock.unlock()
    }

    func crash() {
        lock.lock()
        guard !items.isEmpty else { fatalError("empty") }
        lock.unlock()
    }

    func attempt() {
        if lock.try() {
            items.removeAll()
            lock.unlock()
        }
        guard lock.try() else { return }
        items.removeAll()
        lock.unlock()
    }

    func valueOfTry() -> Bool {
        let ok = lock.try()
        if ok { lock.unlock() }
        return ok
    }

    func next() async -> String {
        lock.lock()
        if items.isEmpty {
            return await withCheckedContinuation { continuation in
                waiters.append(continuation)
                lock.unlock()
            }
        }
        let first = items.removeFirst()
        lock.unlock()
        return first
    }

    func nextThrowing() async throws -> String {
        lock.lock()
        return try await withUnsafeThrowingContinuation { continuation in
            waiters.append(continuation)
            lock.unlock()
        }
    }

    /// Hands the lock to a helper that releases it.
    func finish() {
        lock.lock()
        guard case .running = state else {
            lock.unlock()
            return
        }
        releaseLockThenNotify()
    }

    private func releaseLockThenNotify() {
        state = .idle
        lock.unlock()
        print("notified")
    }

    /// Released by a completion handler: another time, not judged.
    func handOff(_ queue: DispatchQueue) {
        lock.lock()
        if items.isEmpty { return }
        queue.async { self.lock.unlock() }
    }

    func validate() throws {}
    func decode() throws -> Int { 0 }
    private var waiters: [Any] = []
}

enum State { case idle, running }
enum Event { case start, stop }

/// A lock type: its `lock()` only locks, by design.
public final class Mutex2 {
    private var raw = pthread_mutex_t()
    public func lock() { pthread_mutex_lock(&raw) }
    public func unlock() { pthread_mutex_unlock(&raw) }
    public func tryLock() -> Bool { pthread_mutex_trylock(&raw) == 0 }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        self.lock()
        defer { self.unlock() }
        return try body()
    }
}

/// A condition lock: `lock(whenValue:)` returns with the lock held on purpose.
public final class ConditionLock2 {
    private let mutex = NSLock()
    private var value = 0

    public func lock(whenValue wanted: Int) -> Bool {
        mutex.lock()
        if value == wanted { return true }
        mutex.unlock()
        return false
    }

    public func acquireWriter() {
        mutex.lock()
    }

    public func unlock() { mutex.unlock() }
}

/// Locks from a registry: `lock(for:)` returns a lock; the call is not an acquire.
struct Registry {
    let locks: Locks
    var client: Client {
        locks.lock(for: Client.self).withLock { Client() }
    }
    func shared() {
        let lock = locks.lock(for: Client.self)
        lock.withLock { print("x") }
    }
}

func pthreadWithCheck(_ m: UnsafeMutablePointer<pthread_mutex_t>) {
    let err = pthread_mutex_lock(m)
    precondition(err == 0)
    defer { pthread_mutex_unlock(m) }
    print("locked")
}

/// Assertions catch what their arguments throw.
final class Tests {
    let lock = NSLock()
    func testParse() {
        lock.lock()
        XCTAssertEqual(try parse("1"), 1)
        XCTAssertNoThrow(try parse("2"))
        #expect(try parse("3") == 3)
        lock.unlock()
    }
    func parse(_ s: String) throws -> Int { Int(s) ?? 0 }
}

/// A path that ends in the file's own `-> Never` function does not return.
final class Subscription2 {
    private let lock = NSLock()
    private var state = 0
    func request() {
        lock.lock()
        switch state {
        case 0:
            unexpectedState()
        default:
            lock.unlock()
        }
    }
}

private func unexpectedState(line: UInt = #line) -> Never {
    fatalError("unexpected state", line: line)
}
