import Foundation

// A semaphore used as a lock, taken with wait() and released by a defer registered right after:
// every early exit runs that defer, so code on the way out (a guard's else, an if that
// returns) still holds it.
final class RefStore {
    private let semaphore = DispatchSemaphore(value: 1)
    private var refs: [String: [Int]] = [:]
    private var misses = 0

    func update(_ key: String, _ new: [Int]) -> [Int] {
        semaphore.wait()
        defer { semaphore.signal() }
        guard let old = refs[key] else {
            refs[key] = new
            misses += 1
            return new
        }
        refs[key] = old + new
        return old + new
    }

    func lookup(_ key: String) -> [Int]? {
        semaphore.wait()
        defer { semaphore.signal() }
        if refs[key] == nil {
            misses += 1
            return nil
        }
        return refs[key]
    }

    // The near miss: an exit taken before the wait leaves without it.
    func drop(_ key: String) {
        guard !key.isEmpty else {
            misses += 1 // expect: inconsistent_locking
            return
        }
        semaphore.wait()
        defer { semaphore.signal() }
        refs[key] = nil
    }
}
