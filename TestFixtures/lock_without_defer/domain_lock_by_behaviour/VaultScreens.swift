import SwiftUI

struct VaultMenu: View {
    @ObservedObject var store: VaultStore
    var body: some View {
        Button(action: {
            store.lock()
        }) {
            Text("Lock")
        }
    }
}

struct VaultPreview {
    static var sample: VaultStore {
        let s = VaultStore.preview
        s.lock()
        return s
    }
}

final class Lobby {
    private var door = Door()
    private let seal: any Sealable
    private let counterLock = Mutex2()
    private let gate = SpinGate()
    private let exclusive: any Exclusive
    private var count = 0
    private var doorLock = Door()
    private var vaultLock: VaultStore!
    private let document = Document()
    init(seal: any Sealable, exclusive: any Exclusive) {
        self.seal = seal
        self.exclusive = exclusive
    }

    /// Shutting the door and leaving early is the point: no lock is held.
    func close(_ code: Int, _ early: Bool) {
        door.lock()
        if early { return }
        door.unlock(code: code)
    }

    func sealUp(_ done: Bool) {
        seal.lock()
        if done { return }
        count += 1
    }

    func bump(_ skip: Bool) {
        counterLock.lock() // expect: lock_without_defer
        if skip { return }
        count += 1
        counterLock.unlock()
    }

    func spin(_ skip: Bool) {
        gate.lock() // expect: lock_without_defer
        if skip { return }
        count += 1
        gate.unlock()
    }

    func viaProtocol(_ skip: Bool) {
        exclusive.lock() // expect: lock_without_defer
        if skip { return }
        count += 1
        exclusive.unlock()
    }

    /// Another spelling: the store bound to a local, never released here.
    func closeVault(_ store: VaultStore) {
        let vault = store
        vault.lock()
    }

    /// Named like a lock, but its type's lock() has no zero-argument unlock(): not a mutex.
    func shut(_ early: Bool) {
        doorLock.lock()
        if early { return }
        count += 1
    }

    /// Named like a lock, but its type's lock() calls a service.
    func archive() {
        vaultLock.lock()
    }

    /// Read-only until the password comes back: leaving early keeps it read-only on purpose.
    func protect(_ password: String, _ keep: Bool) {
        document.lock()
        if keep { return }
        document.unlock(password: password)
    }
}
