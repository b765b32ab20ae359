import Foundation

// A function declared inside a block runs where the block calls it: on the queue, or with the
// lock held.
final class CategoryCache: @unchecked Sendable {
    private let queue = DispatchQueue(label: "categories")
    private var names: [String: Int] = [:]

    // Quiet: `lookup` is declared in the block and called there.
    func log(_ type: Any.Type) {
        queue.async {
            func lookup(_ key: String) -> Int {
                if let hit = self.names[key] { return hit }
                self.names[key] = key.count
                return key.count
            }
            print(lookup(String(describing: type)))
        }
    }

    // Fires: declared in the block, but handed to code that may run it anywhere, later.
    func logLater(_ type: Any.Type, run: @escaping (() -> Void) -> Void) {
        queue.async {
            func record() {
                self.names[String(describing: type)] = 0 // expect: unchecked_sendable_unguarded
            }
            run(record)
        }
    }

    func count() -> Int { queue.sync { names.count } }
}

final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var totals: [String: Int] = [:]

    // Quiet: called inside the locked closure.
    func add(_ words: [String]) {
        lock.withLock {
            func bump(_ w: String) { totals[w, default: 0] += 1 }
            for w in words { bump(w) }
        }
    }

    // Fires: called from a task the closure starts, which runs after the lock is released.
    func addLater(_ word: String) {
        lock.withLock {
            func bump() { totals[word, default: 0] += 1 } // expect: unchecked_sendable_unguarded
            Task { bump() }
        }
    }

    func total(_ w: String) -> Int { lock.withLock { totals[w] ?? 0 } }
}
