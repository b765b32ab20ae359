import Foundation

/// Code compiled only for tests (an `#if` on a test flag, not negated, that no other condition
/// can stand in for) is test code: a test hook that sets state without the lock is reported only
/// when the test touches it from concurrent code. Code that also builds without the flag is
/// product code.
final class Catalog {
    private let lock = NSLock()
    private var items: [String] = []
    private var selected = 0
    private var hits = 0

    func add(_ s: String) { lock.withLock { items.append(s) } }
    func select(_ k: Int) { lock.withLock { selected = k; hits += 1 } }
    func current() -> String? { lock.withLock { items.indices.contains(selected) ? items[selected] : nil } }
}

#if TESTING
extension Catalog {
    func seedForTests(_ list: [String]) {
        items = list
    }
}
#endif

#if DEBUG && UNIT_TESTS
extension Catalog {
    func forceSelection(_ k: Int) { selected = k }
}
#endif

#if (os(iOS) && IsTesting)
extension Catalog {
    func peekSelection() -> Int { selected }
}
#endif

/// Product code: it builds on iOS without the flag.
#if os(iOS) || TESTING
extension Catalog {
    func resetSelection() { selected = 0 } // expect: inconsistent_locking
}
#endif

/// Product code: the flag is negated.
#if !TESTING
extension Catalog {
    func dropAll() { items = [] } // expect: inconsistent_locking
}
#endif

/// Product code: the branch taken without the flag.
#if TESTING
extension Catalog {
    func stubbed() -> Int { 0 }
}
#else
extension Catalog {
    func count() -> Int { items.count } // expect: inconsistent_locking
}
#endif

/// A test hook that races with itself: it writes from a dispatched block, so the test that
/// calls it can be flaky.
#if TESTING
extension Catalog {
    func hitConcurrently() {
        DispatchQueue.global().async { self.hits += 1 } // expect: inconsistent_locking
    }
}
#endif
