import Foundation

// A value found present under one acquisition, and a value made from it written under a second:
// an update made in between is lost (two callers both read 1 and both store 2).
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func bump(_ key: String) {
        if let old = (lock.withLock { counts[key] }) {
            lock.withLock { counts[key] = old + 1 } // expect: split_critical_section
        }
    }

    func double(_ key: String) {
        guard let old = lock.withLock({ counts[key] }) else { return }
        lock.withLock { counts[key] = old * 2 } // expect: split_critical_section
    }

    // A value found absent and filled: a race makes it twice and keeps one (quiet by design).
    func start(_ key: String) -> Int {
        if let hit = lock.withLock({ counts[key] }) { return hit }
        let made = key.count
        lock.withLock { counts[key] = made }
        return made
    }

    // Present, but the value written does not come from it: quiet.
    func reset(_ key: String) {
        if let _ = lock.withLock({ counts[key] }) {
            lock.withLock { counts[key] = 0 }
        }
    }

    // Taken again and re-read under the second acquisition: quiet.
    func bumpChecked(_ key: String) {
        if let old = (lock.withLock { counts[key] }) {
            lock.withLock { counts[key] = (counts[key] ?? old) + 1 }
        }
    }
}
