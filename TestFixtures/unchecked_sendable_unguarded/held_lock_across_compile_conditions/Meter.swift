import Foundation

// The held lock flows into every branch of an `#if` that follows `lock()` and its deferred
// `unlock()`, through the project's lock type declared in another file.
final class Meter: @unchecked Sendable {
    private let gate = Gate()
    private var samples: [Double] = []

    func record(_ value: Double) {
        gate.lock()
        defer { gate.unlock() }
        samples.append(value)
    }

    func latest() -> Double? {
        gate.lock()
        defer { gate.unlock() }
        #if os(macOS)
        return samples.last
        #elseif os(iOS)
        return samples.last.map { $0 * 2 }
        #else
        return samples.first
        #endif
    }

    func count() -> Int {
        gate.lock()
        defer { gate.unlock() }
        #if swift(>=6.0)
        if samples.isEmpty { return 0 }
        #endif
        return samples.count
    }

    // Near miss: the `#else` branch does not take the lock the first branch takes.
    func peek() -> Double? {
        #if DEBUG
        gate.lock()
        defer { gate.unlock() }
        return samples.first
        #else
        return samples.first // expect: unchecked_sendable_unguarded
        #endif
    }
}
