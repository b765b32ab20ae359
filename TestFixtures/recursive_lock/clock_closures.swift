import Foundation

// A stored closure whose every value in the run is a function of a type that cannot call back
// (a clock such as `Date.init`) or a closure that captures only values is no callback: the lock
// is held while it reads the time, and copying it out would change nothing.

final class Throttle {
    private let lock = NSLock()
    private var last: Date?
    private let now: () -> Date

    init(now: @escaping () -> Date = Date.init) {
        self.now = now
    }

    func allow() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let t = now()
        if let last, t.timeIntervalSince(last) < 1 { return false }
        last = t
        return true
    }
}

let sharedThrottle = Throttle()

enum WallClock {
    static func read() -> Date { Date() }
}

final class Stopwatch {
    private let lock = NSLock()
    private var started: Date?
    private let ticks: () -> Date = WallClock.read

    func lap() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let t = ticks()
        if let started, t.timeIntervalSince(started) < 1 { return false }
        started = t
        return true
    }
}

// Near-miss: one value the run passes calls back into the type.
final class Quota {
    private let lock = NSLock()
    private var used = 0
    private let clock: () -> Date

    init(clock: @escaping () -> Date = Date.init) {
        self.clock = clock
    }

    func take() {
        lock.lock()
        defer { lock.unlock() }
        _ = clock()  // expect: recursive_lock
        used += 1
    }

    func reset() { lock.withLock { used = 0 } }
}

func makeQuota() -> Quota {
    var quota: Quota?
    quota = Quota(clock: { quota?.reset(); return Date() })
    return quota!
}

// Near-miss: a public initializer of a library: its clients supply the closure, and the tool
// sees none of them.
public final class PublicMeter {
    private let lock = NSLock()
    private var samples: [Double] = []
    private let read: () -> Double

    public init(read: @escaping () -> Double) {
        self.read = read
    }

    public func sample() {
        lock.withLock { samples.append(read()) }  // expect: recursive_lock
    }
}
