import Foundation

// A loop binding, closure parameter or pattern binding named like a property whose getter takes
// the lock: inside the held region the name is the local, not the property. Only a read of the
// property itself takes the lock again.
final class Palette: @unchecked Sendable {
    private let lock = NSLock()
    private var _shade = 0
    private var cache: [Int] = []

    var shade: Int {
        lock.withLock { _shade }
    }

    func rebuild(from candidates: [Int]) {
        lock.withLock {
            var out: [Int] = []
            for shade in candidates {
                out.append(shade * 2)
            }
            cache = out
        }
    }

    func rebuildMapped(from candidates: [Int]) {
        lock.withLock {
            cache = candidates.map { shade in shade + 1 }
        }
    }

    func rebuildPairs(from pairs: [(Int, Int)]) {
        lock.withLock {
            for (shade, weight) in pairs where weight > 0 {
                cache.append(shade)
            }
        }
    }

    // After the loop the binding is gone: `shade` is the property again.
    func rebuildThenRead(from candidates: [Int]) {
        lock.withLock {
            for shade in candidates { cache.append(shade) }
            cache.append(shade) // expect: recursive_lock
        }
    }

    // No local of that name: the property, read under the lock.
    func snapshot() -> [Int] {
        lock.withLock { cache + [shade] } // expect: recursive_lock
    }
}
