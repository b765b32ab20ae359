import Foundation

// The same for a lock, and for a closure passed as a labelled argument: a completion handler
// created while the lock is held runs after the call returns, without it. A closure passed to a
// function of this file whose closure parameter is not escaping runs during the call, under the
// lock; one whose closure parameter is optional is escaping, like one marked `@escaping`.

/// Quiet: the writes under `lock` that make `token` look guarded are all in completion handlers
/// (a labelled argument, an optional-closure helper of the file), which run later, not under it.
final class TokenStore {
    private let lock = NSLock()
    private let client = TokenClient()
    private var token: String?

    func refresh() {
        lock.lock()
        client.fetch(completion: { value in
            self.token = value
        })
        lock.unlock()
    }

    func renew() {
        lock.withLock {
            later(then: { self.token = nil })
        }
    }

    func current() -> String? {
        token
    }

    private func later(then: (() -> Void)?) {
        DispatchQueue.global().async { then?() }
    }
}

/// Fires: `eachEntry` runs its closure during the call, so the write in it holds `lock`, as do
/// the others; `drop()` writes `entries` without it.
final class EntryCache {
    private let lock = NSLock()
    private var entries: [String: Int] = [:]

    func put(_ k: String, _ v: Int) {
        lock.withLock {
            eachEntry { key, _ in self.entries[key] = v }
            entries[k] = v
        }
    }

    func get(_ k: String) -> Int? {
        lock.withLock { entries[k] }
    }

    func drop() {
        entries = [:] // expect: inconsistent_locking
    }

    private func eachEntry(_ body: (String, Int) -> Void) {
        for (k, v) in entries { body(k, v) }
    }
}

final class TokenClient {
    func fetch(completion: @escaping (String?) -> Void) {}
}
