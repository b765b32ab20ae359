import Foundation
import NIOConcurrencyHelpers
import Synchronization

final class Inventory: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String: Int] = [:]

    var total: Int {
        lock.withLock { items.values.reduce(0, +) }
    }

    func add(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        items[name, default: 0] += 1
        if items.count > 100 {
            trim() // expect: recursive_lock
        }
    }

    func report() -> String {
        lock.withLock {
            "\(items.count) kinds, \(total) items" // expect: recursive_lock
        }
    }

    func nested() {
        lock.withLock {
            items.removeAll()
            lock.withLock { items["x"] = 1 } // expect: recursive_lock
        }
    }

    func manualTwice() {
        self.lock.lock()
        items.removeAll()
        self.lock.lock() // expect: recursive_lock
        self.lock.unlock()
        self.lock.unlock()
    }

    func onTheSpot(_ names: [String]) {
        lock.withLock {
            names.forEach { name in
                self.remove(name) // expect: recursive_lock
            }
        }
    }

    func remove(_ name: String) {
        lock.withLock { items[name] = nil }
    }

    private func trim() {
        pruneLocked()
    }

    private func pruneLocked() {
        lock.withLock { items = items.filter { $0.value > 1 } }
    }
}

@available(macOS 15, *)
final class Settings: Sendable {
    private let state = Mutex<[String: String]>([:])

    func value(_ key: String) -> String? {
        state.withLock { $0[key] }
    }

    func setDefault(_ key: String, _ value: String) {
        state.withLock { dict in
            if self.value(key) == nil { // expect: recursive_lock
                dict[key] = value
            }
        }
    }
}

final class Connection {
    private let box = NIOLockedValueBox<Int>(0)
    private let nio = NIOLock()
    private var unfair = os_unfair_lock()
    private var mutex = pthread_mutex_t()

    func bump() {
        box.withLockedValue { value in
            value += 1
            _ = self.current // expect: recursive_lock
        }
    }

    var current: Int { box.withLockedValue { $0 } }

    func nioTwice() {
        nio.withLock {
            nio.withLockVoid { } // not a configured method: quiet
            self.nio.lock() // expect: recursive_lock
            self.nio.unlock()
        }
    }

    func raw() {
        os_unfair_lock_lock(&unfair)
        os_unfair_lock_lock(&unfair) // expect: recursive_lock
        os_unfair_lock_unlock(&unfair)
        os_unfair_lock_unlock(&unfair)
        pthread_mutex_lock(&mutex)
        helper() // expect: recursive_lock
        pthread_mutex_unlock(&mutex)
    }

    private func helper() {
        pthread_mutex_lock(&mutex)
        pthread_mutex_unlock(&mutex)
    }
}

// A lock local to a function.
func localTwice() {
    let lock = NSLock()
    lock.lock()
    lock.lock() // expect: recursive_lock
    lock.unlock()
    lock.unlock()
}

extension Inventory {
    func fromExtension() {
        lock.withLock {
            remove("a") // expect: recursive_lock
        }
    }
}

/// A package's own copy of NIOLockedValueBox.
final class Promise<Value> {
    private let state = LockedValueBox<Value?>(nil)

    var value: Value? {
        get async {
            self.state.withLockedValue { state in
                self.state.withLockedValue { _ in } // expect: recursive_lock
                return state
            }
        }
    }
}
