import Foundation

// Shape 3: the wrapper is declared in an extension in another file (Vault+Sync.swift), next to
// the method that marks the queue with the key it checks, and required by a protocol; the calls
// through it are in a third file (Vault+Records.swift).

protocol SerialAccess {
    func serially<T>(_ block: () throws -> T) rethrows -> T
}

final class Vault: SerialAccess {
    static let onVault = DispatchSpecificKey<ObjectIdentifier>()
    let vaultQueue = DispatchQueue(label: "vault")
    var records: [String: Int] = [:]

    init() {
        markQueue()
    }

    func store(_ key: String, _ value: Int) {
        vaultQueue.async { self.records[key] = value }
    }

    func dump() -> [String: Int] {
        records // expect: inconsistent_locking
    }
}
