import Foundation

/// Two deliberate findings, so the plugins have something to show.
public actor Cache {
    private let lock = NSLock()
    private var items: [String: Int] = [:]

    public func value(_ key: String) -> Int? { items[key] }
}

public final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    public init() {}
    public func increment() { lock.withLock { count += 1 } }
    public var current: Int { count }
}
