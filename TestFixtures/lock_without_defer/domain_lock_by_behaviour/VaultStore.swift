import Foundation

/// A service the app does not declare a body for: its lock() locks a vault.
protocol VaultService: AnyObject {
    func lock()
    func unlock(_ password: String, completion: @escaping (Bool) -> Void)
}

/// A view model whose lock() locks the vault (calls the service, sets state): not a mutex.
final class VaultStore: ObservableObject {
    @Published var isVaultLocked = false
    private let service: VaultService
    init(service: VaultService) { self.service = service }

    func lock() {
        service.lock()
        isVaultLocked = true
    }

    func unlock(password: String, completion: @escaping (Bool) -> Void) {
        service.unlock(password) { ok in completion(ok) }
    }
}

/// A domain value with lock() and a release that takes a code: no zero-argument unlock().
struct Door {
    private(set) var isShut = false
    mutating func lock() { isShut = true }
    mutating func unlock(code: Int) { if code == 7 { isShut = false } }
}

/// A document made read-only under its queue: lock() takes the queue for a moment, and the only
/// release takes a password. No zero-argument unlock(): not a mutex.
final class Document {
    private let queue = DispatchQueue(label: "document")
    private var readOnly = false
    func lock() { queue.sync { readOnly = true } }
    func unlock(password: String) { queue.sync { readOnly = false } }
}

/// The project's own mutex: its lock() takes a lock that its unlock() gives back.
final class Mutex2 {
    private let inner = NSLock()
    func lock() { inner.lock() }
    func unlock() { inner.unlock() }
}

/// A wrapper over a free-function lock.
final class SpinGate {
    func lock() { objc_sync_enter(self) }
    func unlock() { objc_sync_exit(self) }
}

/// A protocol in between: one adopted by the vault store, one by the mutex.
protocol Sealable: AnyObject {
    func lock()
}
extension VaultStore: Sealable {}

protocol Exclusive: AnyObject {
    func lock()
    func unlock()
}
extension Mutex2: Exclusive {}
