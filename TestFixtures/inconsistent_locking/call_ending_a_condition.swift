import Foundation

/// Private helpers called only from blocks on the queue, each call ending a `switch`, `if` or
/// `for` condition: the `{` after the call opens the statement's body, not a trailing closure,
/// so the call is the helper's (overloads told apart by their labels) and runs on the queue.
final class Exclusivity {
    private let queue = DispatchQueue(label: "exclusivity")
    private var waiting: [String: [Int]] = [:]
    private var served = 0

    func request(_ categories: Set<String>) {
        queue.async { self.take(for: categories) }
    }

    func release(_ category: String) {
        queue.async { self.waiting[category] = nil }
    }

    func report() {
        queue.async {
            for name in self.take(names: 3) {
                print(name)
            }
        }
    }

    func count() -> Int {
        served  // expect: inconsistent_locking
    }

    private func take(for categories: Set<String>) {
        for c in categories {
            switch take(forCategory: c) {
            case true: served += 1
            case false: print("waiting")
            }
            if take(forCategory: c + "-again") {
                served += 1
            }
        }
    }

    private func take(forCategory c: String) -> Bool {
        var q = waiting[c] ?? []  // Quiet: only reached from blocks on the queue.
        let first = q.isEmpty
        q.append(1)
        waiting[c] = q
        return first
    }

    private func take(names n: Int) -> [String] {
        Array(waiting.keys.prefix(n))  // Quiet: as above.
    }
}
