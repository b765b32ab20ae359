import Foundation

// The calls are made inside the class's own wrapper, which runs its closure holding the lock.

final class Inbox: NSObject {
    private let lock = NSLock()
    private var unread: [String] = []

    private func withInbox<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func deliver(_ message: String) {
        withInbox { unread.append(message) }
    }

    var count: Int {
        withInbox { unread.count }
    }

    func refresh() {
        withInbox { self.compact() }
    }

    /// Quiet: called only inside `withInbox { }`.
    @objc func compact() {
        unread.removeAll { $0.isEmpty }
    }

    /// Fires: no Swift code calls it; the Objective-C code that does holds nothing the tool
    /// can see, and the tool reports what it sees.
    @objc func clear() {
        unread = [] // expect: inconsistent_locking
    }
}
