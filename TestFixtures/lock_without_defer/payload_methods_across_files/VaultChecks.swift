import Foundation

// Calls of the payload methods declared in another file: no lock is taken.
final class VaultChecks {
    func roundTrip() throws {
        let vault = Vault()
        vault.lock(with: "1234")
        guard vault.unlock(with: "1234") else { throw CocoaError(.coderInvalidValue) }
    }

    func encrypt(_ p: PinProtectionBox) throws -> Data {
        let sealed = try p.protection.lock(value: Data([1, 2]))
        _ = try p.protection.unlock(cypherBits: sealed)
        return sealed
    }
}

struct PinProtectionBox {
    let protection: any KeyProtection
}

protocol KeyProtection {
    func lock(value: Data) throws -> Data
    func unlock(cypherBits: Data) throws -> Data
}

// A condition lock's own labelled calls are a lock's: taken, and released only on one path.
final class Stage {
    private let condition = NSConditionLock(condition: 0)
    private var items: [Int] = []

    func produce(_ x: Int) throws {
        condition.lock(whenCondition: 0) // expect: lock_without_defer
        try validate(x)
        items.append(x)
        condition.unlock(withCondition: 1)
    }

    private func validate(_ x: Int) throws {
        if x < 0 { throw CocoaError(.coderInvalidValue) }
    }
}
