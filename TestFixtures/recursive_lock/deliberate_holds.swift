import Foundation

// A second lock held only to keep publications in the order of the changes: the state has its
// own lock, nested inside. Calling the closure after the release would reorder publications.
final class EventJournal {
    private let stateLock = NSLock()
    private let publishLock = NSLock()
    private var lines: [String] = []
    private var sealed = false
    private let onLines: (([String]) -> Void)?

    init(onLines: (([String]) -> Void)?) { self.onLines = onLines }

    func append(_ line: String) {
        publishLock.withLock {
            let copy: [String]? = stateLock.withLock {
                guard !sealed else { return nil }
                lines.append(line)
                return lines
            }
            guard let copy else { return }
            onLines?(copy)
        }
    }

    func seal() {
        publishLock.lock()
        defer { publishLock.unlock() }
        stateLock.withLock {
            sealed = true
            lines.removeAll()
        }
        onLines?([])
    }
}

// Near miss: the outer lock also guards state of its own, written with only it held.
final class LooseJournal {
    private let stateLock = NSLock()
    private let publishLock = NSLock()
    private var lines: [String] = []
    private var published = 0
    private let onLines: (([String]) -> Void)?

    init(onLines: (([String]) -> Void)?) { self.onLines = onLines }

    func append(_ line: String) {
        publishLock.withLock {
            let copy = stateLock.withLock { () -> [String] in
                lines.append(line)
                return lines
            }
            published += 1
            onLines?(copy)  // expect: recursive_lock
        }
    }
}

// Get-or-create: the maker runs under the lock, its value goes to a local that a method of the
// type stores in the same hold, so exactly one value is made and published.
final class TokenVault {
    private let lock = NSLock()
    private let makeToken: (Int) -> String
    private var token: String?

    init(makeToken: @escaping (Int) -> String) { self.makeToken = makeToken }

    func current(seed: Int) -> String {
        lock.withLock {
            if token == nil {
                var token = UserDefaults.standard.string(forKey: "vault")
                if token == nil {
                    token = makeToken(seed)
                    remember(token ?? "")
                }
            }
        }
        return lock.withLock { token ?? "" }
    }

    private func remember(_ value: String) {
        token = value
    }
}

// Near miss: the made value is only handed back, never stored under the lock.
final class TokenPrinter {
    private let lock = NSLock()
    private let makeToken: (Int) -> String
    private var count = 0

    init(makeToken: @escaping (Int) -> String) { self.makeToken = makeToken }

    func fresh(seed: Int) -> String {
        lock.withLock {
            count += 1
            let made = makeToken(seed)  // expect: recursive_lock
            describe(made)
            return made
        }
    }

    private func describe(_ value: String) { print(value) }
}

// The author says the check is under the lock on purpose (it closes a race with revoke()).
final class GrantBook {
    private let lock = NSLock()
    private let isPermitted: () -> Bool
    private var grants: [String] = []

    init(isPermitted: @escaping () -> Bool) { self.isPermitted = isPermitted }

    func grant(_ name: String) {
        lock.withLock {
            // Checked with the same lock revoke() takes, so a revoke that wins cannot leave a
            // stale grant behind.
            if isPermitted() {
                grants.append(name)
            }
        }
    }

    func revoke() { lock.withLock { grants.removeAll() } }
}

// Near miss: the same check with no word from the author.
final class OpenBook {
    private let lock = NSLock()
    private let isPermitted: () -> Bool
    private var grants: [String] = []

    init(isPermitted: @escaping () -> Bool) { self.isPermitted = isPermitted }

    func grant(_ name: String) {
        lock.withLock {
            // Keep the list short.
            if grants.count < 10, isPermitted() {  // expect: recursive_lock
                grants.append(name)
            }
        }
    }
}
