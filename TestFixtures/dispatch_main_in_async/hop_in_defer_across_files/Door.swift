import Foundation

final class Door {
    let vault = Vault()

    func close() {
        Task { await vault.lock() }
    }

    func enter() async throws {
        try await vault.unlock()
        print(vault.locked)
    }
}
