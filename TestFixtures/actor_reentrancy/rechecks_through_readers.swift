import Foundation

/// After the await the method looks at the state again through a synchronous method of the
/// actor that reads it (`nextWorker()`), and acts on what that returns: the check before the
/// await is not what the write acts on.
actor Pool {
    private var workers: [String] = []
    private var hasDropped = false
    private var cursor = 0

    func select() async throws -> String {
        if workers.isEmpty {
            switch hasDropped {
            case false:
                try await Task.sleep(nanoseconds: 1)
            case true:
                throw CancellationError()
            }
        }
        guard let picked = nextWorker() else { throw CancellationError() }
        guard picked.hasPrefix("live") else {
            // Quiet: `nextWorker()` read `workers` again; the flag is set on what it found.
            drop(picked)
            return try await select()
        }
        return picked
    }

    private func nextWorker() -> String? {
        if cursor >= workers.count { cursor = 0 }
        return workers.isEmpty ? nil : workers[cursor]
    }

    private func drop(_ w: String) {
        workers.removeAll { $0 == w }
        hasDropped = true
    }
}

/// The same shapes where the code does not look again: the reader reads another property, and
/// the flag setter runs whatever the await brought.
actor Queue {
    private var items: [Int] = []
    private var sawEmpty = false
    private var limit = 3

    func take() async -> Int? {
        if items.isEmpty {
            await Task.yield()
        }
        let l = currentLimit()
        markEmpty() // expect: actor_reentrancy
        _ = l
        return nil
    }

    func takeAny() async -> Int? {
        if !sawEmpty {
            await Task.yield()
        }
        // Unconditional: the flag records nothing the await found.
        markEmpty() // expect: actor_reentrancy
        return nil
    }

    // Fires: the reader's result is only logged, not tested.
    func drain() async {
        if items.isEmpty {
            await Task.yield()
        }
        print(itemCount())
        items.removeAll() // expect: actor_reentrancy
    }

    private func itemCount() -> Int { items.count }

    private func currentLimit() -> Int { limit }

    private func markEmpty() {
        items.removeAll()
        sawEmpty = true
    }
}

/// Another spelling: `self.` calls, a reader that tests the state, the setter under `if`.
actor Registry {
    private var entries: [String: Int] = [:]
    private var stale = false

    func refresh(_ key: String) async {
        guard self.entries[key] == nil else { return }
        await Task.yield()
        if let found = self.lookup(key) {
            self.forget(key) // quiet: `lookup` read `entries` after the await
            _ = found
        }
    }

    private func lookup(_ key: String) -> Int? { entries[key] }

    private func forget(_ key: String) {
        entries[key] = nil
        stale = true
    }
}
