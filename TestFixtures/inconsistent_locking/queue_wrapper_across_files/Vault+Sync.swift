import Foundation

extension Vault {
    func markQueue() {
        vaultQueue.setSpecific(key: Vault.onVault, value: ObjectIdentifier(self))
    }

    func serially<T>(_ block: () throws -> T) rethrows -> T {
        if DispatchQueue.getSpecific(key: Vault.onVault) === ObjectIdentifier(self) {
            return try block()
        }
        return try vaultQueue.sync(flags: .barrier, execute: block)
    }
}
