import Foundation

// Another spelling: a public lock that some reads hold, around a setting no code of the run
// writes.
public final class Throttle: @unchecked Sendable {
    public let lock = NSLock()
    public var limit = 10
    private var used = 0

    public init() {}

    public func take() -> Bool {
        lock.withLock {
            guard used < limit else { return false }
            used += 1
            return true
        }
    }

    public func remaining() -> Int {
        limit - lock.withLock { used }
    }
}
