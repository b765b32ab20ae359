import Foundation

/// Sources a dashboard can hold still: `lock()` only marks one as frozen.
protocol Feed: AnyObject {
    func lock()
    func unlock()
    func refresh()
}

final class PriceFeed: Feed {
    private var frozen = false
    func lock() { frozen = true }
    func unlock() { frozen = false }
    func refresh() {}
}

/// The default implementation is a flag too.
protocol Freezable: AnyObject {
    var frozen: Bool { get set }
    func lock()
    func unlock()
}

extension Freezable {
    func lock() { frozen = true }
    func unlock() { frozen = false }
}

final class Chart: Freezable {
    var frozen = false
}

/// One conformer really locks: calls through the protocol may take a lock.
protocol Guarded: AnyObject {
    func lock()
    func unlock()
}

final class Quiet: Guarded {
    private var held = false
    func lock() { held = true }
    func unlock() { held = false }
}

final class Strict: Guarded {
    private let mutex = NSLock()
    func lock() { mutex.lock() }
    func unlock() { mutex.unlock() }
}

/// A default that takes a real lock.
protocol Serialized: AnyObject {
    var gate: NSLock { get }
    func lock()
    func unlock()
}

extension Serialized {
    func lock() { gate.lock() }
    func unlock() { gate.unlock() }
}
