import Foundation

/// A class that claims to be Sendable and writes a var with no guard while it reads it under its
/// lock: the writes are reported (they are the cause), the reads are not reported apart.
final class Downloader: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [String: Int] = [:]
    var delegateName = "default" {
        didSet { current = delegateName } // expect: unchecked_sendable_unguarded
    }
    private var current = "default"

    func add(_ url: String) {
        lock.lock()
        defer { lock.unlock() }
        tasks[url] = current.count
    }

    func cancelAll() { print(current) }
}

/// The same through a helper in an extension: the helper's write is reported once.
extension Downloader {
    func rename(_ name: String) { store(name) }
    private func store(_ name: String) { current = name } // expect: unchecked_sendable_unguarded
}

/// Every write holds the lock: the lock is the guard, and a read without it races with them.
final class Meter: @unchecked Sendable {
    private let lock = NSLock()
    private var level = 0
    func set(_ x: Int) { lock.withLock { level = x } }
    func peek() -> Int { level } // expect: unchecked_sendable_unguarded
}

/// Other code sets the observed var, so its observer runs.
func attach(_ d: Downloader) { d.delegateName = "attached" }
