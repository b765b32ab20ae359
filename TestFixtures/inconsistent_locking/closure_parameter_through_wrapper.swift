import Foundation

/// Runs `work` on each value; the closure's parameter binds each value in turn.
func eachValue<T, R>(_ values: [T], _ work: (T) async -> R) async -> [R] {
    var out: [R] = []
    for v in values { out.append(await work(v)) }
    return out
}

// A closure handed through a helper of the file: its parameter still hides the property.
final class Counter {
    private let lock = NSLock()
    private var value = 0

    func bump() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    // Quiet: `value` is the closure's parameter (`value async -> Int in`).
    func doubled(_ values: [Int]) async -> [Int] {
        await eachValue(values) { value async -> Int in
            value * 2
        }
    }

    // Fires: the parameter is `n`; `value` is the property, read without the lock.
    func offset(_ values: [Int]) async -> [Int] {
        await eachValue(values) { n async -> Int in
            n + value // expect: inconsistent_locking
        }
    }
}
