import Foundation

/// Its only mutable state is filled through the lock's helper.
final class Settings: @unchecked Sendable {  // Quiet: every access is under the lock, through `fillOnce`.
    private let lock = NSLock()
    private var cached: [String: String]?

    var values: [String: String] {
        lock.fillOnce(&cached) { ["mode": "fast"] }
    }
}

/// The helper that reads first guards nothing.
final class LooseSettings: @unchecked Sendable {  // expect: unchecked_sendable_unguarded
    private let lock = NSLock()
    private var cached: [String: String]?

    var values: [String: String] {
        lock.fillLoosely(&cached) { ["mode": "fast"] }
    }
}
