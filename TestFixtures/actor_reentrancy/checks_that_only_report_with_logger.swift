import Foundation

// The warning goes through a logger property and a print; the guarded twin uses guard.
struct Log: Sendable { func notice(_ s: String) {} }

actor Registry {
    let log = Log()
    var entries: [String: Int] = [:]
    var version = 0

    func register(_ key: String) async {
        if entries[key] != nil {
            log.notice("replacing \(key)")
            print("replacing", key)
        }
        let value = await compute(key)
        entries[key] = value
    }

    func registerOnce(_ key: String) async {
        guard entries[key] == nil else { return }
        let value = await compute(key)
        entries[key] = value // expect: actor_reentrancy
    }

    // Both branches fall through: the `if` decides nothing about the await and the write after it.
    func registerElse(_ key: String) async {
        if entries[key] != nil {
            log.notice("replacing \(key)")
        } else {
            version += 1
        }
        let value = await compute(key)
        entries[key] = value
    }

    func compute(_ key: String) async -> Int { await Task.yield(); return 0 }
}
