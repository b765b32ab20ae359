import Foundation

/// Three deliberate findings, so the plugins have something to show (the last one with a safe fix).
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

/// A Sendable constant needs no `nonisolated(unsafe)`: the fix removes it.
nonisolated(unsafe) let defaultLimit = 10
