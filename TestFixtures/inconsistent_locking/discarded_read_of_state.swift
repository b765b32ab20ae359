import Foundation

// `_ = x` (or `_ = self.x`, `_ = Self.x`) as a whole statement reads a var only to throw the
// value away (often to make a static exist early): nothing can act on a stale value. Anything
// that uses the value is a read like any other, and so is the first read of an instance's
// lazy var, which stores its initial value.
final class Watcher {
    private static let flagLock = NSLock()
    private static var fired = false
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private lazy var table: [Int] = []

    init() {
        // Quiet: the static's value is thrown away.
        _ = Self.fired
    }

    static func fire() {
        flagLock.withLock { fired = true }
    }

    func append(_ b: UInt8) {
        lock.withLock {
            buffer.append(b)
            table.append(Int(b))
        }
    }

    // Quiet: another spelling, the bare name and `self.`.
    func touch() {
        _ = buffer
        _ = self.buffer
    }

    // Fires: the first read of a lazy var stores its initial value.
    func prepare() {
        _ = table // expect: inconsistent_locking
    }

    // Fires: the value is used (its count), not thrown away.
    func size() {
        _ = buffer.count // expect: inconsistent_locking
    }

    // Fires: the static's value decides the result.
    static func check() -> Bool {
        fired // expect: inconsistent_locking
    }
}
