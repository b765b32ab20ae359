import Foundation

protocol RegistryLocking {
    func lock()
    func unlock()
}

final class Resolver {
    let gate: NSLock = NSLock()

    func register(_ name: String) {
        gate.lock()
        defer { gate.unlock() }
        registrationDepth += 1
        registeredNames.insert(name)
        registrationDepth -= 1
    }

    func reset() {
        gate.withLock { forgetEverything() }
    }

    func resetLater() {
        gate.lock()
        forgetEverything()
        gate.unlock()
    }

    func find(_ name: String) -> Bool {
        countLookup()
        return gate.withLock { registeredNames.contains(name) }
    }
}
