import Foundation

// A private queue no other code can take: a member whose comment names the queue and asks its
// caller to be on it keeps that contract; one whose comment only mentions the queue does not.
final class Ledger {
    private let workQueue = DispatchQueue(label: "ledger")
    private var items: [Int] = []

    func add(_ n: Int) {
        workQueue.async { self.items.append(n) }
    }

    func drain(_ done: @escaping ([Int]) -> Void) {
        workQueue.async {
            let all = self.items
            self.items.removeAll()
            done(all)
        }
    }

    /// Only from `workQueue`: how many items wait.
    func pending() -> Int { items.count }

    /// Make sure you are on workQueue before asking.
    var isEmpty: Bool { items.isEmpty }

    /// Should be called from the main dispatch queue: names the main queue, not `workQueue`'s.
    func last() -> Int? { items.last } // expect: inconsistent_locking

    /// The items that `workQueue` collects, summed.
    func total() -> Int { items.reduce(0, +) } // expect: inconsistent_locking
}
