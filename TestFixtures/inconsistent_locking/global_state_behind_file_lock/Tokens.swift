import Foundation

// A file-level lock taken with lock()/unlock() and withLock, around a global var.
private let tokenLock = NSLock()
private var currentToken: String?

func setToken(_ token: String) {
    tokenLock.lock()
    defer { tokenLock.unlock() }
    currentToken = token
}

func token() -> String? {
    tokenLock.withLock { currentToken }
}

final class Client {
    func authorize(_ headers: inout [String: String]) {
        if let t = currentToken { // expect: inconsistent_locking
            headers["Authorization"] = t
        }
    }

    // Quiet: a lock of the instance is not the global's guard the tool can name; it says nothing.
    private let stateLock = NSLock()
    func peek() -> String? {
        stateLock.withLock { currentToken }
    }
}
