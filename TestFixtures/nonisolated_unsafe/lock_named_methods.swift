import Foundation
import NIOConcurrencyHelpers
import QuartzCore

// NIOLock's closure methods take the lock: each write below holds 'lock'. (The unlocked read in
// 'leasedCount' is why these vars are not "only used with the lock held".)
final class ConnectionPool: @unchecked Sendable {
    private let lock = NIOLock()
    private nonisolated(unsafe) var idle: [Int] = []
    private nonisolated(unsafe) var leased = 0

    func release(_ id: Int) {
        lock.withLockVoid {
            idle.append(id)
            leased -= 1
        }
    }

    func lease() -> Int? {
        lock.withLock {
            leased += 1
            return idle.popLast()
        }
    }

    var leasedCount: Int { leased + idle.count }
}

// A static lock whose closure method says it locks, by its name's words.
enum Metrics {
    static let lock = NIOLock()
    nonisolated(unsafe) static var samples: [Double] = []
    static func record(_ value: Double) {
        Self.lock.withLockVoid { samples.append(value) }
    }
    static var count: Int { samples.count }
}

// The file's own wrapper: a method that runs its closure with the type's lock held.
final class Journal: @unchecked Sendable {
    private let mutex = NSLock()
    nonisolated(unsafe) var entries: [String] = []

    func performLocked<T>(_ body: () throws -> T) rethrows -> T {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }

    func add(_ entry: String) { performLocked { entries.append(entry) } }
    var last: String? { entries.last }
}

// Names that only look like locks: no whole word says so. Reported, as writes with no lock.
final class Animations {
    nonisolated(unsafe) var finished = 0 // expect: nonisolated_unsafe
    func run() {
        CATransaction.setCompletionBlock { self.finished += 1 }
    }
}

final class Glossary {
    nonisolated(unsafe) var terms: [String] = [] // expect: nonisolated_unsafe
    func synchronizeTerms(_ body: () -> Void) { body() }
    func reload() { synchronizeTerms { terms = [] } }
}
