import Foundation

/// A lock shared by every instance (`static let`) guards the type's shared state. An instance var
/// never accessed under it is not "never accessed under the class's guard": the class has no
/// guard of its own, and the finding says so (and names no lock to take).
final class Client: @unchecked Sendable {
    static let openFolders = NSLock()
    nonisolated(unsafe) static var folders: Set<String> = []
    let folder: String
    var recovery: String?

    init(folder: String) {
        self.folder = folder
    }

    func register() {
        Self.openFolders.lock()
        defer { Self.openFolders.unlock() }
        Self.folders.insert(folder)
    }

    func reconnect(_ r: String) {
        recovery = r // expect: unchecked_sendable_unguarded
    }

    func current() -> String? { recovery }
}

/// Another spelling (`Session.registryLock`), and an instance lock beside it: the finding names
/// the instance lock, never the type's.
final class Session: @unchecked Sendable {
    static let registryLock = NSLock()
    nonisolated(unsafe) static var live = 0
    private let lock = NSLock()
    private let name = "s"
    private var token: String?
    private var retries = 0

    func start(_ name: String) {
        Session.registryLock.lock()
        Session.live += name.count
        _ = self.name
        Session.registryLock.unlock()
    }

    func setToken(_ t: String) {
        lock.lock()
        defer { lock.unlock() }
        token = t
    }

    func retry() {
        retries += 1 // expect: unchecked_sendable_unguarded
    }

    func count() -> Int { retries }
}

/// Quiet: the type's lock is used around the instance var itself: it is that var's guard.
final class Ledger: @unchecked Sendable {
    static let shared = NSLock()
    private var total = 0

    func add(_ n: Int) {
        Ledger.shared.lock()
        defer { Ledger.shared.unlock() }
        total += n
    }

    func read() -> Int {
        Ledger.shared.lock()
        defer { Ledger.shared.unlock() }
        return total
    }
}
