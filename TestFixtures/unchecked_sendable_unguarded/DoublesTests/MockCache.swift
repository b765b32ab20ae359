import Foundation

/// A test double with a lock that still reads without it, in its own file: which threads reach
/// it is decided by the tests that use it.
final class MockCache: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String: Int] = [:]
    func set(_ k: String, _ v: Int) { lock.withLock { stored[k] = v } }
    var count: Int { stored.count }
}

/// The same shape, behind a protocol the code under test calls.
protocol Recording { func record(_ e: String) }

final class SpyRecorder: Recording, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func record(_ e: String) { lock.withLock { events.append(e) } }
    var last: String? { events.last } // expect: unchecked_sendable_unguarded
}
