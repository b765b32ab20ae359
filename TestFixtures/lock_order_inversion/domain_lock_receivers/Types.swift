import Foundation

/// lock() makes the document read-only under its queue; the only release takes a password.
final class Document {
    private let queue = DispatchQueue(label: "document")
    private var readOnly = false
    func lock() { queue.sync { readOnly = true } }
    func unlock(password: String) { queue.sync { readOnly = false } }
}

/// lock() locks a vault through a service and sets state: no lock is taken.
protocol Vault: AnyObject {
    func lock()
    func unlock()
}

final class Keychain: Vault {
    private(set) var sealed = false
    func lock() { sealed = true }
    func unlock() { sealed = false }
}

/// The project's own mutex.
final class Mutex2 {
    private let inner = NSLock()
    func lock() { inner.lock() }
    func unlock() { inner.unlock() }
}
