import Foundation

final class Editor {
    private let document = Document()
    private let vault: any Vault
    private let stateLock = NSLock()
    private let cacheLock = Mutex2()
    private var edits = 0
    init(vault: any Vault) { self.vault = vault }

    /// A document made read-only while a real lock is held, and the other way round: no inversion.
    func freeze() {
        document.lock()
        stateLock.lock()
        edits += 1
        stateLock.unlock()
        document.unlock(password: "p")
    }

    func record() {
        stateLock.lock()
        document.lock()
        edits += 1
        document.unlock(password: "p")
        stateLock.unlock()
    }

    /// Through a protocol whose implementation only sets a flag.
    func seal() {
        vault.lock()
        stateLock.lock()
        edits += 1
        stateLock.unlock()
        vault.unlock()
    }

    func open() {
        stateLock.lock()
        vault.lock()
        edits += 1
        vault.unlock()
        stateLock.unlock()
    }

    /// The project's own mutex against a lock: an inversion.
    func flush() {
        cacheLock.lock()
        stateLock.lock() // expect: lock_order_inversion
        edits = 0
        stateLock.unlock()
        cacheLock.unlock()
    }

    func load() {
        stateLock.lock()
        cacheLock.lock() // expect: lock_order_inversion
        edits = 1
        cacheLock.unlock()
        stateLock.unlock()
    }
}
