import Foundation

// A third file also calls the helper, under a lock it reaches through a protocol.
struct Cleanup {
    let lock: any RegistryLocking

    func run() {
        lock.lock()
        defer { lock.unlock() }
        forgetEverything()
    }
}
