import Foundation
import XCTest

/// Only intended for single threaded testing.
final class TestSpan: @unchecked Sendable {
    var events: [String] = []
    func add(_ e: String) { events.append(e) }
}

/// The class is itself a lock: its state is what lock()/unlock() implement.
final class SpinLock: @unchecked Sendable {
    private var locked = false
    func lock() { locked = true }
    func unlock() { locked = false }
}

final class UncheckedBox<Value>: @unchecked Sendable {
    var wrappedValue: Value
    init(_ v: Value) { wrappedValue = v }
}

/// The class's own lock wrapper guards the closures passed to it.
final class Wrapped: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0
    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
    func bump() { withLock { state += 1 } }
    func read() -> Int { self.withLock { state } }
    func bad() { state = 0 } // expect: unchecked_sendable_unguarded
}

/// A helper called only from init is part of initialization.
final class Setup: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [Int] = []
    init() { configure() }
    private func configure() { observers = [1] }
    func add(_ o: Int) { lock.withLock { observers.append(o) } }
}

/// A private computed property used only under the lock.
final class ComputedHelper: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var canStart: Bool { !running }
    func start() {
        lock.withLock {
            if canStart { running = true }
        }
    }
}

/// The caller holds the lock on entry to a function that only releases it.
final class Handoff: @unchecked Sendable {
    private let condition = NSConditionLock(condition: 0)
    private var buffer: [Int] = []
    func produce(_ v: Int) {
        condition.lock()
        buffer.append(v)
        finishProducing()
    }
    private func finishProducing() {
        buffer.append(0)
        condition.unlock(withCondition: buffer.count)
    }
}

final class Fixture: XCTestCase, @unchecked Sendable {
    private let lock = NSLock()
    var app: String?
    override func setUp() { app = "x" }
    override func tearDown() { app = nil }
    func testThing() { lock.withLock { app = "y" } }
}

/// A semaphore is not a lock: a class with only a semaphore has no lock.
final class Waiter: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    private var result: Int? // expect: unchecked_sendable_unguarded
    func set(_ v: Int) { semaphore.wait(); result = v; semaphore.signal() }
}
