import Foundation

// Methods named `lock`/`unlock` that take a payload and give a result (encrypt a key, decrypt
// it) are no mutex: nothing is held between them.
protocol Protection {
    func lock(value: Data) throws -> Data
    func unlock(cypherBits: Data) throws -> Data
}

final class PinProtection: Protection {
    private let pin: String
    init(pin: String) { self.pin = pin }

    func lock(value: Data) throws -> Data {
        Data(value.reversed()) + Data(pin.utf8)
    }

    func unlock(cypherBits: Data) throws -> Data {
        Data(cypherBits.dropLast(pin.utf8.count).reversed())
    }

    // Quiet: re-encrypts a legacy key; nothing to release.
    func migrate(_ legacy: Data) throws -> Data {
        let key = try unlock(cypherBits: legacy)
        return try self.lock(value: key)
    }
}

// A lock of the file's own that takes an argument: `lock(owner:)` takes its mutex and returns
// with it held.
final class OwnedLock {
    private let mutex = NSLock()
    private var owner = ""

    func lock(owner: String) {
        mutex.lock()
        self.owner = owner
    }

    func unlock() {
        owner = ""
        mutex.unlock()
    }
}

final class Journal {
    private let gate = OwnedLock()
    private var lines: [String] = []

    // Fires: released only on the path that does not throw.
    func append(_ line: String) throws {
        gate.lock(owner: "journal") // expect: lock_without_defer
        try check(line)
        lines.append(line)
        gate.unlock()
    }

    private func check(_ line: String) throws {
        if line.isEmpty { throw CocoaError(.fileWriteUnknown) }
    }
}
