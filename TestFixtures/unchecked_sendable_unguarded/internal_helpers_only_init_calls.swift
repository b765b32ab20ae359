import Foundation

// An internal (not private) method whose every call in the run is made straight in an
// initializer of its class, before the initializer hands `self` on, sets the instance up.
// Called from anywhere else as well, its writes race with the locked accesses.
final class Client: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []
    private(set) var recovery: String?
    private(set) var retry: String?

    init(env: String) {
        setUpRecovery(env)
        setUpRetry(env)
    }

    func setUpRecovery(_ env: String) {
        recovery = env
    }

    func setUpRetry(_ env: String) {
        retry = env // expect: unchecked_sendable_unguarded
    }

    func reset() {
        setUpRetry("default")
    }

    func enqueue(_ s: String) {
        lock.lock()
        pending.append(s)
        lock.unlock()
        print(recovery ?? "", retry ?? "")
    }
}
