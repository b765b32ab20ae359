import Foundation
import Synchronization

/// Every guarded form stays quiet.
final class Guarded: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var names: [String] = []
    private lazy var cache: [String: Int] = [:]
    private var observed = 0 {
        didSet { print("changed") }
    }
    var computed: Int { 42 }
    let constant = 1

    init(start: Int) {
        count = start
        names = []
    }

    deinit {
        count = 0
    }

    func viaWithLock() -> Int {
        lock.withLock { count }
    }

    func viaLockUnlock() {
        lock.lock()
        count += 1
        names.append("x")
        lock.unlock()
    }

    func viaDefer() {
        lock.lock()
        defer { lock.unlock() }
        if count > 0 {
            cache["a"] = count
            observed += 1
        }
    }

    func viaHelpers() {
        lock.withLock {
            incrementLocked()
            self.resetLocked()
        }
    }

    func nestedSyncClosure() {
        lock.withLock {
            names.forEach { _ in count += 1 }
        }
    }

    private func incrementLocked() {
        count += 1
        deeperLocked()
    }

    private func deeperLocked() {
        names.removeAll()
    }

    private func resetLocked() {
        self.count = 0
    }

    func shadowing(count: Int) -> Int {
        let names = ["local"]
        return count + names.count
    }

    func otherInstance(_ other: Guarded) -> Bool {
        other.constant == constant
    }

    func labels() {
        lock.withLock { configure(count: 1, names: []) }
    }

    private func configure(count: Int, names: [String]) {}
}

final class QueueGuarded: @unchecked Sendable {
    private let queue = DispatchQueue(label: "serial")
    private var values: [Int] = []

    func append(_ v: Int) { queue.async { self.values.append(v) } }
    func snapshot() -> [Int] { queue.sync { values } }
}

final class SyncOnSelf: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var flag = false
    func toggle() {
        objc_sync_enter(self)
        defer { objc_sync_exit(self) }
        flag.toggle()
    }
    func read() -> Bool {
        objc_sync_enter(self)
        defer { objc_sync_exit(self) }
        return flag
    }
}

@available(macOS 15.0, *)
final class StateInLock: @unchecked Sendable {
    private let state = Mutex<[String]>([])
    func add(_ s: String) { state.withLock { $0.append(s) } }
}

final class NotUnchecked {
    var count = 0
    func bump() { count += 1 }
}

// A private helper called only on the queue, with nothing but a trailing closure (no
// parentheses): its call site is on the queue like any other, and its writes are guarded.
final class CaptureSession: @unchecked Sendable {
    private let sessionQueue = DispatchQueue(label: "session")
    private var configured = false

    func start() {
        sessionQueue.async { [self] in
            configure { ok in
                guard ok else { return }
                print("running")
            }
        }
    }

    func stop() {
        sessionQueue.async { if self.configured { print("stopping") } }
    }

    func peek() -> Bool {
        configured // expect: unchecked_sendable_unguarded
    }

    private func configure(completion: (Bool) -> Void) {
        configured = true
        completion(true)
    }
}
