import Foundation

/// Quiet: every access here runs on `vaultQueue`, through `serially`.
extension Vault {
    func value(for key: String) -> Int? {
        serially { records[key] }
    }

    func remove(_ key: String) {
        serially { drop(key) }
    }

    private func drop(_ key: String) {
        records[key] = nil
    }
}
