import Foundation

// A local of the same name as a stored property hides it only in the block that declares it:
// after that block, the name is the property again, and a read there is a read of shared state.
final class Session: @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?
    private var retries = 0
    private var label = ""

    // Declared inside an `if` in the locked closure: the return below reads the property.
    func currentToken() -> String {
        lock.withLock {
            if token == nil {
                var token = UUID().uuidString
                token += "-fresh"
                self.token = token
            }
        }
        return token ?? "" // expect: unchecked_sendable_unguarded
    }

    // A closure parameter named like the property hides it inside the closure only.
    func countRetries(_ attempts: [Int]) -> Int {
        lock.withLock {
            attempts.forEach { retries in
                _ = retries + 1
            }
            retries += attempts.count
        }
        return retries // expect: unchecked_sendable_unguarded
    }

    // Quiet: a local declared at the top of the function hides the property for the rest of it.
    func tokenSnapshot() -> String {
        let token = lock.withLock { self.token }
        return token ?? ""
    }

    // Quiet: the closure parameter is what is read inside the closure.
    func relabel(_ names: [String]) {
        names.forEach { label in
            print(label)
        }
        lock.withLock { label = names.joined() }
    }

    func reset() {
        lock.withLock {
            token = nil
            retries = 0
            label = ""
        }
    }
}
