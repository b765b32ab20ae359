import Foundation

final class TokenSession {
    private let lock = NSLock()
    private let archive: TokenArchive
    var audit: TokenAudit?
    private var pending: Set<String> = []

    init(archive: TokenArchive) { self.archive = archive }

    // Check, then set, under one hold: the archive cannot call back.
    func refresh(_ key: String, with token: String) {
        lock.withLock {
            if archive.token(for: key) != token {
                archive.store(token, for: key)
                pending.insert(key)
            }
        }
    }

    func expire(_ key: String) {
        lock.withLock {
            pending.remove(key)
            audit?.record(key) // expect: recursive_lock
        }
    }

    func forget(_ key: String) {
        lock.withLock { _ = pending.remove(key) }
    }
}
