import Foundation

// Optional chaining and force-unwrapping name the same lock as the bare property: a lock taken
// through `gate?.` in one method and released through `gate?.` in another is a pause, not a leak.

final class Pauser {
    private var gate: NSLock? = NSLock()
    func pause() { gate?.lock() }
    func resume() { gate?.unlock() }
}

// Force-unwrapped in one place, optional-chained in the other: still one lock.
final class Throttle {
    var lock: NSLock!
    func begin() { lock!.lock() }
    func end() { self.lock?.unlock() }
}

// A protocol-typed optional, released through `self?.` in a callback.
protocol Gate: AnyObject {
    func lock()
    func unlock()
}

final class Session {
    weak var gate: Gate?
    func hold(_ work: @escaping (@escaping () -> Void) -> Void) {
        gate?.lock()
        work { [weak self] in self?.gate?.unlock() }
    }
}

// Nothing in the file releases it, whatever the spelling: reported.
final class Leaky {
    private var door: NSLock? = NSLock()
    func touch() { door?.lock() } // expect: lock_without_defer
}

// Released on one path only: reported at the acquire.
final class Partial {
    private var lock: NSLock? = NSLock()
    private var count = 0
    func bump(_ skip: Bool) {
        lock?.lock() // expect: lock_without_defer
        if skip { return }
        count += 1
        lock?.unlock()
    }
}
