import Foundation

/// A screen coordinator whose `lock(with:)` stores a passcode and marks the app locked: a
/// domain action, not a lock. Nothing in the file releases it, and nothing should.
final class PasscodeCoordinator {
    private var storedPasscode: String?
    private(set) var isAppLocked = false

    func confirm(_ code: String, completion: @escaping () -> Void) {
        DispatchQueue.main.async {
            self.lock(with: code)
            completion()
        }
    }

    func confirmDirectly(_ code: String) {
        guard !code.isEmpty else { return }
        lock(with: code)
    }

    private func lock(with passcode: String) {
        storedPasscode = passcode
        isAppLocked = true
    }
}

/// A door model: `lock()` turns a flag on. The file has no `unlock()`, so `lock()` is its own action.
final class Door {
    private(set) var isLocked = false

    func close(andLock: Bool) {
        if andLock {
            lock()
        }
    }

    func lock() {
        isLocked = true
    }
}

/// A call with an argument no lock API takes, on another object: a domain method too.
func seal(_ vault: Vault, key: String) {
    vault.lock(label: key)
    if key.isEmpty { return }
    print(key)
}

/// A lock wrapper declared in this file, with both halves: `lock()` on it is an acquire.
final class SpinGate {
    private var raw = pthread_mutex_t()
    private var count = 0

    func lock() { pthread_mutex_lock(&raw) }
    func unlock() { pthread_mutex_unlock(&raw) }

    func bump(_ by: Int) {
        lock() // expect: lock_without_defer
        if by == 0 { return }
        count += by
        unlock()
    }
}

/// A lock with a timeout label is still a lock.
func drain(_ gate: TimedGate, _ items: inout [Int]) {
    gate.lock(timeout: 5) // expect: lock_without_defer
    guard !items.isEmpty else { return }
    items.removeAll()
    gate.unlock()
}

/// A condition lock of another file: `lock(whenValue:)` takes an argument no other lock API
/// does, but the file releases the same receiver, so it is a lock.
final class Mailbox {
    private let condition = ValueConditionLock(value: false)
    private var items: [Int] = []

    func take() -> Int? {
        guard condition.lock(whenValue: true, timeoutSeconds: 1) else { return nil }
        let first = items.removeFirst()
        condition.unlock(withValue: !items.isEmpty)
        return first
    }

    func takeOrNil() -> Int? {
        condition.lock(whenValue: true) // expect: lock_without_defer
        if items.isEmpty { return nil }
        let first = items.removeFirst()
        condition.unlock(withValue: !items.isEmpty)
        return first
    }
}
