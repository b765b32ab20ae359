import Foundation
import os

// Locks recognised by what the code does with them, whatever their declared type says.

typealias Locking = NSLocking & Sendable

/// A lock whose declared type is a typealias: `lock()` and `unlock()` on it make it the guard.
final class AliasLocked {
    private let lock: Locking = NSLock()
    private var hits = 0
    func hit() { lock.lock(); hits += 1; lock.unlock() }
    func twice() {
        lock.lock()
        defer { lock.unlock() }
        hits += 2
    }
    func peek() -> Int { hits } // expect: inconsistent_locking
}

protocol Guarding: AnyObject {
    func lock()
    func unlock()
}

/// A lock reached through a protocol: its implementations are elsewhere, its use is here.
final class ProtocolLocked {
    private let guarding: any Guarding
    private var names: [String] = []
    init(guarding: any Guarding) { self.guarding = guarding }
    func add(_ n: String) {
        guarding.lock()
        defer { guarding.unlock() }
        names.append(n)
    }
    func all() -> [String] {
        defer { guarding.unlock() }
        guarding.lock()
        return names
    }
    func clear() { names = [] } // expect: inconsistent_locking
}

/// A semaphore waited on and signalled in one function is a mutex.
final class SemaphoreLocked {
    private let mutex = DispatchSemaphore(value: 1)
    private var total = 0
    func add(_ x: Int) {
        mutex.wait()
        total += x
        mutex.signal()
    }
    func reset() { total = 0 } // expect: inconsistent_locking
}

/// An unfair lock with no state of its own, used with lock()/unlock() and withLock.
@available(macOS 13, iOS 16, *)
final class UnfairLocked {
    private let lock = OSAllocatedUnfairLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    func get() -> Bool { lock.withLock { flag } }
    func unset() { flag = false } // expect: inconsistent_locking
}

/// An external lock type's closure method the tool knows by its name (`withLockVoid`).
final class NIOStyle {
    private let lock = NIOLock()
    private var open = true
    func close() { lock.withLockVoid { open = false } }
    func isOpen() -> Bool { lock.withLock { open } }
    func reopen() { open = true } // expect: inconsistent_locking
}

/// Quiet: every access holds the guard, in each of the shapes above (the release written
/// before the acquire with `defer` included).
final class AllGuarded {
    private let lock: Locking = NSLock()
    private let mutex = DispatchSemaphore(value: 1)
    private let guarding: any Guarding
    private var a = 0
    private var b = 0
    private var c = 0
    init(guarding: any Guarding) { self.guarding = guarding }
    func bumpA() { lock.lock(); defer { lock.unlock() }; a += 1 }
    func readA() -> Int { lock.lock(); defer { lock.unlock() }; return a }
    func bumpB() { mutex.wait(); defer { mutex.signal() }; b += 1 }
    func readB() -> Int { mutex.wait(); defer { mutex.signal() }; return b }
    func bumpC() { defer { guarding.unlock() }; guarding.lock(); c += 1 }
    func readC() -> Int { guarding.lock(); defer { guarding.unlock() }; return c }
}

/// Quiet: a semaphore that only waits for a callback guards nothing, and a class that has no
/// guard shows nothing about sharing.
final class Loader {
    private var result: Int?
    func load(_ start: (@escaping (Int) -> Void) -> Void) -> Int? {
        let done = DispatchSemaphore(value: 0)
        start { value in
            self.result = value
            done.signal()
        }
        done.wait()
        return result
    }
}

/// Quiet: the paths that return before the end still pass the deferred release, whatever comes
/// between the acquire and the defer (a call of the caller's closure).
final class ReturnsUnderDefer {
    private let lock = NSLock()
    private var value: Int?
    func received(_ store: () -> Void) -> Int {
        lock.lock()
        store()
        defer { lock.unlock() }
        if let v = value {
            value = v + 1
            return 1
        } else {
            value = 0
            return 0
        }
    }
    func reset() { lock.lock(); value = nil; lock.unlock() }
}

/// A lock taken in one function and given back in a closure a second later is a busy token:
/// it guards nothing touched in between, so nothing is reported against it.
final class Discovery {
    private let busy = NSLock()
    private var found: [String] = []
    func start(_ done: @escaping () -> Void) {
        guard busy.lock(before: Date().addingTimeInterval(1)) else { return }
        found = []
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            self.busy.unlock()
            done()
        }
    }
    func results() -> [String] { found }
}

/// A release inside a closure run on the spot (`withExtendedLifetime`, to drop a reference after
/// unlocking): what comes before it in the closure still holds the lock.
final class Releasing {
    private let lock = NSLock()
    private var handler: (() -> Void)?
    private var done = false
    func finish() {
        lock.lock()
        done = true
        withExtendedLifetime(handler) {
            handler = nil
            lock.unlock()
        }
    }
    func set(_ h: @escaping () -> Void) { lock.lock(); handler = h; done = false; lock.unlock() }
    func isDone() -> Bool { done } // expect: inconsistent_locking
}
