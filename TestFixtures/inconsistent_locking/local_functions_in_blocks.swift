import Foundation

// A local function declared in a queue block and called there runs on the queue.
final class Registry {
    private let queue = DispatchQueue(label: "registry")
    private var entries: [String] = []

    func add(_ e: String) {
        queue.async { self.entries.append(e) }
    }

    // Quiet: `trim` runs inside the block that declares it.
    func trimmed(to n: Int) -> [String] {
        queue.sync {
            func trim() -> [String] {
                if entries.count > n { entries.removeFirst(entries.count - n) }
                return entries
            }
            return trim()
        }
    }

    // Fires: the local function is called outside the block too.
    func reset() {
        func wipe() { entries.removeAll() } // expect: inconsistent_locking
        queue.sync { wipe() }
        wipe()
    }
}
