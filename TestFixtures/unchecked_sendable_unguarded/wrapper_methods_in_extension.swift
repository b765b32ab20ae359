import Foundation

// The pair in the class, a closure method in an extension of it in the same file.
final class SpinGate: @unchecked Sendable {
    private var raw = os_unfair_lock_s()
    func lock() { os_unfair_lock_lock(&raw) }
    func unlock() { os_unfair_lock_unlock(&raw) }
}

extension SpinGate {
    func perform<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

// Quiet: every access runs in the extension's closure method.
final class Tally: @unchecked Sendable {
    private let gate = SpinGate()
    private var total = 0

    func add(_ n: Int) { gate.perform { total += n } }
    func current() -> Int { gate.perform { total } }
}

// Fires: one read outside it.
final class LooseTally: @unchecked Sendable {
    private let gate = SpinGate()
    private var total = 0

    func add(_ n: Int) { gate.perform { total += n } }
    func current() -> Int { total } // expect: unchecked_sendable_unguarded
}
