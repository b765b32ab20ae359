import Foundation

/// Guarded by its lock in this file; the other file's unlocked accesses are all in code that is
/// never compiled, except one.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    var total = 0
    var misses = 0
    func add(_ n: Int) { lock.withLock { total += n; misses += 1 } }
}
