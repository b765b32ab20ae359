import Foundation

// The stored closure only ever holds the type's own code, and that code takes the lock again.
final class Poller {
    private let lock = NSLock()
    private var ticks = 0
    private var onTick: (() -> Void)?

    init() {
        onTick = { [weak self] in self?.record() }
    }

    func fire() {
        lock.withLock {
            ticks += 1
            onTick?()  // expect: recursive_lock
        }
    }

    func record() { lock.withLock { ticks += 10 } }
}

// Near miss: the type's own code that never takes the lock.
final class QuietPoller {
    private let lock = NSLock()
    private var ticks = 0
    private var onTick: (() -> Void)?

    init() {
        onTick = { [weak self] in self?.log() }
    }

    func fire() {
        lock.withLock {
            ticks += 1
            onTick?()
        }
    }

    func log() { print("tick") }
}

// A method of the type stored as the closure, which reaches the lock through a helper.
final class Relay {
    private let lock = NSLock()
    private var count = 0
    private var forward: ((Int) -> Void)?

    init() {
        forward = accept
    }

    func push(_ n: Int) {
        lock.lock()
        defer { lock.unlock() }
        count += n
        forward?(n)  // expect: recursive_lock
    }

    private func accept(_ n: Int) { bump() }
    private func bump() { lock.withLock { count += 1 } }
}

// Near miss: the stored method reaches no acquisition.
final class QuietRelay {
    private let lock = NSLock()
    private var count = 0
    private var forward: ((Int) -> Void)?

    init() {
        forward = accept
    }

    func push(_ n: Int) {
        lock.lock()
        defer { lock.unlock() }
        count += n
        forward?(n)
    }

    private func accept(_ n: Int) { print(n) }
}

// A closure written in the type that takes the lock itself.
final class Gauge {
    private let lock = NSLock()
    private var level = 0
    private var reset: (() -> Void)?

    init() {
        reset = { [unowned self] in
            self.lock.withLock { self.level = 0 }
        }
    }

    func drain() {
        lock.withLock {
            level -= 1
            if level < 0 { reset?() }  // expect: recursive_lock
        }
    }
}
