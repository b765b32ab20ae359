import Foundation

/// Several reads (or writes) of one var on one unguarded path of a function are one finding,
/// at the first, with a note at each of the others; another function, or a closure that runs
/// apart, is another path.
final class Playlist {
    private let lock = NSLock()
    private var tracks: [String] = []

    func add(_ t: String) { lock.withLock { tracks.append(t) } }
    func clear() { lock.withLock { tracks.removeAll() } }

    func summary() -> String {
        let first = tracks.first ?? "" // expect: inconsistent_locking
        let last = tracks.last ?? ""
        return "\(tracks.count): \(first)…\(last)"
    }

    func printLater() {
        print(tracks.count) // expect: inconsistent_locking
        DispatchQueue.global().async {
            print(self.tracks.first ?? "", self.tracks.last ?? "") // expect: inconsistent_locking
        }
    }

    /// Quiet: every read holds the lock.
    func snapshot() -> (Int, String?) {
        lock.withLock { (tracks.count, tracks.first) }
    }
}

/// The same on a serial queue, in a computed property and in an observer: each body is one
/// path.
final class Inbox {
    private let queue = DispatchQueue(label: "inbox")
    private var messages: [String] = []
    var limit = 10 {
        didSet {
            if messages.count > limit { print(messages.count, messages.first ?? "") } // expect: inconsistent_locking
        }
    }

    func receive(_ m: String) { queue.async { self.messages.append(m) } }
    func purge() { queue.async { self.messages.removeAll() } }

    var preview: String {
        messages.isEmpty ? "" : messages[0] + "/" + messages[messages.count - 1] // expect: inconsistent_locking
    }
}

/// Through a wrapper of the class's own: the reads of one unguarded method are one finding, and
/// its write another (each half of the check-then-act has its own fix).
final class Ledger {
    private let guardLock = NSLock()
    private var rows: [Int] = []

    private func locked<T>(_ body: () -> T) -> T {
        guardLock.lock()
        defer { guardLock.unlock() }
        return body()
    }

    func append(_ r: Int) { locked { rows.append(r) } }

    func compact() {
        if rows.count > 100 { // expect: inconsistent_locking
            rows = Array(rows.suffix(50)) // expect: inconsistent_locking
        }
    }
}

/// Other code sets the observed var, so its observer runs.
struct InboxSettings {
    let inbox: Inbox
    func tighten() { inbox.limit = 5 }
}
