import Foundation

// A box of the project's own: its closure method hands the closure the value it keeps.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// A lock of the project's own that keeps nothing: its closures guard the caller's state.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

// Quiet: the box guards the table; `pending` is this object's own, touched once inside a box
// closure because that is where the lookup happens.
final class Resolver {
    private let table: Protected<[String: Int]>
    private var pending: [String] = []

    init(table: Protected<[String: Int]>) { self.table = table }

    func resolve(_ names: [String]) {
        table.withLock { t in
            for n in names where t[n] == nil {
                pending.append(n)
            }
        }
    }

    func retry() {
        guard !pending.isEmpty else { return }
        print(pending)
    }
}

// Fires: the same shape with a lock that keeps nothing: its closure is there for this state.
final class GatedResolver {
    private let gate = Gate()
    private var pending: [String] = []

    func resolve(_ names: [String]) {
        gate.withLock {
            pending.append(contentsOf: names)
        }
    }

    func retry() {
        print(pending) // expect: inconsistent_locking
    }
}
