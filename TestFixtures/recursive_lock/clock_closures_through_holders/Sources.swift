import Foundation

// Between the closure and the value: a holder. A value-type holder (a struct of plain values)
// cannot call back; a holder typed by a protocol of the run, or a class, can.

struct FixedSource {
    let seconds: TimeInterval
    func read() -> Date { Date(timeIntervalSince1970: seconds) }
}

protocol TimeSource {
    func read() -> Date
}

final class LeaseTable {
    private let lock = NSLock()
    private var leases: [String: Date] = [:]
    private let now: () -> Date

    init(now: @escaping () -> Date) {
        self.now = now
    }

    func grant(_ key: String) {
        lock.withLock { leases[key] = now() }
    }
}

final class TokenCache {
    private let lock = NSLock()
    private var tokens: [String: Date] = [:]
    private let now: () -> Date

    init(now: @escaping () -> Date) {
        self.now = now
    }

    func store(_ token: String) {
        lock.lock()
        tokens[token] = now()  // expect: recursive_lock
        lock.unlock()
    }

    func count() -> Int { lock.withLock { tokens.count } }
}

final class CacheHolder {
    var cache: TokenCache?
}
