import Foundation

// Quiet: every access runs under `lock` through the free functions of the other file.
final class AuthSession: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private let tokenLock = NSRecursiveLock()
    private var context: [String: String] = [:]
    private var token = ""

    func reset() {
        execute(in: lock) {
            context.removeAll()
        }
    }

    func value(for key: String) -> String? {
        execute(in: lock) { context[key] }
    }

    func renew(_ new: String) {
        guarded(by: tokenLock) { token = new }
    }

    func current() -> String {
        guarded(by: tokenLock) { token }
    }
}

// Fires: one write outside the function.
final class LeakySession: @unchecked Sendable {
    private let lock = NSLock()
    private var context: [String: String] = [:]

    func value(for key: String) -> String? {
        execute(in: lock) { context[key] }
    }

    func store(_ value: String, for key: String) {
        context[key] = value // expect: unchecked_sendable_unguarded
    }
}
